<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\Core\Cache\CacheableDependencyInterface;
use Drupal\Core\Cache\CacheBackendInterface;
use Drupal\Core\Language\LanguageManagerInterface;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Definition\DefinitionSnapshot;
use Drupal\tool_schema\DerivedEnum\Dependency;

/**
 * @internal The cross-request half of InputSchemaCache: the tools' schemas in
 *   a Drupal cache bin (cache.tool_schema).
 *
 * One entry per tool plugin and interface language, cid
 * "tool_schema:<version>:<langcode>:<plugin id>" (labels and descriptions are
 * translated; a new release may change the rules), holding the results
 * (schema and warnings) per options set, and the definition arrays in an
 * entry of their own (read only when another options set is normalized),
 * tagged with
 * - `tool_schema` (InputSchemaCache::clearCachedDefinitions()), `locale`
 *   (translations),
 * - the tool plugin manager's cache tags (plugin discovery; without any, the
 *   bin is not used: nothing would tell when the plugins change),
 * - the tags of the site state behind derived enums (Dependency::$tags). A
 *   tool whose derived enums have no tag (a plugin manager without cache
 *   tags, CountryCode) is not written: it is never served stale.
 * A plugin definition changes only when plugins are discovered again, except
 * where the Tool module refines it in place: the inputs a tool refines
 * (ToolDefinition::getInputDefinitionRefiners()) are fingerprinted
 * (DefinitionSnapshot::fingerprint()), and the entry keeps one variant per
 * version of them. Bounded: MAX_ENTRY_BYTES (serialized), at most
 * MAX_VARIANTS variants and MAX_OPTION_SETS options sets each, the oldest
 * dropped first.
 *
 * Used by default only when the PHP twin normalizes (see InputSchemaCache):
 * with the extension, reading the entries back costs more than building the
 * schemas again (docs/benchmarks.md).
 */
final class ToolSchemaBin {

  /** Cache tag of every entry; InputSchemaCache::clearCachedDefinitions() invalidates it. */
  public const TAG = 'tool_schema';

  /** Largest serialized entry per tool kept in the bin. */
  public const MAX_ENTRY_BYTES = 131072;

  /** Versions of a tool's refined inputs kept per entry. */
  public const MAX_VARIANTS = 8;

  /** Options sets (nullable style, profile, ...) kept per variant. */
  public const MAX_OPTION_SETS = 4;

  /** CachedTool::$variant of a tool whose refined inputs cannot be told apart across requests. */
  private const NO_VARIANT = '-';

  /** @var array<string, array<mixed>|null>|null tool plugin id => its bin entry, read at once at the first miss of the request */
  private ?array $prefetched = NULL;

  /** @var array<string, array<mixed>> tool plugin id => its bin entry as last read or written */
  private array $entries = [];

  /** Is the bin read and written? setEnabled(). */
  private bool $useCaches;

  /** usable(), once known (null: not asked yet in this request, or since setEnabled()). */
  private ?bool $binOn = NULL;

  /** @var array<string, Dependency|null> Dependency::$key => the source watched again, shared by the tools read from the bin */
  private array $dependencies = [];

  /** @var array<string, int> tool plugin id => bytes of the definition arrays entry written in this request */
  private array $arrayBytes = [];

  /** @var list<string>|null the tool manager's cache tags (read once) */
  private ?array $discoveryTags = NULL;

  /** The interface language of the request, as first seen (cid()). */
  private ?string $langcode = NULL;

  /** @var array<string, int> what happened, for tests and the benchmark */
  private array $stats = [
    'bin_hits' => 0,
    'bin_misses' => 0,
    'bin_writes' => 0,
  ];

  /**
   * @param \Closure(): list<int|string> $toolIds the tool plugin ids, for
   *   the one read of every entry (prefetch())
   */
  public function __construct(
    private readonly ?CacheBackendInterface $cache,
    private readonly ?PluginManagerInterface $toolManager,
    private readonly ?LanguageManagerInterface $languageManager,
    private readonly DefinitionArrayBuilder $builder,
    private readonly \Closure $toolIds,
    bool $enabled,
  ) {
    $this->useCaches = $enabled;
  }

