<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Unit;

use Drupal\Tests\UnitTestCase;
use Drupal\tool_schema\Validation\JsonShape;

/**
 * A PHP value as JSON the way the schema reads it (what the site audit
 * checks a default or an example as: field_add's `settings` default `[]` is
 * `{}`).
 *
 * @group tool_schema
 * @coversDefaultClass \Drupal\tool_schema\Validation\JsonShape
 */
final class JsonShapeTest extends UnitTestCase {

  /**
   * @return array<string, array{mixed, array<string, mixed>|null, string}>
   */
  public static function cases(): array {
    return [
      'empty array, object schema' => [[], ['type' => 'object'], '{}'],
      'empty array, nullable object (type list)' => [[], ['type' => ['object', 'null']], '{}'],
      'empty array, nullable object (oneOf)' => [[], ['oneOf' => [['type' => 'object'], ['type' => 'null']]], '{}'],
      'empty array, list schema' => [[], ['type' => 'array'], '[]'],
      'empty array, no schema' => [[], NULL, '[]'],
      'empty array, object or list' => [[], ['type' => ['object', 'array']], '[]'],
      'list, list schema' => [['a'], ['type' => 'array', 'items' => ['type' => 'string']], '["a"]'],
      'nested empty map in a property' => [['s' => []], ['type' => 'object', 'properties' => ['s' => ['type' => 'object']]], '{"s":{}}'],
      'nested empty map in items' => [[[]], ['type' => 'array', 'items' => ['type' => 'object']], '[{}]'],
      'additionalProperties' => [['x' => []], ['type' => 'object', 'additionalProperties' => ['type' => 'object']], '{"x":{}}'],
      'scalar' => [5, ['type' => 'integer'], '5'],
      'assoc array, no schema' => [['a' => 1], NULL, '{"a":1}'],
    ];
  }

  /**
   * @dataProvider cases
   * @covers ::of
   */
  public function testOf(mixed $value, ?array $schema, string $json): void {
    $this->assertSame($json, json_encode(JsonShape::of($value, $schema)));
  }

}
