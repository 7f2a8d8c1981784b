<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

use Drupal\Component\Plugin\Context\ContextDefinitionInterface;
use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\Core\Cache\CacheBackendInterface;
use Drupal\Core\Cache\CacheTagsInvalidatorInterface;
use Drupal\Core\Language\LanguageManagerInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Definition\DefinitionException;
use Drupal\tool_schema\Definition\DefinitionSnapshot;
use Psr\Log\LoggerInterface;

/**
 * The JSON Schema of Tool API inputs, built once per tool and kept: in memory
 * for the request, and in a Drupal cache bin across requests. The same
 * schemas, byte for byte, as InputSchemaGenerator (which builds them on every
 * call) given each input's name: each input is the property of its tool's
 * input map (a label that only restates the name is left out, issue 30; an
 * input of no tool plugin is normalized without a name and keeps it).
 *
 * **One call per tool.** When the serializer asks for one input of a tool
 * plugin (ToolManager's definitions), all of that tool's inputs are built
 * (DefinitionArrayBuilder) and normalized in one normalize_schema() call, the
 * tool's inputs as one root map; each input's schema is its property there,
 * its warnings those under its path. The next inputs of the tool are lookups.
 * An input definition that belongs to no tool plugin (a definition a tool
 * instance refined into a new object, a nested one) is normalized alone and
 * kept in memory only. toolSchema() gives a whole tool's schema.
 *
 * **In memory** (this object, one request): per input definition object, its
 * schema per options set, valid while
 * - the object and the definition and constraint objects in it are unchanged
 *   (DefinitionSnapshot: the Tool module's input definition refiners change
 *   plugin definitions in place), and
 * - the site state behind its derived enums is unchanged (Dependency: the
 *   plugin manager's definitions behind PluginExists, the bundle info behind
 *   EntityBundleExists, the country list behind CountryCode; a bundle or a
 *   plugin added in this request shows on the next call).
 *
 * **In the cache bin** (across requests; ToolSchemaBin): one entry per tool
 * plugin and interface language, invalidated by cache tags, written by
 * destruct() after the response. **On by default only for the PHP twin.**
 * With the extension's normalize_schema() (no $normalize given, the
 * extension loaded), reading a request's entries back (unserializing them,
 * checking them) costs more than building the schemas again natively
 * (docs/benchmarks.md: "warm, bin" against "cold"), so the bin is left out
 * unless useCaches(true) is called. With the PHP twin, reading the bin takes
 * a third or more off a cold request's time.
 *
 * Warnings and errors are logged when a schema is built, not on every cache
 * hit: each input's under its label, a warning of the tool as a whole once
 * under the tool's plugin id (InputWarnings).
 */
final class InputSchemaCache implements InputDefinitionSchemasInterface {

  /** Cache tag of every entry; clearCachedDefinitions() invalidates it. */
  public const TAG = ToolSchemaBin::TAG;

  /** Largest serialized entry per tool kept in the bin. */
  public const MAX_ENTRY_BYTES = ToolSchemaBin::MAX_ENTRY_BYTES;

  /** @var array<string, mixed> the default normalize_schema() options (reconfigure()) */
  private array $options;

  /** The key of $options. */
  private string $key;

  /**
   * @var \WeakMap<object, CachedTool> input definition object => what is
   *   kept for its tool: the index of the tool manager's input definitions
   *   (each tool's CachedTool is made with the index, and built in place
   *   when one of its inputs is first asked for), and the definitions of no
   *   tool plugin, each a CachedTool of its own
   */
  private \WeakMap $inputs;

  /** @var array<mixed>|null the tool manager's definitions the index was made from */
  private ?array $indexed = NULL;

  /** @var array<string, CachedTool> tool plugin id => what is kept (built, or as the index made it) */
  private array $tools = [];

  /** @var array<string, CachedTool> tool plugin id => built or normalized in this request, not written yet (destruct()) */
  private array $dirty = [];

  /** @var array<string, int> what happened, for tests and the benchmark */
  private array $stats = [
    'tool_builds' => 0,
    'single_builds' => 0,
  ];