  /** Turns the bin on or off for the rest of the request (what was read from it is forgotten). */
  public function setEnabled(bool $enabled): void {
    $this->useCaches = $enabled;
    $this->binOn = NULL;
    $this->prefetched = NULL;
    $this->entries = [];
  }

  /** Is there a bin, and is it on? (What a build is written to at the end of the request.) */
  public function enabled(): bool {
    return $this->cache !== NULL && $this->useCaches;
  }

  /** Is the bin read and written: on, and the tool manager has cache tags? */
  public function usable(): bool {
    return $this->binOn ??= $this->binUsable();
  }

  /** Has this request read every tool's entry yet (prefetch())? */
  public function prefetched(): bool {
    return $this->prefetched !== NULL;
  }

  /** Forgets what this request read (the tool manager's definitions changed). */
  public function reset(): void {
    $this->prefetched = NULL;
    $this->entries = [];
    $this->dependencies = [];
  }

  /** @return array<string, int> counters: bin_hits, bin_misses, bin_writes */
  public function stats(): array {
    return $this->stats;
  }

  /**
   * Fills a tool from its bin entry, when the entry has this variant (the
   * fingerprints of its refined inputs) for the same inputs and every
   * derived enum's source can be watched again. The definition arrays stay
   * in their own bin entry until another options set needs them.
   */
  public function fill(CachedTool $tool): bool {
    $entry = $this->read((string) $tool->id);
    if ($entry === NULL) {
      return FALSE;
    }
    $variant = self::variant($tool);
    $stored = $variant === NULL ? NULL : ($entry['variants'][$variant] ?? NULL);
    if (!\is_array($stored) || ($stored['names'] ?? NULL) !== array_keys($tool->objects) || !\is_array($stored['results'] ?? NULL)) {
      $this->stats['bin_misses']++;
      return FALSE;
    }
    $nested = [];
    $dependencies = [];
    try {
      foreach ($stored['dependencies'] ?? [] as $name => $keys) {
        if (!isset($tool->objects[$name]) || !\is_array($keys)) {
          continue;
        }
        foreach ($keys as $dependencyKey) {
          $dependency = $this->dependencies[$dependencyKey] ?? NULL;
          if ($dependency === NULL || !$dependency->holds()) {
            $dependency = $this->dependencies[$dependencyKey] = $this->builder->dependency((string) $dependencyKey);
          }
          if ($dependency === NULL) {
            $this->stats['bin_misses']++;
            return FALSE;
          }
          $dependencies[$name][] = $dependency;
        }
      }
      foreach ($tool->objects as $name => $object) {
        $list = DefinitionSnapshot::nested($object);
        if ($list !== []) {
          $nested[$name] = $list;
        }
      }
    }
    catch (\Throwable) {
      // Drupal threw while the definition was read: the build says how.
      $this->stats['bin_misses']++;
      return FALSE;
    }
    $this->stats['bin_hits']++;
    foreach ($tool->objects as $name => $object) {
      $tool->states[$name] = (array) $object;
    }
    $tool->nested = $nested;
    $tool->dependencies = $dependencies;
    $tool->built = TRUE;
    $tool->buildErrors = \is_array($stored['errors'] ?? NULL) ? $stored['errors'] : [];
    $tool->loaded = FALSE;
    $tool->stored = $stored['results'];
    return TRUE;
  }

  /**
   * A tool's bin entry: from the one read of all tools' entries at the
   * first miss of the request (a site lists its tools together), later
   * from the bin itself.
   *
   * @return array<mixed>|null
   */
  private function read(string $id): ?array {
    if (!$this->usable()) {
      return NULL;
    }
    if ($this->prefetched === NULL) {
      $this->prefetch(($this->toolIds)());
    }
    if (\array_key_exists($id, $this->prefetched)) {
      $entry = $this->prefetched[$id];
      unset($this->prefetched[$id]);
    }
    else {
      $item = $this->cache->get($this->cid($id));
      $entry = \is_object($item) && \is_array($item->data ?? NULL) ? $item->data : NULL;
    }
    if ($entry !== NULL) {
      $this->entries[$id] = $entry;
    }
    else {
      unset($this->entries[$id]);
      $this->stats['bin_misses']++;
    }
    return $entry;
  }

