<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Definition;

use Drupal\Component\Plugin\Context\ContextDefinitionInterface;
use Drupal\Core\StringTranslation\TranslatableMarkup;
use Drupal\Core\TypedData\ComplexDataDefinitionInterface;
use Drupal\Core\TypedData\DataDefinitionInterface;
use Drupal\Core\TypedData\ListDataDefinitionInterface;
use Drupal\tool\TypedData\ListContextDefinition;
use Drupal\tool\TypedData\MapContextDefinition;
use Drupal\tool_schema\DerivedEnum\DerivedEnumResolver;
use Drupal\tool_schema\DerivedEnum\Dependency;

/**
 * Reads a Tool API input definition into the definition array that
 * ToolSchema\normalize_schema() and ToolSchema\coerce_input() read
 * (docs/drupal.md, CONTRACT "The definition array"). The result holds no
 * objects and no callables.
 *
 * Definitions are read through Drupal's interfaces: a context definition
 * (ContextDefinitionInterface: the Tool module's InputDefinition,
 * EntityInputDefinition, and its ListContextDefinition / MapContextDefinition
 * classes with their item and property definitions; core's
 * ContextDefinition), or a data definition (DataDefinitionInterface, with
 * ListDataDefinitionInterface items and ComplexDataDefinitionInterface
 * properties). Anything else is a DefinitionException. getExamples() is read
 * when the class has it: Tool module releases after the 2025-12-16 snapshot
 * add it, with no interface to test for.
 *
 * Labels and descriptions (TranslatableMarkup, any Stringable) become strings.
 * Constraints become option arrays (ConstraintReader), derived enums
 * resolved by the DerivedEnumResolver given to the constructor (without one
 * they are left as given, which normalize_schema reports as a
 * derived_enum_unresolved warning).
 *
 * For caches (InputSchemaCache, InputCoercer), build() also reports what the
 * array was built from: the site state behind each derived enum (Dependency:
 * how to tell it changed, its cache tags) and the definition and constraint
 * objects it read (DefinitionSnapshot).
 */
final class DefinitionArrayBuilder {

  /** Deepest nesting of list/map definitions followed (deeper is an error). */
  public const MAX_DEPTH = 64;

  /** Path of the definition being read (for errors from Drupal). */
  private string $path = '';

  /** @var list<Dependency>|null the site state the array being built reads (null: not collected) */
  private ?array $dependencies = NULL;

  /** @var list<object>|null the definition and constraint objects read (null: not collected) */
  private ?array $objects = NULL;

  /** Resolves derived enums (dependency()). */
  private readonly ?DerivedEnumResolver $enums;

  /** Reads constraints into option arrays. */
  private readonly ConstraintReader $constraints;

  /** @var array<class-string, bool> definition class => has getExamples() */
  private array $hasExamples = [];

  /**
   * @param \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver|null $enums
   *   Resolves PluginExists, EntityBundleExists and CountryCode from site
   *   state; NULL leaves them as given.
   * @param (\Closure(string $dataType, object $definition): ?array)|null $baseSchema
   *   Optional JSON Schema for data types normalize_schema does not know
   *   (entity:node, ...), carried as `base_schema`. Return null for none.
   */
  public function __construct(
    ?DerivedEnumResolver $enums = NULL,
    private readonly ?\Closure $baseSchema = NULL,
  ) {
    $this->enums = $enums;
    $this->constraints = new ConstraintReader($enums);
  }

  /**
   * The definition array of one input definition.
   *
   * @param list<Dependency>|null $dependencies Set to the site state the
   *   array was built from: one Dependency per derived enum resolved
   *   (PluginExists, EntityBundleExists, CountryCode), for caches.
   * @param list<object>|null $objects Set to the objects read: the
   *   definition, the definitions nested in it, constraint objects
   *   (DefinitionSnapshot::of()), for caches.
   * @return array<string, mixed>
   *
   * @throws DefinitionException A definition or constraint that cannot be
   *   carried into a definition array, or anything Drupal throws while it is
   *   read (the message names the path; the original is the previous
   *   exception). No other exception leaves the builder.
   */
  public function build(ContextDefinitionInterface|DataDefinitionInterface $definition, ?array &$dependencies = NULL, ?array &$objects = NULL): array {
    $this->dependencies = [];
    $this->objects = [$definition];
    $this->path = '';
    try {
      return $this->definition($definition, '', 0);
    }
    catch (DefinitionException $e) {
      throw $e;
    }
    catch (\Throwable $e) {
      throw self::wrapped($e, $this->path);
    }
    finally {
      $dependencies = $this->dependencies;
      $objects = $this->objects;
      $this->dependencies = $this->objects = NULL;
    }
  }