  /** The cross-request half: the cache bin. */
  private readonly ToolSchemaBin $bin;

  /** What normalizes a tool's inputs and hands the result to them. */
  private readonly ToolNormalizer $normalizer;

  /**
   * @param \Drupal\Component\Plugin\PluginManagerInterface|null $toolManager
   *   plugin.manager.tool (plugin id => ToolDefinition); null: every input
   *   is normalized alone
   * @param \Drupal\Core\Cache\CacheBackendInterface|null $cache
   *   cache.tool_schema; null: memory only. Used by default only when the
   *   PHP twin normalizes (useCaches())
   * @param \Psr\Log\LoggerInterface|null $logger warnings and errors
   *   (logger.channel.tool_schema)
   * @param \Drupal\Core\Language\LanguageManagerInterface|null $languageManager
   *   the interface language is part of the cid
   * @param \Drupal\Core\Cache\CacheTagsInvalidatorInterface|null $invalidator
   *   cache_tags.invalidator, for clearCachedDefinitions()
   * @param string|null $coreVersion as for InputSchemaGenerator
   * @param array<string, mixed> $options as for InputSchemaGenerator
   * @param string|null $profile as for InputSchemaGenerator (one service
   *   per consumer; each options set has its own results in the entries)
   * @param (\Closure(array, array, ?array&): array)|null $normalize the
   *   implementation (default: \ToolSchema\normalize_schema, native when
   *   the extension is loaded; the benchmark and tests pass the PHP twin)
   */
  public function __construct(
    private readonly DefinitionArrayBuilder $builder,
    private readonly ?PluginManagerInterface $toolManager = NULL,
    private readonly ?CacheBackendInterface $cache = NULL,
    private readonly ?LoggerInterface $logger = NULL,
    ?LanguageManagerInterface $languageManager = NULL,
    private readonly ?CacheTagsInvalidatorInterface $invalidator = NULL,
    ?string $coreVersion = NULL,
    array $options = [],
    ?string $profile = NULL,
    ?\Closure $normalize = NULL,
  ) {
    $this->options = InputSchemaGenerator::defaultOptions($coreVersion, $options, $profile);
    $this->key = self::optionsKey($this->options);
    $this->inputs = new \WeakMap();
    $this->normalizer = new ToolNormalizer($normalize, $logger);
    $this->bin = new ToolSchemaBin($cache, $toolManager, $languageManager, $builder, fn (): array => array_keys($this->definitions()), $normalize !== NULL || !\extension_loaded('tool_schema'));
  }

  /** @return array<string, mixed> the default normalize_schema() options */
  public function options(): array {
    return $this->options;
  }

  public function cached(ContextDefinitionInterface $definition): ?array {
    $tool = $this->inputs[$definition] ?? NULL;
    if ($tool === NULL) {
      return NULL;
    }
    $name = $tool->names[spl_object_id($definition)] ?? NULL;
    if ($name === NULL) {
      return NULL;
    }
    $schema = $tool->schemas[$this->key][$name] ?? NULL;
    // CachedTool::holds(), inlined: this is the serializer's hot path
    // (a tool with a schema has its inputs' states).
    if ($schema === NULL || (array) $definition !== $tool->states[$name]) {
      return NULL;
    }
    if (isset($tool->nested[$name])) {
      foreach ($tool->nested[$name] as [$object, $state]) {
        if ((array) $object !== $state) {
          return NULL;
        }
      }
    }
    if (isset($tool->dependencies[$name])) {
      foreach ($tool->dependencies[$name] as $dependency) {
        if (!$dependency->holds()) {
          return NULL;
        }
      }
    }
    return $schema;
  }

  public function schema(ContextDefinitionInterface $definition, ?\Closure $fallback = NULL): array {
    $tool = $this->inputs[$definition] ?? NULL;
    if ($tool !== NULL && !$tool->built && $tool->id !== NULL && $this->first($tool)) {
      $name = $tool->names[spl_object_id($definition)] ?? NULL;
      if ($name !== NULL && isset($tool->schemas[$this->key][$name])) {
        return $tool->schemas[$this->key][$name];
      }
    }
    return $this->inputSchema($definition, NULL, $fallback);
  }

