<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/**
 * `Length` → `minLength`/`maxLength` on strings (both count Unicode code points)
 * (src/constraint/length.rs). With a minimum of 1 or more the schema refuses ""
 * (refusesEmpty()).
 */
final class Length
{
    /**
     * Reads the options once (Rust: Counts; shared with `Count`): `N` (exactly
     * N) or `{min, max, value, exactly}` (`value`, or the named `exactly` of
     * Symfony's constructor, is the exact count, which Symfony uses only when
     * neither `min` nor `max` is given: as its object does, an int one is
     * then `min` and `max`): [min, max, value, exactly, problem], each count
     * as given (null when absent; min and max false for options neither an
     * int nor an array), problem the first thing normalize_schema refuses
     * ([path, message]) or null. `value` and `exactly` (rare) are read only
     * when one is set.
     *
     * @return array{0: mixed, 1: mixed, 2: mixed, 3: mixed, 4: array{0: list<string>, 1: string}|null}
     */
    public static function read(mixed $o): array
    {
        if (!\is_array($o)) {
            $n = \is_int($o) ? $o : false;
            return [$n, $n, null, null, \is_int($o) && $o >= 0 ? null : [[], 'must be a non-negative integer or an array of options']];
        }
        $min = $o['min'] ?? null;
        $max = $o['max'] ?? null;
        $value = $exactly = null;
        $problem = match (true) {
            !(\is_int($min) ? $min >= 0 : $min === null) => 'min',
            !(\is_int($max) ? $max >= 0 : $max === null) => 'max',
            default => null,
        };
        if (isset($o['value']) || isset($o['exactly'])) {
            $value = $o['value'] ?? null;
            $exactly = $o['exactly'] ?? null;
            $problem ??= match (true) {
                !(\is_int($value) ? $value >= 0 : $value === null) => 'value',
                !(\is_int($exactly) ? $exactly >= 0 : $exactly === null) => 'exactly',
                default => null,
            };
            $e = $value ?? $exactly;
            if ($min === null && $max === null && \is_int($e)) {
                $min = $max = $e;
            }
        }
        return [$min, $max, $value, $exactly, $problem === null ? null : [[$problem], 'must be a non-negative integer or null']];
    }

    /**
     * The bounds Symfony's validator counts against; null where a count is
     * not an int or null (undecided).
     *
     * @param array{0: mixed, 1: mixed, 2: mixed, 3: mixed, 4: mixed} $c what read() gives
     * @return array{0: ?int, 1: ?int}|null
     */
    public static function bounds(array $c): ?array
    {
        for ($i = 0; $i < 4; $i++) {
            if ($c[$i] !== null && !\is_int($c[$i])) {
                return null;
            }
        }
        return [$c[0], $c[1]];
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        // Rust's Counts::stated(), written out (here and in Count): a call per
        // Length shows.
        $range = self::read($opts);
        $range[4] === null || throw $rule->error(...$range[4]);
        if ($rule->cat !== Ty::CAT_STR) {
            // Symfony counts the characters of the value cast to a string.
            $rule->notApplicable();
            return;
        }
        Facets::narrow($f->minLength, $f->maxLength, $range);
    }

    /**
     * Whether a string of $n characters is refused (null: undecided).
     *
     * @param array{0: mixed, 1: mixed, 2: mixed, 3: mixed, 4: mixed} $c what read() gives
     */
    public static function rejects(array $c, int $n): ?bool
    {
        $b = self::bounds($c);
        return $b === null ? null : ($b[0] !== null && $n < $b[0]) || ($b[1] !== null && $n > $b[1]);
    }

    /**
     * Whether the minimum is 1 or more (an int `min`; else, with no `max`, an
     * int `value` or `exactly`): the schema refuses "" (B6).
     *
     * @param array{0: mixed, 1: mixed, 2: mixed, 3: mixed, 4: mixed} $c what read() gives
     */
    public static function refusesEmpty(array $c): bool
    {
        [$min, $max, $value, $exactly] = $c;
        if (\is_int($min)) {
            return $min >= 1;
        }
        return $max === null && (\is_int($value) ? $value : (\is_int($exactly) ? $exactly : 0)) >= 1;
    }
}
