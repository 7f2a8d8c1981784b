<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Audit;

/**
 * A PHP value as the JSON a schema reads it as. PHP has one array for JSON's
 * list and object, and json_encode() writes an empty or list-keyed array as
 * a list: a map input's default `[]` (field_add's `settings`) would be
 * checked as `[]` against `"type": "object"`, a finding no model causes. A
 * model sends `{}` there, and Drupal reads both as the same PHP array.
 *
 * So: an array is an object (\stdClass) where the schema takes an object and
 * no list, a list where it takes a list, and otherwise what json_encode()
 * makes of it; nested values follow the schema's `properties`,
 * `additionalProperties` and `items` (through `anyOf`/`oneOf`/`allOf`
 * branches). The result is what json_decode() gives for the JSON text
 * (objects as \stdClass), for a validator such as opis/json-schema.
 */
final class JsonValue {

  /**
   * @param array<string, mixed>|bool|null $schema
   */
  public static function forSchema(mixed $value, array|bool|null $schema): mixed {
    if (!\is_array($value)) {
      if (\is_object($value)) {
        return json_decode((string) json_encode($value));
      }
      return $value;
    }
    $schema = \is_array($schema) ? $schema : [];
    $types = self::types($schema);
    $object = isset($types['object']);
    $list = isset($types['array']);
    $asObject = match (TRUE) {
      $object && !$list => TRUE,
      $list && !$object => !array_is_list($value),
      default => !array_is_list($value),
    };
    if ($asObject) {
      $out = new \stdClass();
      foreach ($value as $key => $item) {
        $out->{(string) $key} = self::forSchema($item, self::propertySchema($schema, (string) $key));
      }
      return $out;
    }
    $out = [];
    foreach (array_values($value) as $item) {
      $out[] = self::forSchema($item, self::itemSchema($schema));
    }
    return $out;
  }

  /**
   * The JSON types a schema admits (an empty list: it says nothing of them).
   *
   * @param array<string, mixed> $schema
   * @return array<string, true>
   */
  private static function types(array $schema): array {
    $types = [];
    if (isset($schema['type'])) {
      foreach ((array) $schema['type'] as $type) {
        if (\is_string($type)) {
          $types[strtolower($type)] = TRUE;
        }
      }
    }
    foreach (['anyOf', 'oneOf', 'allOf'] as $keyword) {
      foreach ((array) ($schema[$keyword] ?? []) as $branch) {
        if (\is_array($branch)) {
          $types += self::types($branch);
        }
      }
    }
    if ($types === [] && (isset($schema['properties']) || isset($schema['additionalProperties']))) {
      $types['object'] = TRUE;
    }
    if ($types === [] && isset($schema['items'])) {
      $types['array'] = TRUE;
    }
    return $types;
  }

  /**
   * @param array<string, mixed> $schema
   * @return array<string, mixed>|bool|null
   */
  private static function propertySchema(array $schema, string $key): array|bool|null {
    $properties = $schema['properties'] ?? NULL;
    if ((\is_array($properties) || $properties instanceof \stdClass) && isset(((array) $properties)[$key])) {
      return ((array) $properties)[$key];
    }
    if (isset($schema['additionalProperties']) && \is_array($schema['additionalProperties'])) {
      return $schema['additionalProperties'];
    }
    foreach (['anyOf', 'oneOf', 'allOf'] as $keyword) {
      foreach ((array) ($schema[$keyword] ?? []) as $branch) {
        if (\is_array($branch) && ($sub = self::propertySchema($branch, $key)) !== NULL) {
          return $sub;
        }
      }
    }
    return NULL;
  }

  /**
   * @param array<string, mixed> $schema
   * @return array<string, mixed>|bool|null
   */
  private static function itemSchema(array $schema): array|bool|null {
    if (isset($schema['items']) && (\is_array($schema['items']) || \is_bool($schema['items']))) {
      return $schema['items'];
    }
    foreach (['anyOf', 'oneOf', 'allOf'] as $keyword) {
      foreach ((array) ($schema[$keyword] ?? []) as $branch) {
        if (\is_array($branch) && ($sub = self::itemSchema($branch)) !== NULL) {
          return $sub;
        }
      }
    }
    return NULL;
  }

}