  /**
   * The schema of $definition as an input of a tool, with other options.
   *
   * @param array<string, mixed>|null $options over the default options (null: the defaults)
   * @param (\Closure(): array)|null $fallback as for schema()
   * @return array<string, mixed>
   */
  public function inputSchema(ContextDefinitionInterface $definition, ?array $options = NULL, ?\Closure $fallback = NULL): array {
    if ($options === NULL || $options === []) {
      $options = $this->options;
      $key = $this->key;
    }
    else {
      [$options, $key] = $this->resolveOptions($options);
    }
    $tool = $this->inputs[$definition] ?? NULL;
    $name = $tool?->names[spl_object_id($definition)] ?? NULL;
    if ($name === NULL || !$tool->built || !$tool->holds($name)) {
      $tool = $this->load($definition, $options, $key, $name);
    }
    elseif (!isset($tool->results[$key])) {
      $this->ensure($tool, $options, $key);
    }
    if (isset($tool->schemas[$key][$name])) {
      return $tool->schemas[$key][$name];
    }
    if ($fallback !== NULL) {
      return $fallback($definition);
    }
    throw isset($tool->buildErrors[$name]) ? new DefinitionException($tool->buildErrors[$name]) : new \ValueError($tool->errors[$key][$name] ?? 'cannot be normalized');
  }

  /**
   * The schema of a tool plugin's inputs (the unlocked ones, as the Tool
   * module's ToolDefinition::getInputDefinitions() gives them) as one map:
   * what DefinitionArrayBuilder::buildInputs() + normalize_schema() give.
   *
   * @param array<string, mixed>|null $options over the default options
   * @param list<array{code: string, path: string, message: string}>|null $warnings set to the warnings
   * @return array<string, mixed>
   *
   * @throws \InvalidArgumentException No such tool plugin.
   * @throws DefinitionException|\ValueError An input cannot be normalized
   *   (as buildInputs() and normalize_schema() throw it).
   */
  public function schemaOfTool(string $pluginId, ?array $options = NULL, ?array &$warnings = NULL): array {
    $warnings = [];
    [$options, $key] = $this->resolveOptions($options);
    $tool = $this->tool($pluginId, $options, $key);
    if ($tool === NULL) {
      throw new \InvalidArgumentException("no tool plugin \"$pluginId\" with input definitions");
    }
    $result = $tool->results[$key];
    if ($result['tool'] === NULL || $tool->buildErrors !== []) {
      // Throw what the uncached path throws, with its path.
      $w = [];
      $map = $this->builder->buildInputs($tool->objects);
      $this->normalizer->schema($map, $options, $w);
      throw new \LogicException("tool_schema: $pluginId failed once and not again");
    }
    $warnings = $result['warnings'];
    return $result['tool'];
  }

  /**
   * Forgets everything: the memory of this request, and the bin entries
   * (their `tool_schema` tag is invalidated). For the rest (plugins
   * discovered again, bundles, entity types) the cache tags do it.
   */
  public function clearCachedDefinitions(): void {
    $this->reset();
    if ($this->invalidator !== NULL) {
      $this->invalidator->invalidateTags([self::TAG]);
    }
    elseif ($this->cache instanceof CacheTagsInvalidatorInterface) {
      $this->cache->invalidateTags([self::TAG]);
    }
  }

  /**
   * Takes other default options (the module's settings changed:
   * Settings\SettingsSubscriber), as the constructor takes them. What is
   * kept in memory goes; the bin entries keep a result per options set, the
   * subscriber invalidates them.
   *
   * @param array<string, mixed> $options
   */
  public function reconfigure(?string $coreVersion = NULL, array $options = [], ?string $profile = NULL): void {
    $this->options = InputSchemaGenerator::defaultOptions($coreVersion, $options, $profile);
    $this->key = self::optionsKey($this->options);
    $this->reset();
  }

