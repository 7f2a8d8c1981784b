<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Definition;

use Drupal\Component\Plugin\Context\ContextDefinitionInterface;
use Drupal\Core\StringTranslation\TranslatableMarkup;
use Drupal\Core\TypedData\ComplexDataDefinitionInterface;
use Drupal\Core\TypedData\DataDefinitionInterface;
use Drupal\Core\TypedData\ListDataDefinitionInterface;
use Drupal\tool\TypedData\InputDefinitionInterface;
use Drupal\tool\TypedData\ListContextDefinition;
use Drupal\tool\TypedData\MapContextDefinition;

/**
 * Has a definition object changed since an array was built from it?
 *
 * Drupal's definition objects are mutable, and the Tool module changes them
 * in place: an input definition refiner (InputDefinitionRefinerInterface,
 * applied by TypedInputsTrait::setInputValue()) calls addConstraint() on the
 * very input definition object the tool's plugin definition holds (EntityStub
 * adds EntityBundleExists to `bundle` once `entity_type_id` is known), so
 * every later reader of that plugin definition in the request sees the
 * refined definition.
 *
 * A snapshot is a list of [object, its properties as an array] for the
 * definition and every definition and constraint object the builder reads in
 * it (`(array) $object`: the values themselves, strings and arrays shared
 * with the object, not copied). holds() casts each object again and compares
 * with `===`: every setter of a definition replaces a property value (a new
 * string, a separated array, another object), so an unchanged object compares
 * equal by pointers, at the cost of one small array per object. No
 * reflection, no method calls.
 *
 * A property Drupal fills in lazily (the typed data manager, once
 * getDataDefinition() has run) also counts as a change: the cache then builds
 * the definition again, which costs time, never correctness.
 */
final class DefinitionSnapshot {

  /** Nesting followed (DefinitionArrayBuilder::MAX_DEPTH; deeper, the builder refuses the definition). */
  private const MAX_DEPTH = DefinitionArrayBuilder::MAX_DEPTH;

  /**
   * The snapshot of the objects DefinitionArrayBuilder::build() read (its
   * $objects), taken right after the build.
   *
   * @param list<object> $objects
   * @return list<array{object, array<mixed>}>
   */
  public static function of(array $objects): array {
    $states = [];
    foreach ($objects as $object) {
      $states[] = [$object, (array) $object];
    }
    return $states;
  }

  /**
   * The snapshot of a definition without building it: the objects the
   * builder would read (the definition, its list item or map property
   * definitions when its type is `list` or `map`, recursively, and its
   * constraint objects).
   *
   * @return list<array{object, array<mixed>}>
   *
   * @throws \Throwable What Drupal throws while the definition is read.
   */
  public static function take(object $definition): array {
    $state = (array) $definition;
    return [[$definition, $state], ...self::nested($definition)];
  }

  /**
   * The snapshot of a definition without building it, but for the
   * definition itself (take() without its first entry): the objects the
   * builder would read in it. Most inputs have none (a context definition
   * that is neither a list nor a map, without constraint objects): [].
   *
   * @return list<array{object, array<mixed>}>
   *
   * @throws \Throwable What Drupal throws while the definition is read.
   */
  public static function nested(object $definition): array {
    if ($definition instanceof ContextDefinitionInterface) {
      $type = $definition->getDataType();
      if ($type !== 'list' && $type !== 'map') {
        $constraints = $definition->getConstraints();
        $flat = TRUE;
        foreach (\is_array($constraints) ? $constraints : [] as $constraint) {
          if (\is_object($constraint)) {
            $flat = FALSE;
            break;
          }
        }
        if ($flat) {
          return [];
        }
      }
    }
    $states = [];
    self::collect($definition, $states, 0);
    array_shift($states);
    return $states;
  }

  /**
   * Is every object of the snapshot as it was?
   *
   * @param list<array{object, array<mixed>}> $states
   */
  public static function holds(array $states): bool {
    foreach ($states as [$object, $state]) {
      if ((array) $object !== $state) {
        return FALSE;
      }
    }
    return TRUE;
  }

  /**
   * A fingerprint of a definition that two requests can compare (a
   * snapshot holds objects, which a request cannot compare with another's):
   * what the builder reads of it through its getters, labels by their
   * untranslated string and arguments, nested definitions alike. Two
   * versions of a definition in place (before and after an input
   * definition refiner ran) have different fingerprints.
   *
   * @throws \Throwable What Drupal throws while the definition is read.
   */
  public static function fingerprint(object $definition): string {
    return serialize(self::state($definition, 0));
  }

  /** @return array<mixed>|string */
  private static function state(object $definition, int $depth): array|string {
    if ($depth > self::MAX_DEPTH) {
      return 'too deep';
    }
    if (!$definition instanceof ContextDefinitionInterface) {
      // Another kind of definition: what the builder reads of it,
      // derived enums left as given.
      try {
        return (new DefinitionArrayBuilder())->build($definition);
      }
      catch (\InvalidArgumentException $e) {
        return $e->getMessage();
      }
    }
    $type = $definition->getDataType();
    $state = [
      $definition::class,
      $type,
      self::text($definition->getLabel()),
      self::text($definition->getDescription()),
      $definition->isMultiple(),
      $definition->isRequired(),
      $definition->getDefaultValue(),
      $definition->getConstraints(),
      method_exists($definition, 'getExamples') ? $definition->getExamples() : NULL,
      $definition instanceof InputDefinitionInterface ? $definition->isLocked() : NULL,
    ];
    if ($type === 'list' && $definition instanceof ListContextDefinition) {
      $state[] = self::state($definition->getItemDefinition(), $depth + 1);
    }
    elseif ($type === 'map' && $definition instanceof MapContextDefinition) {
      $properties = [];
      foreach ($definition->getPropertyDefinitions() as $name => $property) {
        $properties[$name] = self::state($property, $depth + 1);
      }
      $state[] = $properties;
    }
    return $state;
  }

  /** A label as its source: a TranslatableMarkup by its untranslated string, arguments and options. */
  private static function text(mixed $text): mixed {
    if ($text instanceof TranslatableMarkup) {
      return [$text->getUntranslatedString(), $text->getArguments(), $text->getOptions()];
    }
    return $text instanceof \Stringable ? (string) $text : $text;
  }

  /** @param list<array{object, array<mixed>}> $states */
  private static function collect(object $definition, array &$states, int $depth): void {
    $states[] = [$definition, (array) $definition];
    if ($depth > self::MAX_DEPTH) {
      return;
    }
    if ($definition instanceof ContextDefinitionInterface) {
      $constraints = $definition->getConstraints();
      $type = $definition->getDataType();
    }
    else {
      $constraints = $definition instanceof DataDefinitionInterface ? $definition->getConstraints() : NULL;
      $type = $definition instanceof DataDefinitionInterface ? $definition->getDataType() : NULL;
    }
    if (\is_array($constraints)) {
      foreach ($constraints as $constraint) {
        if (\is_object($constraint)) {
          $states[] = [$constraint, (array) $constraint];
        }
      }
    }
    if ($type === 'list' && ($definition instanceof ListContextDefinition || $definition instanceof ListDataDefinitionInterface)) {
      $item = $definition->getItemDefinition();
      if (\is_object($item)) {
        self::collect($item, $states, $depth + 1);
      }
    }
    elseif ($type === 'map' && ($definition instanceof MapContextDefinition || $definition instanceof ComplexDataDefinitionInterface)) {
      foreach ($definition->getPropertyDefinitions() as $property) {
        if (\is_object($property)) {
          self::collect($property, $states, $depth + 1);
        }
      }
    }
  }

}