  /**
   * Had the bin no entry for the tool at the first miss of the request
   * (an empty bin: every tool)? Then that answer is taken (read() in
   * short) and the tool is built.
   */
  public function knownMissing(string $id): bool {
    if (!\array_key_exists($id, $this->prefetched) || $this->prefetched[$id] !== NULL) {
      return FALSE;
    }
    unset($this->prefetched[$id], $this->entries[$id]);
    $this->stats['bin_misses']++;
    return TRUE;
  }

  /**
   * Reads every tool's entry at once (a site lists its tools together).
   *
   * @param list<int|string> $toolIds
   */
  public function prefetch(array $toolIds): void {
    $this->prefetched = [];
    $cids = [];
    $prefix = $this->cid('');
    foreach ($toolIds as $toolId) {
      $cids[$prefix . $toolId] = (string) $toolId;
      $this->prefetched[(string) $toolId] = NULL;
    }
    $missing = array_keys($cids);
    foreach ($this->cache->getMultiple($missing) as $cid => $item) {
      if (isset($cids[$cid]) && \is_object($item) && \is_array($item->data ?? NULL)) {
        $this->prefetched[$cids[$cid]] = $item->data;
      }
    }
  }

  /**
   * The definition arrays of a tool read from the bin, from their own entry
   * (written with the tool's variant), or null when the bin has them no
   * more.
   *
   * @return array<string, mixed>|null
   */
  public function storedArrays(CachedTool $tool): ?array {
    $variant = self::variant($tool);
    $item = $variant === NULL ? FALSE : $this->cache?->get($this->cid((string) $tool->id) . ":$variant:arrays");
    return \is_object($item) && \is_array($item->data ?? NULL) ? $item->data : NULL;
  }

  /** The bin is used only when the tool manager has cache tags (plugin discovery must invalidate it). */
  private function binUsable(): bool {
    return $this->cache !== NULL && $this->useCaches && $this->discoveryTags() !== [];
  }

  /** @return list<string> */
  private function discoveryTags(): array {
    if ($this->discoveryTags === NULL) {
      $this->discoveryTags = $this->toolManager instanceof CacheableDependencyInterface ? array_values($this->toolManager->getCacheTags()) : [];
    }
    return $this->discoveryTags;
  }

