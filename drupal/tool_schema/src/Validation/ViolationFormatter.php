<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation;

use Opis\JsonSchema\Errors\ValidationError;

/**
 * One line per violation of a JSON Schema, for a model to act on: where (the
 * path in the schema's own property names: `settings.max_length`, `tags[2]`;
 * `arguments` for the tool's arguments as a whole), what was expected (the
 * type, the allowed values, the bound, the pattern, the format, the missing
 * property) and, briefly, what was received.
 *
 *   amount: expected integer, got string "5x"
 *   level: expected one of "debug", "info", "notice", got string "loud"
 *   entity: required, not sent; expected string
 *   colour: unexpected property, got string "red"; allowed: name, size
 *
 * Reads the error tree of opis/json-schema (the validator mcp_tools
 * requires): the containers (`properties`, `items`, several keywords of one
 * node) are walked down to the keywords that failed; a nullable input's
 * `anyOf`/`oneOf` with a `{"type": "null"}` branch reports the other branch
 * ("or null" added to a type). opis reports every property as additional
 * once one of them failed validation: an additionalProperties violation is
 * kept only for keys the schema does not declare, and names them.
 */
final class ViolationFormatter {

  /** Allowed values listed before "… (N in all)". */
  public const MAX_VALUES = 10;

  /** Characters of a received string shown. */
  public const MAX_EXCERPT = 40;

  /**
   * @return list<array{message: string, path: string|null, keyword: string}>
   *   One entry per violation, in the order of the schema; `path` NULL for the
   *   arguments as a whole.
   */
  public function format(ValidationError $error): array {
    $out = [];
    $this->collect($error, FALSE, $out);
    return array_values($out);
  }

  /**
   * @param array<string, array{message: string, path: string|null, keyword: string}> $out
   */
  private function collect(ValidationError $error, bool $orNull, array &$out): void {
    $keyword = $error->keyword();
    $node = self::node($error->schema()->info()->data());
    $path = $error->data()->fullPath();
    $value = $error->data()->value();
    switch ($keyword) {
      case 'anyOf':
      case 'oneOf':
        $this->alternatives($error, $keyword, $node, $orNull, $out);
        return;

      case 'required':
        $properties = self::node($node['properties'] ?? NULL) ?? [];
        foreach ((array) ($error->args()['missing'] ?? []) as $name) {
          $at = [...$path, (string) $name];
          $this->add($out, $at, 'required', 'required, not sent; expected ' . self::describe($properties[$name] ?? NULL));
        }
        return;

      case 'additionalProperties':
        if (($node['additionalProperties'] ?? NULL) === FALSE) {
          $declared = array_map('strval', array_keys(self::node($node['properties'] ?? NULL) ?? []));
          $patterns = array_keys(self::node($node['patternProperties'] ?? NULL) ?? []);
          $allowed = $declared === [] ? 'none' : implode(', ', $declared);
          foreach ((array) ($error->args()['properties'] ?? []) as $name) {
            $name = (string) $name;
            if (\in_array($name, $declared, TRUE) || self::matchesAny($patterns, $name)) {
              // Declared, and invalid: its own violation says why.
              continue;
            }
            $sent = $value instanceof \stdClass && property_exists($value, $name) ? ', got ' . self::received($value->{$name}) : '';
            $this->add($out, [...$path, $name], 'additionalProperties', 'unexpected property' . $sent . '; allowed: ' . $allowed);
          }
          foreach ($error->subErrors() as $sub) {
            $this->collect($sub, FALSE, $out);
          }
          return;
        }
        break;
    }
    $subErrors = $error->subErrors();
    if ($subErrors !== [] && !\in_array($keyword, ['not', 'contains'], TRUE)) {
      // A container: the properties, the items, several keywords of a node.
      foreach ($subErrors as $sub) {
        $this->collect($sub, FALSE, $out);
      }
      return;
    }
    $this->add($out, $path, $keyword, 'expected ' . self::expected($keyword, $node, $error->args(), $orNull) . ', got ' . self::received($value, $keyword));
  }

