<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

use ToolSchema\Php\Path;

/**
 * Values copied into the schema as they are (`default`, `examples`, choices,
 * `const`, `base_schema`) must encode as JSON: no objects or resources, no NaN or
 * INF, valid UTF-8 strings and keys, bounded nesting (src/model/value_check.rs).
 */
final class ValueCheck
{
    /** Checks `$value`, found under `$key` at `$path`. */
    public static function checkValue(mixed $value, Path $path, string $key): void
    {
        $trail = [$key];
        self::walk($value, $path, $trail);
    }

    /** @param list<string|int> $trail */
    private static function walk(mixed $value, Path $path, array &$trail): void
    {
        if (\is_array($value)) {
            if (\count($trail) > Vocab::MAX_DEPTH) {
                throw $path->error($trail, 'nesting deeper than 64 levels');
            }
            foreach ($value as $k => $v) {
                if (\is_string($k) && !Vocab::validUtf8($k)) {
                    throw $path->error($trail, 'keys must be valid UTF-8');
                }
                if ($v === null || \is_bool($v) || \is_int($v)) {
                    continue;
                }
                $trail[] = $k;
                self::walk($v, $path, $trail);
                \array_pop($trail);
            }
            return;
        }
        self::checkScalar($value, $path, $trail, 'must not be an object or resource');
    }

    /**
     * A scalar fit for `enum`/`const`: null, bool, int, finite float, UTF-8 string.
     *
     * @param list<string|int> $trail
     */
    public static function checkScalar(mixed $value, Path $path, array $trail, string $otherwise = 'must be a scalar'): void
    {
        if ($value === null || \is_bool($value) || \is_int($value)) {
            return;
        }
        if (\is_float($value)) {
            if (!\is_finite($value)) {
                throw $path->error($trail, 'must be a finite number');
            }
            return;
        }
        if (\is_string($value)) {
            if (!Vocab::validUtf8($value)) {
                throw $path->error($trail, 'must be valid UTF-8');
            }
            return;
        }
        throw $path->error($trail, $otherwise);
    }

    /**
     * A copy of `$value` with no PHP reference in it (arrays are rebuilt entry
     * by entry, down to 72 levels: deeper values were refused before), so that
     * writing to a schema never writes to the caller's variables
     * (src/php/zval.rs `ZBuilder::share` does the same for the extension).
     */
    public static function plain(mixed $value, int $depth = 0): mixed
    {
        if (!\is_array($value) || $depth > 72) {
            return $value;
        }
        $out = [];
        foreach ($value as $k => $v) {
            $out[$k] = \is_array($v) ? self::plain($v, $depth + 1) : $v;
        }
        return $out;
    }

    /** True when checkScalar() would pass (no error built). */
    public static function isScalar(mixed $value): bool
    {
        if ($value === null || \is_bool($value) || \is_int($value)) {
            return true;
        }
        if (\is_float($value)) {
            return \is_finite($value);
        }
        return \is_string($value) && Vocab::validUtf8($value);
    }
}
