<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;

/**
 * `Range` (`{min, max}`: numbers) → `minimum`/`maximum` on integers and
 * floats (src/constraint/range.rs). A value is rejected as Drupal's Range
 * decides it: a bool or a word is not numeric (rejected); a number must lie
 * within `min` and `max`. Null passes.
 */
final class Range
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        if (!\is_array($opts)) {
            throw $rule->error([], 'must be an array of options');
        }
        $min = $rule->numberOption($opts, 'min');
        $max = $rule->numberOption($opts, 'max');
        if (!Comparison::numeric($rule->cat)) {
            $rule->notApplicable();
            return;
        }
        if ($min !== null) {
            Comparison::put($f, Comparison::MIN, $min);
        }
        if ($max !== null) {
            Comparison::put($f, Comparison::MAX, $max);
        }
    }

    public static function rejects(mixed $options, mixed $v): ?bool
    {
        if ($v === null) {
            return false;
        }
        if (!\is_array($options)) {
            return null;
        }
        $bounds = [];
        foreach (['min', 'max'] as $key) {
            $b = $options[$key] ?? null;
            if ($b !== null && !Comparison::isLimit($b)) {
                return null;
            }
            $bounds[] = $b;
        }
        $op = Comparison::operand($v);
        if ($op === null) {
            return null;
        }
        if (\is_bool($op) || \is_string($op)) {
            return true;
        }
        return ($bounds[0] !== null && $op < $bounds[0]) || ($bounds[1] !== null && $op > $bounds[1]);
    }
}
