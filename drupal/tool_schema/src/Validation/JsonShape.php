<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation;

/**
 * PHP values as the JSON a schema reads them: what a client sent, decoded
 * into PHP arrays, turned back into JSON objects and arrays for a JSON Schema
 * validator. PHP has one array for both: `{}` decodes to `[]`, and an
 * object whose keys are "0" to "n-1" in order (`{"0": "a"}`) to a list.
 * Such an array (empty, or a list) is an object where the schema allows an
 * object and no array, an array otherwise; an array with string keys (or
 * keys out of order) is an object. Scalars and objects are kept as they
 * are.
 *
 * The schema is read as tool_schema emits it: `type` (one or a list),
 * `properties`, `additionalProperties`, `items`, `prefixItems`, and the
 * branches of `anyOf`/`oneOf`/`allOf`.
 */
final class JsonShape {

  /**
   * @param mixed $schema the schema (arrays or objects, as decoded JSON)
   */
  public static function of(mixed $value, mixed $schema): mixed {
    if (!\is_array($value)) {
      return $value;
    }
    $branches = self::branches($schema);
    $objectOnly = self::allows($branches, 'object') && !self::allows($branches, 'array');
    if ($value === []) {
      return $objectOnly ? new \stdClass() : [];
    }
    if (!$objectOnly && array_is_list($value)) {
      foreach ($value as $i => $item) {
        $value[$i] = self::of($item, self::itemSchema($branches, $i));
      }
      return $value;
    }
    $object = new \stdClass();
    foreach ($value as $key => $item) {
      $object->{$key} = self::of($item, self::propertySchema($branches, (string) $key));
    }
    return $object;
  }

  /**
   * The schema and the members of its anyOf/oneOf/allOf, recursively.
   *
   * @return list<array<mixed>>
   */
  private static function branches(mixed $schema): array {
    $schema = self::node($schema);
    if ($schema === NULL) {
      return [];
    }
    $all = [$schema];
    foreach (['anyOf', 'oneOf', 'allOf'] as $keyword) {
      foreach (self::node($schema[$keyword] ?? NULL) ?? [] as $member) {
        array_push($all, ...self::branches($member));
      }
    }
    return $all;
  }

  /**
   * Does one of the branches allow JSON values of that type? A branch
   * without `type` allows every type.
   *
   * @param list<array<mixed>> $branches
   */
  private static function allows(array $branches, string $type): bool {
    if ($branches === []) {
      return TRUE;
    }
    $typed = FALSE;
    foreach ($branches as $branch) {
      if (!isset($branch['type'])) {
        continue;
      }
      $typed = TRUE;
      if (\in_array($type, (array) $branch['type'], TRUE)) {
        return TRUE;
      }
    }
    return !$typed;
  }

  /** @param list<array<mixed>> $branches */
  private static function itemSchema(array $branches, int $index): mixed {
    foreach ($branches as $branch) {
      $prefix = self::node($branch['prefixItems'] ?? NULL);
      if ($prefix !== NULL && \array_key_exists($index, $prefix)) {
        return $prefix[$index];
      }
      if (isset($branch['items'])) {
        return $branch['items'];
      }
    }
    return NULL;
  }

  /** @param list<array<mixed>> $branches */
  private static function propertySchema(array $branches, string $name): mixed {
    foreach ($branches as $branch) {
      $properties = self::node($branch['properties'] ?? NULL);
      if ($properties !== NULL && \array_key_exists($name, $properties)) {
        return $properties[$name];
      }
    }
    foreach ($branches as $branch) {
      if (isset($branch['additionalProperties']) && !\is_bool($branch['additionalProperties'])) {
        return $branch['additionalProperties'];
      }
    }
    return NULL;
  }

  /**
   * A schema node as an array (objects of decoded JSON are read as arrays).
   *
   * @return array<mixed>|null
   */
  private static function node(mixed $schema): ?array {
    return match (TRUE) {
      \is_array($schema) => $schema,
      $schema instanceof \stdClass => (array) $schema,
      default => NULL,
    };
  }

}
