<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/**
 * `Range` (`{min, max}`: numbers) → `minimum`/`maximum` on integers and
 * floats (src/constraint/range.rs). A value is rejected as Drupal's Range
 * decides it: a bool or a word is not numeric (rejected); a number must lie
 * within `min` and `max`. Null passes.
 */
final class Range
{
    /**
     * Reads the options once: [min, max] as given (null: no bound); null when
     * they are not an array.
     *
     * @return array{0: mixed, 1: mixed}|null
     */
    public static function read(mixed $opts): ?array
    {
        return \is_array($opts) ? [$opts['min'] ?? null, $opts['max'] ?? null] : null;
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        [$min, $max] = self::read($opts) ?? throw $rule->error([], 'must be an array of options');
        // A bound is a finite number (Rule::number() says why not).
        if ($min !== null && !\is_int($min)) {
            $rule->number($min, ['min']);
        }
        if ($max !== null && !\is_int($max)) {
            $rule->number($max, ['max']);
        }
        // Comparison::numeric() and put(), written out: a call per bound shows.
        if ($rule->cat !== Ty::CAT_INT && $rule->cat !== Ty::CAT_NUM) {
            $rule->notApplicable();
            return;
        }
        if ($min !== null) {
            $f->minimum = Facets::raiseNum($f->minimum, $min);
        }
        if ($max !== null) {
            $f->maximum = Facets::lowerNum($f->maximum, $max);
        }
    }

    /**
     * Whether Range (its bounds read: read()) rejects $v.
     *
     * @param array{0: mixed, 1: mixed}|null $bounds
     */
    public static function rejects(?array $bounds, mixed $v): ?bool
    {
        if ($v === null) {
            return false;
        }
        // A bound that is not a number leaves the constraint undecided.
        [$min, $max] = $bounds ?? [false, false];
        if (($min !== null && !Comparison::isLimit($min)) || ($max !== null && !Comparison::isLimit($max))) {
            return null;
        }
        $op = Comparison::operand($v);
        if ($op === null) {
            return null;
        }
        if (\is_bool($op) || \is_string($op)) {
            return true;
        }
        return ($min !== null && $op < $min) || ($max !== null && $op > $max);
    }
}