  /**
   * anyOf/oneOf: a nullable value's one other branch, or the alternatives.
   *
   * @param array<mixed> $node
   * @param array<string, array{message: string, path: string|null, keyword: string}> $out
   */
  private function alternatives(ValidationError $error, string $keyword, array $node, bool $orNull, array &$out): void {
    $branches = self::node($node[$keyword] ?? NULL) ?? [];
    $nullable = $orNull;
    $others = [];
    foreach ($branches as $branch) {
      if (self::isNullSchema($branch)) {
        $nullable = TRUE;
      }
      else {
        $others[] = $branch;
      }
    }
    $value = $error->data()->value();
    $path = $error->data()->fullPath();
    if ($value !== NULL && \count($others) === 1) {
      foreach ($error->subErrors() as $sub) {
        if (!self::isNullSchema($sub->schema()->info()->data())) {
          $this->collect($sub, $nullable, $out);
        }
      }
      return;
    }
    if ($keyword === 'oneOf' && ($error->args()['matched'] ?? []) !== []) {
      $this->add($out, $path, $keyword, 'expected a value matching exactly one of: ' . implode('; ', array_map(self::describe(...), $branches)) . ', got ' . self::received($value, $keyword) . ', which matches more than one');
      return;
    }
    $choices = array_map(self::describe(...), $branches);
    if ($orNull && !\in_array('null', $choices, TRUE)) {
      $choices[] = 'null';
    }
    $this->add($out, $path, $keyword, 'expected one of: ' . implode('; ', array_unique($choices)) . ', got ' . self::received($value, $keyword));
  }

  /**
   * @param array<string, array{message: string, path: string|null, keyword: string}> $out
   * @param list<string|int> $path
   */
  private function add(array &$out, array $path, string $keyword, string $what): void {
    $at = self::path($path);
    $message = ($at ?? 'arguments') . ': ' . $what;
    $out[$message] ??= ['message' => $message, 'path' => $at, 'keyword' => $keyword];
  }

  /**
   * What a keyword asked for.
   *
   * @param array<mixed> $node
   * @param array<string, mixed> $args
   */
  private static function expected(string $keyword, array $node, array $args, bool $orNull): string {
    $bound = $node[$keyword] ?? NULL;
    $number = \in_array('integer', (array) ($node['type'] ?? []), TRUE) ? 'an integer' : 'a number';
    return match ($keyword) {
      'type' => self::types($node['type'] ?? NULL, $orNull),
      'enum' => 'one of ' . self::values((array) $bound) . ($orNull && !\in_array(NULL, (array) $bound, TRUE) ? ', or null' : ''),
      'const' => self::json($bound) . ($orNull && $bound !== NULL ? ' or null' : ''),
      'minLength' => sprintf('a string of at least %s', self::count($bound, 'character')),
      'maxLength' => sprintf('a string of at most %s', self::count($bound, 'character')),
      'minimum' => "$number >= " . self::json($bound),
      'maximum' => "$number <= " . self::json($bound),
      'exclusiveMinimum' => "$number > " . self::json($bound),
      'exclusiveMaximum' => "$number < " . self::json($bound),
      'multipleOf' => 'a multiple of ' . self::json($bound),
      'minItems' => 'a list of at least ' . self::count($bound, 'item'),
      'maxItems' => 'a list of at most ' . self::count($bound, 'item'),
      'uniqueItems' => 'a list without duplicates',
      'minProperties' => 'an object with at least ' . self::count($bound, 'property', 'properties'),
      'maxProperties' => 'an object with at most ' . self::count($bound, 'property', 'properties'),
      'pattern' => 'a string matching the pattern ' . $bound,
      'format' => self::formatName((string) ($bound ?? $args['format'] ?? '')),
      'not' => self::notExpected($bound),
      'additionalProperties' => 'each other property to be ' . self::describe($bound),
      default => sprintf('a value that satisfies "%s": %s', $keyword, self::json($bound)),
    };
  }

  /**
   * What a `not` asked for. NotNull's guard of a required list or map
   * (`not: {items: ...}`, `not: {additionalProperties: {type: null}}`, the
   * container's type beside it or not) in words: an empty list or map, or
   * one of empty items or null values, is what it refuses.
   */
  private static function notExpected(mixed $bound): string {
    $node = self::node($bound) ?? [];
    $keys = array_keys($node);
    $guard = static fn (string $key, string $type): bool => isset($node[$key]) && ($keys === [$key] || (\count($keys) === 2 && ($node['type'] ?? NULL) === $type));
    if ($guard('items', 'array')) {
      return 'a list with at least one item that is not empty';
    }
    if ($guard('additionalProperties', 'object')) {
      return 'an object with at least one property that is not null';
    }
    return 'a value that is not ' . self::describe($bound);
  }

