<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * `Length` → `minLength`/`maxLength` on strings (both count Unicode code points)
 * (src/normalize/length.rs).
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
            $value = $rule->countOption($opts, 'value');
            $exactly = $rule->countOption($opts, 'exactly');
            $e = $value ?? $exactly;
            return $e !== null && $min === null && $max === null ? [$e, $e] : [$min, $max];
        }
        throw $rule->error([], 'must be a non-negative integer or an array of options');
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        [$min, $max] = self::minMax($rule, $opts);
        if ($rule->cat !== Definition::CAT_STR) {
            // Symfony counts the characters of the value cast to a string.
            $rule->notApplicable();
            return;
        }
        if ($min !== null) {
            $f->minLength = Facets::raise($f->minLength, $min);
        }
        if ($max !== null) {
            $f->maxLength = Facets::lower($f->maxLength, $max);
        }
    }
}