  /**
   * Whether the cache bin is read and written (memory is always used). By
   * default it is when the PHP twin normalizes, and is not when the
   * extension does (the class comment says why).
   */
  public function useCaches(bool $useCaches = FALSE): void {
    $this->bin->setEnabled($useCaches);
    $this->dirty = [];
  }

  /**
   * Writes what this request built to the cache bin: Drupal calls it at the
   * end of the request, after the response is sent (services tagged
   * `needs_destruction`, as core's cache collectors do), so building the
   * entries costs no response time.
   */
  public function destruct(): void {
    $dirty = $this->dirty;
    $this->dirty = [];
    if ($dirty !== []) {
      // The tool manager's definitions as they are now: when they were
      // discovered again since, what was built from the old ones is
      // dropped (reset()), not written under the new tags.
      $this->definitions();
    }
    foreach ($dirty as $id => $tool) {
      if (($this->tools[$id] ?? NULL) === $tool && $tool->valid()) {
        $this->bin->write($id, $tool);
      }
    }
  }

  /**
   * The size of each tool's bin entries known in this request (read or
   * written), in bytes of serialize().
   *
   * @return array<string, int> tool plugin id => bytes
   */
  public function entryBytes(): array {
    return $this->bin->entryBytes();
  }

  /** @return array<string, int> counters: tool_builds, single_builds, normalize_calls, bin_hits, bin_misses, bin_writes */
  public function stats(): array {
    return [...$this->stats, 'normalize_calls' => $this->normalizer->calls, ...$this->bin->stats()];
  }

  /** The cache id of a tool's bin entry (ToolSchemaBin::cid()). */
  public function cid(string $pluginId): string {
    return $this->bin->cid($pluginId);
  }
  /**
   * The key of an options set: the same options in any key order give the
   * same key.
   *
   * @param array<string, mixed> $options
   */
  public static function optionsKey(array $options): string {
    ksort($options);
    return 'o:' . hash('xxh128', serialize($options));
  }

  private function reset(): void {
    $this->inputs = new \WeakMap();
    $this->indexed = NULL;
    $this->tools = [];
    $this->dirty = [];
    $this->bin->reset();
  }

  /**
   * @param array<string, mixed>|null $options
   * @return array{array<string, mixed>, string}
   */
  private function resolveOptions(?array $options): array {
    if ($options === NULL || $options === []) {
      return [$this->options, $this->key];
    }
    $options += $this->options;
    return [$options, self::optionsKey($options)];
  }

  /**
   * What is kept for an input definition, valid and normalized with
   * $options: through its tool when it is an input of a tool plugin, else
   * alone (a tool of one input).
   *
   * @param array<string, mixed> $options
   * @param string|null $name set to the input's name in the tool
   */
  private function load(ContextDefinitionInterface $definition, array $options, string $key, ?string &$name = NULL): CachedTool {
    // The index as the tool manager's definitions are now (made again
    // when they changed).
    $definitions = $this->toolManager?->getDefinitions();
    if ($definitions !== $this->indexed) {
      $definitions = $this->index($definitions);
    }
    $id = ($this->inputs[$definition] ?? NULL)?->id;
    if ($id !== NULL) {
      try {
        $tool = $this->tool($id, $options, $key, $definitions);
      }
      catch (\Throwable) {
        // Its tool cannot be read as a whole (an input definition that
        // throws): this input alone, below.
        $tool = NULL;
      }
      $name = $tool?->names[spl_object_id($definition)] ?? NULL;
      if ($name !== NULL && $tool->objects[$name] === $definition) {
        return $tool;
      }
    }
    // A definition of no tool plugin (or a locked input): normalized as
    // InputSchemaGenerator does without a name, as the input "_" of a map
    // (InputSchemaGenerator::INPUT: its label stays).
    $this->stats['single_builds']++;
    $tool = new CachedTool(NULL, NULL, [], [InputSchemaGenerator::INPUT => $definition]);
    $this->build($tool);
    $this->inputs[$definition] = $tool;
    $this->ensure($tool, $options, $key);
    $name = InputSchemaGenerator::INPUT;
    return $tool;
  }