  /**
   * The definition arrays of a tool's inputs, each built on its own as
   * build() builds it (an input that cannot be built does not stop the
   * others): what a cache keeps per input, in one call per tool.
   *
   * @param array<string, object> $definitions input name => definition
   * @param array<string, string>|null $errors Set to input name => the
   *   message of the DefinitionException build() would throw (inputs
   *   without an array).
   * @param array<string, list<object>>|null $nested Set to input name =>
   *   the objects read besides the definition itself (definitions nested in
   *   it, constraint objects), for the inputs that have any: with the
   *   definition, what build() reports in $objects.
   * @param array<string, list<Dependency>>|null $dependencies Set to input
   *   name => what build() reports, for the inputs that have any.
   * @return array<string, array<string, mixed>> input name => definition array
   */
  public function buildEach(array $definitions, ?array &$errors = NULL, ?array &$nested = NULL, ?array &$dependencies = NULL): array {
    $arrays = [];
    $errors = [];
    $nested = [];
    $dependencies = [];
    foreach ($definitions as $name => $definition) {
      $this->dependencies = [];
      $this->objects = [];
      $this->path = '';
      try {
        $arrays[$name] = $this->definition($definition, '', 0);
      }
      catch (DefinitionException $e) {
        $errors[$name] = $e->getMessage();
      }
      catch (\Throwable $e) {
        $errors[$name] = self::wrapped($e, $this->path)->getMessage();
      }
      if ($this->objects !== []) {
        $nested[$name] = $this->objects;
      }
      if ($this->dependencies !== []) {
        $dependencies[$name] = $this->dependencies;
      }
    }
    $this->dependencies = $this->objects = NULL;
    return $arrays;
  }

  /**
   * The definition array of a tool's inputs as one map (name => definition,
   * order kept), the way the Tool module advertises a whole tool.
   *
   * @param iterable<string, object> $definitions
   * @param list<Dependency>|null $dependencies as for build()
   * @return array<string, mixed>
   */
  public function buildInputs(iterable $definitions, ?array &$dependencies = NULL): array {
    $this->dependencies = [];
    try {
      return $this->guardedInputs($definitions);
    }
    finally {
      $dependencies = $this->dependencies;
      $this->dependencies = NULL;
    }
  }

  /**
   * The site state behind a Dependency::$key, read now: how a cache that
   * kept an array across requests (valid by its cache tags) watches the
   * source again for the rest of this request. Null when the source cannot
   * be found here.
   */
  public function dependency(string $key): ?Dependency {
    return $this->enums?->dependency($key);
  }

  /**
   * @param iterable<string, object> $definitions
   * @return array<string, mixed>
   */
  private function guardedInputs(iterable $definitions): array {
    return $this->guarded(function () use ($definitions): array {
      $properties = [];
      foreach ($definitions as $name => $definition) {
        $properties[(string) $name] = $this->definition($definition, 'properties.' . $name, 1);
      }
      return ['type' => 'map', 'properties' => $properties];
    });
  }

  /**
   * Runs $build; whatever Drupal throws on the way (a getter, a constraint
   * callback, a plugin manager, the bundle info, an \Error as much as an
   * \Exception) comes out as one DefinitionException naming the path of the
   * definition being read, the original as its previous exception.
   *
   * @template T
   * @param \Closure(): T $build
   * @return T
   */
  private function guarded(\Closure $build): mixed {
    $this->path = '';
    try {
      return $build();
    }
    catch (DefinitionException $e) {
      throw $e;
    }
    catch (\Throwable $e) {
      throw self::wrapped($e, $this->path);
    }
  }

  private static function wrapped(\Throwable $e, string $path): DefinitionException {
    return new DefinitionException(PlainData::at($path) . get_class($e) . ': ' . $e->getMessage(), 0, $e);
  }

