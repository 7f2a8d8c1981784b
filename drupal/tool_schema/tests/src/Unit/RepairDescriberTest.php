<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Unit;

use Drupal\Tests\UnitTestCase;
use Drupal\tool_schema\Repair\RepairDescriber;

/**
 * The rule of each repair, told from the value before and after.
 *
 * @group tool_schema
 * @coversDefaultClass \Drupal\tool_schema\Repair\RepairDescriber
 */
final class RepairDescriberTest extends UnitTestCase {

  /**
   * @return array<string, array{array<string, mixed>, mixed, string}>
   */
  public static function cases(): array {
    $int = ['type' => 'integer'];
    return [
      'numeric string' => [$int, '5', 'numeric string → number'],
      'integral float' => [$int, 5.0, 'integral float → integer'],
      'boolean string' => [['type' => 'boolean'], 'true', 'boolean string → boolean'],
      '0/1' => [['type' => 'boolean'], 1, '0/1 → boolean'],
      'empty optional' => [['type' => 'integer', 'required' => FALSE], '', 'empty string for an optional input → null'],
      'json map' => [['type' => 'map'], '{"a":1}', 'JSON string → map'],
      'json list' => [['type' => 'list', 'items' => ['type' => 'string']], '["a"]', 'JSON string → list'],
      'list wrap' => [['type' => 'list', 'items' => ['type' => 'string']], 'a', 'single value → one-item list'],
      'choice' => [['type' => 'string', 'constraints' => ['Choice' => ['ASC', 'DESC']]], ' asc', 'allowed value matched ignoring case and spaces'],
      'datetime' => [['type' => 'datetime_iso8601'], '2024-01-15T10:30:00Z', 'date → RFC 3339 date-time'],
      'timestamp' => [['type' => 'timestamp'], '2024-01-15T00:00:00Z', 'date string → Unix timestamp'],
    ];
  }

  /**
   * @dataProvider cases
   * @covers ::describe
   */
  public function testRule(array $definition, mixed $value, string $rule): void {
    $repaired = \ToolSchema\coerce_input($value, $definition);
    $this->assertNotSame($value, $repaired, 'coerce_input() repairs it');
    $repairs = RepairDescriber::describe($value, $repaired, $definition);
    $this->assertCount(1, $repairs);
    $this->assertSame($rule, $repairs[0]['rule']);
  }

  /**
   * @covers ::describe
   */
  public function testNestedPaths(): void {
    $definition = ['type' => 'map', 'properties' => ['n' => ['type' => 'integer'], 'tags' => ['type' => 'list', 'items' => ['type' => 'integer']]]];
    $repairs = RepairDescriber::describe(['n' => '1', 'tags' => [1, '2']], ['n' => 1, 'tags' => [1, 2]], $definition);
    $this->assertSame(['n', 'tags.1'], array_column($repairs, 'path'));
    $this->assertSame([], RepairDescriber::describe(['n' => 1], ['n' => 1], $definition));
  }

}