  /**
   * Builds the definition arrays of a tool's inputs (all of them, or those
   * named), in one call of the builder, and takes what tells whether each
   * still holds: the state of its definition object (and of the objects
   * read in it), the site state behind its derived enums. An input that
   * cannot be built is logged and kept as such.
   *
   * @param list<string>|null $names
   */
  private function build(CachedTool $tool, ?array $names = NULL): void {
    $objects = $names === NULL ? $tool->objects : array_intersect_key($tool->objects, array_flip($names));
    $arrays = $this->builder->buildEach($objects, $errors, $nested, $dependencies);
    if ($names === NULL) {
      $tool->arrays = $arrays;
      $tool->nested = $nested;
      $tool->dependencies = $dependencies;
      $tool->buildErrors = $errors;
    }
    else {
      foreach ($objects as $name => $object) {
        unset($tool->nested[$name], $tool->dependencies[$name], $tool->buildErrors[$name]);
        if (isset($arrays[$name])) {
          $tool->arrays[$name] = $arrays[$name];
        }
      }
      $tool->nested = $nested + $tool->nested;
      $tool->dependencies = $dependencies + $tool->dependencies;
      $tool->buildErrors = $errors + $tool->buildErrors;
    }
    // After the build: what the builder read, as it left it.
    foreach ($objects as $name => $object) {
      $tool->states[$name] = (array) $object;
    }
    foreach ($nested as $name => $list) {
      $tool->nested[$name] = DefinitionSnapshot::of($list);
    }
    foreach ($errors as $name => $error) {
      InputWarnings::logError($this->logger, $objects[$name], $error, $tool->id);
    }
    $tool->built = TRUE;
  }

  /**
   * The tool manager's definitions; the index of their input definition
   * objects (object => the CachedTool of its tool plugin, nothing kept
   * yet) is made again when they change. When they change during the
   * request (plugins discovered again, or read again from the discovery
   * cache), what is kept in memory is dropped; the bin entries are the
   * tool manager's cache tags' business.
   *
   * @return array<mixed>
   */
  private function definitions(): array {
    $definitions = $this->toolManager?->getDefinitions();
    return $definitions !== NULL && $definitions === $this->indexed ? $definitions : $this->index($definitions);
  }

  /**
   * definitions(), when they are not the ones indexed.
   *
   * @return array<mixed>
   */
  private function index(mixed $definitions): array {
    if (!\is_array($definitions)) {
      return [];
    }
    if ($definitions !== $this->indexed) {
      if ($this->indexed !== NULL) {
        $this->reset();
      }
      $inputs = $this->inputs;
      foreach ($definitions as $id => $definition) {
        if (!$definition instanceof ToolDefinition) {
          continue;
        }
        try {
          $all = $definition->getInputDefinitions(TRUE);
          if ($all === []) {
            continue;
          }
          $tool = new CachedTool((string) $id, $definition, $all);
        }
        catch (\Throwable) {
          // A tool whose inputs cannot even be listed (a definition that
          // throws) is left out of the index: its inputs are normalized
          // alone, the others are unaffected.
          continue;
        }
        $this->tools[(string) $id] = $tool;
        foreach ($all as $input) {
          if (\is_object($input) && !isset($inputs[$input])) {
            $inputs[$input] = $tool;
          }
        }
      }
      $this->indexed = $definitions;
    }
    return $definitions;
  }

