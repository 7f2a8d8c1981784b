<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Definition;

/**
 * Values as the definition array holds them (no objects, no callables), and
 * the paths errors name.
 */
final class PlainData {

  /**
   * A value as plain data: scalars, null, arrays; Stringable objects
   * (TranslatableMarkup) become strings. Other objects are an error when
   * $strict, otherwise dropped (options of constraints the schema ignores).
   */
  public static function of(mixed $value, string $path, bool $strict, int $depth = 0): mixed {
    if ($value === NULL || \is_scalar($value)) {
      return $value;
    }
    if ($value instanceof \Stringable) {
      return (string) $value;
    }
    if (\is_array($value)) {
      if ($depth > DefinitionArrayBuilder::MAX_DEPTH) {
        throw new DefinitionException(self::at($path) . 'values nested deeper than ' . DefinitionArrayBuilder::MAX_DEPTH . ' levels');
      }
      if (self::scalars($value, $depth)) {
        return $value;
      }
      $out = [];
      foreach ($value as $k => $v) {
        if (\is_object($v) && !$v instanceof \Stringable && !$strict) {
          continue;
        }
        $out[$k] = self::of($v, self::sub($path, (string) $k), $strict, $depth + 1);
      }
      return $out;
    }
    if (!$strict) {
      return NULL;
    }
    throw new DefinitionException(self::at($path) . get_debug_type($value) . ' cannot be carried into a definition array');
  }

  /**
   * Does the array hold nothing but scalars, nulls and such arrays (then it
   * is plain as it is)?
   *
   * @param array<mixed> $value
   */
  private static function scalars(array $value, int $depth): bool {
    foreach ($value as $v) {
      if (\is_array($v)) {
        if ($depth >= DefinitionArrayBuilder::MAX_DEPTH || !self::scalars($v, $depth + 1)) {
          return FALSE;
        }
      }
      elseif ($v !== NULL && !\is_scalar($v)) {
        return FALSE;
      }
    }
    return TRUE;
  }

  /** A path one segment deeper. */
  public static function sub(string $path, string $segment): string {
    return $path === '' ? $segment : "$path.$segment";
  }

  /** A path as an error message starts with it. */
  public static function at(string $path): string {
    return $path === '' ? '' : "$path: ";
  }

}
