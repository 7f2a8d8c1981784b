<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/**
 * `Length` → `minLength`/`maxLength` on strings (both count Unicode code points)
 * (src/constraint/length.rs). With a minimum of 1 or more the schema refuses ""
 * (read()).
 */
final class Length
{
    private const COUNT = 'must be a non-negative integer or null';

    /**
     * Reads the options once (Rust: Counts; shared with `Count`): `N` (exactly
     * N) or `{min, max, value, exactly}` (`value`, or the named `exactly` of
     * Symfony's constructor, is the exact count, which Symfony uses only when
     * neither `min` nor `max` is given): [bounds, refuses "", problem]. The
     * bounds Symfony's validator counts against ([min, max]; null where a
     * count is not an int or null: undecided); whether the minimum is 1 or
     * more (an int `min`; else, with no `max`, an int `value` or `exactly`):
     * the schema refuses "" (B6); the first thing normalize_schema refuses
     * ([path, message]: a count that is not a non-negative int or null, or
     * options neither that nor an array) or null.
     *
     * @return array{0: array{0: ?int, 1: ?int}|null, 1: bool, 2: array{0: list<string>, 1: string}|null}
     */
    public static function read(mixed $o): array
    {
        if (!\is_array($o)) {
            // `N` is min and max.
            $n = \is_int($o) ? $o : false;
            [$min, $max, $value, $exactly] = [$n, $n, null, null];
            $problem = \is_int($o) && $o >= 0 ? null : [[], 'must be a non-negative integer or an array of options'];
        } else {
            [$min, $max, $value, $exactly] = [$o['min'] ?? null, $o['max'] ?? null, $o['value'] ?? null, $o['exactly'] ?? null];
            $problem = match (true) {
                $min !== null && !(\is_int($min) && $min >= 0) => [['min'], self::COUNT],
                $max !== null && !(\is_int($max) && $max >= 0) => [['max'], self::COUNT],
                $value !== null && !(\is_int($value) && $value >= 0) => [['value'], self::COUNT],
                $exactly !== null && !(\is_int($exactly) && $exactly >= 0) => [['exactly'], self::COUNT],
                default => null,
            };
        }
        $e = $value ?? $exactly;
        $bounds = match (true) {
            !(\is_int($min) || $min === null) || !(\is_int($max) || $max === null)
                || !(\is_int($value) || $value === null) || !(\is_int($exactly) || $exactly === null) => null,
            $min === null && $max === null && $e !== null => [$e, $e],
            default => [$min, $max],
        };
        $least = \is_int($min) ? $min : ($max === null ? (\is_int($value) ? $value : (\is_int($exactly) ? $exactly : 0)) : 0);
        return [$bounds, $least >= 1, $problem];
    }

    /**
     * The bounds the schema states; shared with `Count`.
     *
     * @param array{0: array{0: ?int, 1: ?int}|null, 1: bool, 2: array{0: list<string>, 1: string}|null} $c what read() gives
     * @return array{0: ?int, 1: ?int}
     */
    public static function stated(Rule $rule, array $c): array
    {
        if ($c[2] !== null) {
            throw $rule->error(...$c[2]);
        }
        return $c[0] ?? [null, null];
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
     * @param array{0: array{0: ?int, 1: ?int}|null, 1: bool, 2: mixed} $c what read() gives
     */
    public static function rejects(array $c, int $n): ?bool
    {
        [$min, $max] = $c[0] ?? [false, false];
        return $min === false ? null : ($min !== null && $n < $min) || ($max !== null && $n > $max);
    }
}