  /**
   * What is kept for a tool plugin, valid and normalized with $options:
   * from memory, else from the bin, else built (one normalize_schema()
   * call for all its inputs) and written to the bin at destruct().
   *
   * @param array<string, mixed> $options
   * @param array<mixed>|null $definitions the tool manager's, when just read
   */
  private function tool(string $id, array $options, string $key, ?array $definitions = NULL): ?CachedTool {
    $definition = ($definitions ?? $this->definitions())[$id] ?? NULL;
    $tool = $this->tools[$id] ?? NULL;
    if (!$definition instanceof ToolDefinition) {
      return NULL;
    }
    $all = $definition->getInputDefinitions(TRUE);
    $trustBin = TRUE;
    if ($tool !== NULL && $tool->built) {
      if ($tool->definition === $definition && $tool->all === $all && $tool->valid()) {
        if (!isset($tool->results[$key])) {
          $this->ensure($tool, $options, $key);
        }
        return $tool;
      }
      // The site state changed under it: build from the source, and
      // overwrite the bin entry, whatever the bin says.
      $trustBin = !$tool->siteStateChanged();
      $tool = NULL;
    }
    elseif ($tool !== NULL && ($tool->definition !== $definition || $tool->all !== $all)) {
      // Made by the index from another definition, or inputs were added
      // or removed since.
      $tool = NULL;
    }
    if ($tool === NULL) {
      $tool = $this->tools[$id] = new CachedTool($id, $definition, \is_array($all) ? $all : []);
      foreach ($tool->objects as $object) {
        $this->inputs[$object] = $tool;
      }
    }
    if ($trustBin && $this->bin->prefetched() && $this->bin->knownMissing($id)) {
      $trustBin = FALSE;
    }
    if (!$trustBin || !$this->bin->fill($tool)) {
      $this->stats['tool_builds']++;
      $this->build($tool);
    }
    if (!isset($tool->results[$key])) {
      $this->ensure($tool, $options, $key);
    }
    return $tool;
  }

  /**
   * The first build of a tool the index made, when its first input is
   * asked for with the default options (what tool() does then, in short):
   * the tool manager's definitions and the tool's inputs are as indexed,
   * and the bin has no entry for it. False (nothing done) otherwise: the
   * general path (tool()) takes it.
   */
  private function first(CachedTool $tool): bool {
    $id = (string) $tool->id;
    // The tool manager's definitions are not read again: a rediscovery
    // makes new definition objects, which are not in the index (their
    // inputs go through load(), which makes it again); this tool, built
    // from the definition it was indexed from, is the right one for that
    // definition's inputs, and destruct() writes nothing built from
    // definitions that are not the tool manager's any more.
    if ($tool->definition->getInputDefinitions(TRUE) !== $tool->all) {
      return FALSE;
    }
    if ($this->bin->usable()) {
      if (!$this->bin->prefetched()) {
        $this->bin->prefetch(array_keys($this->definitions()));
      }
      if (!$this->bin->knownMissing($id)) {
        return FALSE;
      }
    }
    $this->stats['tool_builds']++;
    $this->build($tool);
    $this->ensure($tool, $this->options, $this->key);
    return TRUE;
  }

  /**
   * The tool has a result for $key: from the bin entry, else normalized
   * now (and written to the bin at destruct()); called when it has none.
   *
   * @param array<string, mixed> $options
   */
  private function ensure(CachedTool $tool, array $options, string $key): void {
    if (isset($tool->results[$key])) {
      return;
    }
    $result = $tool->stored[$key] ?? NULL;
    if (\is_array($result) && \array_key_exists('tool', $result)) {
      unset($tool->stored[$key]);
      $this->normalizer->apply($tool, $key, $result, FALSE);
      return;
    }
    if ($tool->id !== NULL && $this->bin->enabled()) {
      $this->dirty[$tool->id] = $tool;
    }
    if (!$tool->loaded) {
      $this->loadArrays($tool);
    }
    $this->normalizer->normalize($tool, $options, $key);
  }


  /**
   * The definition arrays of a tool read from the bin: from their own bin
   * entry, or built again.
   */
  private function loadArrays(CachedTool $tool): void {
    $tool->loaded = TRUE;
    $arrays = $this->bin->storedArrays($tool);
    $tool->arrays = [];
    $missing = [];
    foreach ($tool->objects as $name => $object) {
      if (isset($tool->buildErrors[$name])) {
        continue;
      }
      if (\is_array($arrays[$name] ?? NULL)) {
        $tool->arrays[$name] = $arrays[$name];
      }
      else {
        $missing[] = $name;
      }
    }
    if ($missing !== []) {
      // Not in the bin (any more): built again, in their places.
      $this->build($tool, $missing);
      $tool->arrays = array_intersect_key(array_replace($tool->objects, $tool->arrays), $tool->arrays);
    }
  }


}
