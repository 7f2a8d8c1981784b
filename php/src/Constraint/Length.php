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
     * neither `min` nor `max` is given): [min, max, value, exactly, problem],
     * each count as given (null when absent; min and max false for options
     * neither an int nor an array), problem the first thing normalize_schema
     * refuses ([path, message]) or null.
     *
     * @return array{0: mixed, 1: mixed, 2: mixed, 3: mixed, 4: array{0: list<string>, 1: string}|null}
     */
    public static function read(mixed $o): array
    {
        if (!\is_array($o)) {
            $n = \is_int($o) ? $o : false;
            return [$n, $n, null, null, \is_int($o) && $o >= 0 ? null : [[], 'must be a non-negative integer or an array of options']];
        }
        $c = [$o['min'] ?? null, $o['max'] ?? null, $o['value'] ?? null, $o['exactly'] ?? null, null];
        foreach (['min', 'max', 'value', 'exactly'] as $i => $key) {
            if ($c[$i] !== null && !(\is_int($c[$i]) && $c[$i] >= 0)) {
                $c[4] = [[$key], 'must be a non-negative integer or null'];
                break;
            }
        }
        return $c;
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
        $e = $c[2] ?? $c[3];
        return $c[0] === null && $c[1] === null && $e !== null ? [$e, $e] : [$c[0], $c[1]];
    }

    /**
     * The bounds the schema states; shared with `Count`.
     *
     * @param array{0: mixed, 1: mixed, 2: mixed, 3: mixed, 4: array{0: list<string>, 1: string}|null} $c what read() gives
     * @return array{0: ?int, 1: ?int}
     */
    public static function stated(Rule $rule, array $c): array
    {
        if ($c[4] !== null) {
            throw $rule->error(...$c[4]);
        }
        return self::bounds($c) ?? [null, null];
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        $range = self::stated($rule, self::read($opts));
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