  /**
   * Writes a tool's variant into its bin entry (and its definition arrays
   * into an entry of their own, read only when another options set is
   * normalized), unless a derived enum's source has no cache tag. Bounded:
   * the newest variants and options sets first, within MAX_ENTRY_BYTES
   * each.
   */
  public function write(string $id, CachedTool $tool): void {
    $variant = self::variant($tool);
    if ($this->cache === NULL || !$this->useCaches || !$this->binUsable() || $variant === NULL) {
      return;
    }
    if ($this->langcode !== NULL && $this->currentLangcode() !== $this->langcode) {
      // The interface language changed during the request: labels
      // translated in either may be in the schemas.
      return;
    }
    $tags = [self::TAG, 'locale', ...$this->discoveryTags()];
    $dependencies = [];
    foreach ($tool->dependencies as $name => $list) {
      foreach ($list as $dependency) {
        if (!$dependency->persistable()) {
          return;
        }
        $dependencies[$name][] = $dependency->key;
        array_push($tags, ...$dependency->tags);
      }
    }
    $tags = array_values(array_unique($tags));
    $results = $tool->stored;
    foreach ($tool->results as $key => $result) {
      unset($results[$key]);
      $results[$key] = $result;
    }
    // The other variants and options sets as the bin holds them now, not
    // as this request read them: an invalidation since (a bundle added)
    // must not bring a stale one back under fresh tags.
    $cid = $this->cid($id);
    $current = $this->cache->get($cid);
    $entry = \is_object($current) && \is_array($current->data ?? NULL) && \is_array($current->data['variants'] ?? NULL) ? $current->data : ['variants' => []];
    unset($entry['variants'][$variant]);
    $entry['variants'][$variant] = [
      'names' => array_keys($tool->objects),
      'dependencies' => $dependencies,
      'errors' => $tool->buildErrors,
      'tags' => $tags,
      'results' => \array_slice($results, -self::MAX_OPTION_SETS, NULL, TRUE),
    ];
    $entry['variants'] = \array_slice($entry['variants'], -self::MAX_VARIANTS, NULL, TRUE);
    $bytes = \strlen(serialize($entry));
    while ($bytes > self::MAX_ENTRY_BYTES && \count($entry['variants']) > 1) {
      array_shift($entry['variants']);
      $bytes = \strlen(serialize($entry));
    }
    while ($bytes > self::MAX_ENTRY_BYTES && \count($entry['variants'][$variant]['results']) > 1) {
      array_shift($entry['variants'][$variant]['results']);
      $bytes = \strlen(serialize($entry));
    }
    $arraysBytes = $tool->loaded ? \strlen(serialize($tool->arrays)) : 0;
    if ($bytes > self::MAX_ENTRY_BYTES || $arraysBytes > self::MAX_ENTRY_BYTES) {
      return;
    }
    $allTags = [];
    foreach ($entry['variants'] as $stored) {
      array_push($allTags, ...$stored['tags']);
    }
    $items = [$cid => ['data' => $entry, 'expire' => -1, 'tags' => array_values(array_unique($allTags))]];
    if ($tool->loaded) {
      // Read from the bin, the arrays are already in theirs.
      $items["$cid:$variant:arrays"] = ['data' => $tool->arrays, 'expire' => -1, 'tags' => $tags];
      $this->arrayBytes[$id] = $arraysBytes;
    }
    $this->cache->setMultiple($items);
    $this->entries[$id] = $entry;
    $this->stats['bin_writes']++;
  }

  /**
   * Which version of the tool's refined inputs this is: '' for a tool
   * without input definition refiners, otherwise a hash of its refined
   * inputs' fingerprints (DefinitionSnapshot::fingerprint()); null when
   * they cannot be fingerprinted. The Tool module refines the plugin
   * definition's objects in place, so a bin entry written after a
   * refinement must not be read for the unrefined definition, nor the other
   * way round: each version is a variant of the entry.
   */
  public static function variant(CachedTool $tool): ?string {
    if ($tool->variant !== NULL) {
      return $tool->variant === self::NO_VARIANT ? NULL : $tool->variant;
    }
    $refined = $tool->definition === NULL ? [] : array_intersect_key($tool->objects, $tool->definition->getInputDefinitionRefiners());
    if ($refined === []) {
      return $tool->variant = '';
    }
    $fingerprints = [];
    try {
      foreach ($refined as $name => $object) {
        $fingerprints[$name] = DefinitionSnapshot::fingerprint($object);
      }
      $tool->variant = 'v:' . hash('xxh128', serialize($fingerprints));
    }
    catch (\Throwable) {
      // Something that cannot be compared across requests (a closure
      // in a constraint): this tool stays out of the bin.
      $tool->variant = self::NO_VARIANT;
      return NULL;
    }
    return $tool->variant;
  }

  /**
   * The cache id of a tool's entry: the library version (a new release
   * may change the rules), the interface language of the request (labels
   * are translated; the language this object first saw), the plugin id.
   */
  public function cid(string $pluginId): string {
    $this->langcode ??= $this->currentLangcode();
    return 'tool_schema:' . \ToolSchema\VERSION . ':' . $this->langcode . ':' . $pluginId;
  }


  public function currentLangcode(): string {
    return $this->languageManager === NULL ? '' : (string) $this->languageManager->getCurrentLanguage()->getId();
  }

  /**
   * The size of each tool's bin entries known in this request (read or
   * written): the entry, and the definition arrays when they were written
   * in this request, in bytes of serialize().
   *
   * @return array<string, int> tool plugin id => bytes
   */
  public function entryBytes(): array {
    $bytes = [];
    foreach ($this->entries as $id => $entry) {
      $bytes[$id] = \strlen(serialize($entry)) + ($this->arrayBytes[$id] ?? 0);
    }
    return $bytes;
  }

}
