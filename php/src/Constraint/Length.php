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
     * Reads `N` (exactly N) or `{min, max, value}` (`value`, or the named
     * `exactly` of Symfony's constructor, is the exact count, which Symfony
     * uses only when neither `min` nor `max` is given); shared with `Count`.
     *
     * @return array{0: ?int, 1: ?int} [min, max]
     */
    public static function minMax(Rule $rule, mixed $opts): array
    {
        if (\is_int($opts) && $opts >= 0) {
            return [$opts, $opts];
        }
        if (\is_array($opts)) {
            $min = $rule->countOption($opts, 'min');
            $max = $rule->countOption($opts, 'max');
            // `value` and `exactly` (rare) are read, and checked, when one is given.
            $e = null;
            if (isset($opts['value']) || isset($opts['exactly'])) {
                $value = $rule->countOption($opts, 'value');
                $exactly = $rule->countOption($opts, 'exactly');
                $e = $value ?? $exactly;
            }
            return $e !== null && $min === null && $max === null ? [$e, $e] : [$min, $max];
        }
        throw $rule->error([], 'must be a non-negative integer or an array of options');
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        $range = self::minMax($rule, $opts);
        if ($rule->cat !== Ty::CAT_STR) {
            // Symfony counts the characters of the value cast to a string.
            $rule->notApplicable();
            return;
        }
        Facets::narrow($f->minLength, $f->maxLength, $range);
    }

    /** Whether the stated minimum is 1 or more (0 when none, or options normalize_schema does not read): the schema refuses "" (B6). */
    public static function refusesEmpty(mixed $o): bool
    {
        if (\is_int($o)) {
            return $o >= 1;
        }
        if (!\is_array($o)) {
            return false;
        }
        $int = static fn (string $k): ?int => \is_int($o[$k] ?? null) ? $o[$k] : null;
        if ($int('min') !== null) {
            return $int('min') >= 1;
        }
        if (($o['max'] ?? null) !== null) {
            return false;
        }
        return ($int('value') ?? $int('exactly') ?? 0) >= 1;
    }
}