  /**
   * The definition array of $def (a ContextDefinitionInterface's getters
   * called directly, anything else's by the method names it has).
   *
   * @param string|null $itemOf the data type of $def when it is read as
   *   the item of its own `multiple: TRUE` list (its type known; it was
   *   counted among the objects read already)
   * @return array<string, mixed>
   */
  private function definition(object $def, string $path, int $depth, ?string $itemOf = NULL): array {
    $context = $def instanceof ContextDefinitionInterface;
    if (!$context && !$def instanceof DataDefinitionInterface) {
      throw new DefinitionException(PlainData::at($path) . 'not a definition: a ' . ContextDefinitionInterface::class . ' or a ' . DataDefinitionInterface::class . ' is expected, ' . get_debug_type($def) . ' given');
    }
    if ($itemOf !== NULL) {
      $type = $itemOf;
    }
    else {
      if ($depth > self::MAX_DEPTH) {
        throw new DefinitionException(PlainData::at($path) . 'definitions nested deeper than ' . self::MAX_DEPTH . ' levels');
      }
      if ($depth > 0 && $this->objects !== NULL) {
        // The definition itself is the caller's (build(), buildEach()).
        $this->objects[] = $def;
      }
      $type = $def->getDataType();
      if (!\is_string($type) || $type === '') {
        throw new DefinitionException(PlainData::at($path) . 'getDataType() must return a non-empty string');
      }
      // `multiple: TRUE` on a non-list definition: a list of single
      // values (multiple()).
      if ($type !== 'list' && $context && $def->isMultiple()) {
        return $this->multiple($def, $type, $path, $depth);
      }
    }

    $this->path = $path;
    if ($context) {
      $label = $def->getLabel();
      $description = $def->getDescription();
      $required = $def->isRequired();
      $default = $def->getDefaultValue();
      $constraints = $def->getConstraints();
    }
    else {
      $label = $def->getLabel();
      $description = $def->getDescription();
      $required = $def->isRequired();
      // A data definition carries no default of its own.
      $default = NULL;
      $constraints = $def->getConstraints();
    }
    $out = ['type' => $type];
    // Labels are TranslatableMarkup: rendered directly (what their
    // __toString() returns, without the detour).
    if ($label !== NULL) {
      $out['label'] = $label instanceof TranslatableMarkup ? (string) $label->render()
        : (\is_string($label) ? $label : self::text($label));
    }
    if ($description !== NULL) {
      $out['description'] = $description instanceof TranslatableMarkup ? (string) $description->render()
        : (\is_string($description) ? $description : self::text($description));
    }
    $out['required'] = (bool) ($required ?? TRUE);
    if ($default !== NULL) {
      if ($type === 'map' && \is_array($default) && self::isSynthesizedMapDefault($def, $default)) {
        // The map default MapContextDefinition makes up from its
        // properties' defaults (ownDefault()).
      }
      else {
        $out['default'] = PlainData::of($default, $path === '' ? 'default' : "$path.default", TRUE);
      }
    }
    if ($constraints !== [] && \is_array($constraints)) {
      $converted = $this->constraints->read($constraints, $path === '' ? 'constraints' : "$path.constraints", $this->objects, $this->dependencies);
      if ($converted !== []) {
        $out['constraints'] = $converted;
      }
    }

    if ($this->hasExamples[$def::class] ??= method_exists($def, 'getExamples')) {
      $examples = $def->getExamples();
      if (\is_array($examples) && $examples !== []) {
        $out['examples'] = array_values(PlainData::of($examples, PlainData::sub($path, 'examples'), TRUE));
      }
    }

    if ($type === 'list') {
      $item = match (TRUE) {
        $def instanceof ListContextDefinition, $def instanceof ListDataDefinitionInterface => $def->getItemDefinition(),
        default => NULL,
      };
      if ($item !== NULL) {
        $out['items'] = $this->definition($item, PlainData::sub($path, 'items'), $depth + 1);
      }
    }
    elseif ($type === 'map' && ($def instanceof MapContextDefinition || $def instanceof ComplexDataDefinitionInterface)) {
      $properties = [];
      foreach ($def->getPropertyDefinitions() as $name => $property) {
        if (!\is_object($property)) {
          throw new DefinitionException(PlainData::at(PlainData::sub($path, "properties.$name")) . 'must be a definition object, ' . get_debug_type($property) . ' given');
        }
        $properties[(string) $name] = $this->definition($property, PlainData::sub($path, "properties.$name"), $depth + 1);
      }
      $out['properties'] = $properties;
    }

    if ($this->baseSchema !== NULL && !isset($out['items']) && !isset($out['properties'])) {
      $base = ($this->baseSchema)($type, $def);
      if ($base !== NULL) {
        $out['base_schema'] = PlainData::of($base, PlainData::sub($path, 'base_schema'), TRUE);
      }
    }
    return $out;
  }