  /** A short summary of a schema: its type, its values, its pattern. */
  public static function describe(mixed $schema): string {
    if ($schema === TRUE || $schema === NULL) {
      return 'any value';
    }
    if ($schema === FALSE) {
      return 'nothing';
    }
    $node = self::node($schema) ?? [];
    if (\array_key_exists('const', $node)) {
      return self::json($node['const']);
    }
    if (isset($node['enum'])) {
      return 'one of ' . self::values((array) $node['enum']);
    }
    $parts = [];
    if (isset($node['type'])) {
      $parts[] = self::types($node['type'], FALSE);
    }
    if (isset($node['format'])) {
      $parts[] = 'in the "' . $node['format'] . '" format';
    }
    if (isset($node['pattern'])) {
      $parts[] = 'matching the pattern ' . $node['pattern'];
    }
    if (isset($node['not']) && isset(self::node($node['not'])['pattern'])) {
      $parts[] = 'not matching the pattern ' . self::node($node['not'])['pattern'];
    }
    foreach (['anyOf', 'oneOf'] as $keyword) {
      if (isset($node[$keyword])) {
        $parts[] = implode(' or ', array_map(self::describe(...), self::node($node[$keyword]) ?? []));
      }
    }
    return $parts === [] ? 'any value' : implode(' ', $parts);
  }

  /** What was received, briefly: its JSON type and an excerpt. */
  public static function received(mixed $value, string $keyword = ''): string {
    return match (TRUE) {
      $value === NULL => 'null',
      \is_bool($value) => 'boolean ' . ($value ? 'true' : 'false'),
      \is_int($value) => 'integer ' . $value,
      \is_float($value) => 'number ' . self::json($value),
      \is_string($value) => 'string ' . self::excerpt($value) . (\in_array($keyword, ['minLength', 'maxLength'], TRUE) ? ' (' . self::count(mb_strlen($value), 'character') . ')' : ''),
      \is_array($value) => 'a list of ' . self::count(\count($value), 'item'),
      $value instanceof \stdClass => self::objectExcerpt((array) $value),
      default => get_debug_type($value),
    };
  }

  /** @param array<mixed> $properties */
  private static function objectExcerpt(array $properties): string {
    if ($properties === []) {
      return 'an empty object';
    }
    $names = array_map('strval', array_keys($properties));
    $shown = \array_slice($names, 0, 5);
    return 'an object with ' . (\count($names) === 1 ? 'property ' : 'properties ') . implode(', ', $shown) . (\count($names) > 5 ? ', …' : '');
  }

  private static function excerpt(string $value): string {
    if (mb_strlen($value) > self::MAX_EXCERPT) {
      $value = mb_substr($value, 0, self::MAX_EXCERPT) . '…';
    }
    return self::json($value);
  }

  /** @param list<mixed> $values */
  private static function values(array $values): string {
    $shown = array_map(self::json(...), \array_slice($values, 0, self::MAX_VALUES));
    return implode(', ', $shown) . (\count($values) > self::MAX_VALUES ? sprintf(', … (%d in all)', \count($values)) : '');
  }

  private static function types(mixed $type, bool $orNull): string {
    $types = array_map('strval', (array) $type);
    if ($orNull && !\in_array('null', $types, TRUE)) {
      $types[] = 'null';
    }
    return $types === [] ? 'any value' : implode(' or ', $types);
  }

  private static function formatName(string $format): string {
    $what = match ($format) {
      'email' => 'an email address',
      'uri' => 'an absolute URI',
      'date-time' => 'an RFC 3339 date-time (2024-01-15T10:30:00+00:00)',
      'date' => 'a date (2024-01-15)',
      'time' => 'a time (10:30:00+00:00)',
      'duration' => 'an ISO 8601 duration (P1DT2H)',
      'uuid' => 'a UUID',
      'ipv4' => 'an IPv4 address',
      'ipv6' => 'an IPv6 address',
      default => '',
    };
    return ($what === '' ? 'a string' : $what) . sprintf(' (format "%s")', $format);
  }

  private static function count(mixed $n, string $unit, ?string $plural = NULL): string {
    return $n . ' ' . ((int) $n === 1 ? $unit : ($plural ?? $unit . 's'));
  }

  /** @param list<string|int> $path */
  public static function path(array $path): ?string {
    $out = '';
    foreach ($path as $segment) {
      $out .= \is_int($segment) ? "[$segment]" : ($out === '' ? '' : '.') . $segment;
    }
    return $out === '' ? NULL : $out;
  }

  private static function isNullSchema(mixed $schema): bool {
    $node = self::node($schema);
    return $node !== NULL && ($node['type'] ?? NULL) === 'null' && \count($node) === 1;
  }

  /** @param list<string> $patterns */
  private static function matchesAny(array $patterns, string $name): bool {
    foreach ($patterns as $pattern) {
      if (@preg_match('/' . str_replace('/', '\/', (string) $pattern) . '/u', $name) === 1) {
        return TRUE;
      }
    }
    return FALSE;
  }

  /** @return array<mixed>|null */
  private static function node(mixed $schema): ?array {
    return match (TRUE) {
      \is_array($schema) => $schema,
      $schema instanceof \stdClass => (array) $schema,
      default => NULL,
    };
  }

  private static function json(mixed $value): string {
    return (string) json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_PARTIAL_OUTPUT_ON_ERROR);
  }

}
