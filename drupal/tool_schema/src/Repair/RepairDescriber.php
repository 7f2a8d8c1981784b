<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Repair;

/**
 * What coerce_input() did to a value, told from the value before and after
 * and the definition array (the library returns the repaired value only):
 * one entry per repaired place, with the rule (the contract's names: the
 * rules of ToolSchema\coerce_input(), README "coerce_input"). For the repair
 * log (setting `log_repairs`).
 */
final class RepairDescriber {

  /** Longest value shown, in bytes of JSON. */
  public const MAX_SHOWN = 120;

  /**
   * @param array<string, mixed> $definition the definition array of the value
   * @return list<array{path: string, rule: string, before: string, after: string}>
   *   the path from the input ('' for the input itself; list items by
   *   index, map properties by name, dot-separated)
   */
  public static function describe(mixed $before, mixed $after, array $definition, string $path = ''): array {
    if ($before === $after) {
      return [];
    }
    $type = \is_string($definition['type'] ?? NULL) ? $definition['type'] : '';
    if (\is_array($before) && \is_array($after) && array_keys($before) === array_keys($after)) {
      $out = [];
      foreach ($before as $key => $item) {
        $sub = $type === 'list' ? ($definition['items'] ?? []) : ($definition['properties'][$key] ?? []);
        $out = [...$out, ...self::describe($item, $after[$key], \is_array($sub) ? $sub : [], $path === '' ? (string) $key : "$path.$key")];
      }
      return $out;
    }
    return [[
      'path' => $path,
      'rule' => self::rule($before, $after, $type, \is_array($definition['constraints'] ?? NULL) ? $definition['constraints'] : []),
      'before' => self::shown($before),
      'after' => self::shown($after),
    ]];
  }

  /**
   * @param array<string, mixed> $constraints
   */
  private static function rule(mixed $before, mixed $after, string $type, array $constraints): string {
    return match (TRUE) {
      $before === '' && $after === NULL => 'empty string for an optional input → null',
      \is_string($before) && \is_array($after) && \in_array(ltrim($before)[0] ?? '', ['[', '{'], TRUE) => 'JSON string → ' . ($type === 'list' ? 'list' : 'map'),
      !\is_array($before) && \is_array($after) && array_is_list($after) && \count($after) === 1 => 'single value → one-item list',
      \is_string($before) && \is_bool($after) => 'boolean string → boolean',
      \is_int($before) && \is_bool($after) => '0/1 → boolean',
      \is_float($before) && \is_int($after) => 'integral float → integer',
      \is_string($before) && \is_int($after) && $type === 'timestamp' && !is_numeric(trim($before)) => 'date string → Unix timestamp',
      \is_string($before) && (\is_int($after) || \is_float($after)) => 'numeric string → number',
      \is_string($before) && \is_string($after) && $type === 'datetime_iso8601' => 'date → RFC 3339 date-time',
      \is_string($before) && \is_string($after) && (isset($constraints['Choice']) || isset($constraints['AllowedValues'])) => 'allowed value matched ignoring case and spaces',
      default => 'repaired',
    };
  }

  private static function shown(mixed $value): string {
    $json = json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_PARTIAL_OUTPUT_ON_ERROR);
    $json = $json === FALSE ? get_debug_type($value) : $json;
    return \strlen($json) > self::MAX_SHOWN ? mb_strcut($json, 0, self::MAX_SHOWN) . '…' : $json;
  }

}