  /**
   * A `multiple: TRUE` definition of a non-list type: a list of single
   * values. Drupal validates it two ways, and the list must satisfy both:
   * core (ContextDefinition::getDataDefinition()) makes a list data
   * definition carrying the constraints (a required list sent empty is
   * null); the Tool module (InputDefinition::getDataDefinition(),
   * TypedInputsTrait::validateInputValue()) also puts them on each item. So
   * the list keeps the label, description, requiredness, default and the
   * constraints that bind a list (Count, NotBlank, NotNull, Choice /
   * AllowedValues with `multiple`); each item is required and carries the
   * others (NotBlank on both).
   *
   * @return array<string, mixed>
   */
  private function multiple(ContextDefinitionInterface $def, string $type, string $path, int $depth): array {
    $this->path = $path;
    $out = ['type' => 'list'];
    $this->annotations($def, $out);
    $out['required'] = $def->isRequired();
    $default = $this->ownDefault($def, $type);
    if ($default !== NULL) {
      $out['default'] = PlainData::of($default, PlainData::sub($path, 'default'), TRUE);
    }
    $item = $this->definition($def, $path === '' ? 'items' : "$path.items", $depth + 1, $type);
    $item['required'] = TRUE;
    unset($item['label'], $item['description'], $item['default'], $item['examples']);
    $onList = [];
    foreach ($item['constraints'] ?? [] as $name => $options) {
      // [on the list, on each item]: Count, and a Choice or AllowedValues
      // with `multiple` (it wants a list of choices), bind the list only.
      [$list, $items] = match ($name) {
        'Count' => [TRUE, FALSE],
        'NotBlank', 'NotNull' => [TRUE, TRUE],
        'Choice', 'AllowedValues' => \is_array($options) && ($options['multiple'] ?? FALSE) === TRUE ? [TRUE, FALSE] : [FALSE, TRUE],
        default => [FALSE, TRUE],
      };
      if ($list) {
        $onList[$name] = $options;
      }
      if (!$items) {
        unset($item['constraints'][$name]);
      }
    }
    if (($item['constraints'] ?? NULL) === []) {
      unset($item['constraints']);
    }
    if ($onList !== []) {
      $out['constraints'] = $onList;
    }
    if ($this->hasExamples[$def::class] ??= method_exists($def, 'getExamples')) {
      $examples = $def->getExamples();
      if (\is_array($examples) && $examples !== []) {
        $out['examples'] = array_values(PlainData::of($examples, PlainData::sub($path, 'examples'), TRUE));
      }
    }
    $out['items'] = $item;
    return $out;
  }

  /**
   * The definition's default, without the one MapContextDefinition makes
   * up: when a map has no default, its getDefaultValue() returns a map of
   * its properties' own defaults, which is not a default of the map (each
   * property carries its own), nor of a multi-value map's list.
   */
  private function ownDefault(ContextDefinitionInterface $def, string $type): mixed {
    $default = $def->getDefaultValue();
    if ($type === 'map' && \is_array($default) && self::isSynthesizedMapDefault($def, $default)) {
      return NULL;
    }
    return $default;
  }

  /** @param array<string, mixed> $out */
  private function annotations(ContextDefinitionInterface $def, array &$out): void {
    $label = $def->getLabel();
    if ($label !== NULL) {
      $out['label'] = \is_string($label) ? $label : self::text($label);
    }
    $description = $def->getDescription();
    if ($description !== NULL) {
      $out['description'] = \is_string($description) ? $description : self::text($description);
    }
  }

  private static function text(mixed $text): string {
    if (\is_string($text)) {
      return $text;
    }
    if ($text instanceof TranslatableMarkup) {
      // What its __toString() returns, without the detour.
      return (string) $text->render();
    }
    if ($text instanceof \Stringable || \is_scalar($text)) {
      return (string) $text;
    }
    return '';
  }

  /**
   * Is $default the one MapContextDefinition makes up (ownDefault())? Also
   * what the site audit (Audit\SiteAudit) leaves unchecked.
   *
   * @param array<mixed> $default
   */
  public static function isSynthesizedMapDefault(object $def, array $default): bool {
    if (!$def instanceof MapContextDefinition) {
      return FALSE;
    }
    $properties = $def->getPropertyDefinitions();
    if ($properties === [] || \count($default) !== \count($properties)) {
      return FALSE;
    }
    foreach ($properties as $name => $property) {
      if (!\array_key_exists($name, $default) || !\is_object($property)
        || $default[$name] !== $property->getDefaultValue()) {
        return FALSE;
      }
    }
    return TRUE;
  }

}
