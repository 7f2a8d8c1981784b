<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;

/**
 * `Positive`, `PositiveOrZero`, `Negative`, `NegativeOrZero` (options
 * ignored): the comparisons of Comparison against 0 (src/constraint/sign.rs).
 */
final class Sign
{
    /** [bound, the outcomes of `$value <=> 0` it accepts] by constraint. */
    private const BOUNDS = [
        'Positive' => [Comparison::EXCLUSIVE_MIN, [1]],
        'PositiveOrZero' => [Comparison::MIN, [0, 1]],
        'Negative' => [Comparison::EXCLUSIVE_MAX, [-1]],
        'NegativeOrZero' => [Comparison::MAX, [-1, 0]],
    ];

    public static function apply(Rule $rule, Facets $f): void
    {
        if (!Comparison::numeric($rule->cat)) {
            $rule->notApplicable();
            return;
        }
        Comparison::put($f, self::BOUNDS[$rule->id][0], 0);
    }

    public static function rejects(string $which, mixed $v): ?bool
    {
        return Comparison::rejectsAgainst($v, 0, self::BOUNDS[$which][1]);
    }
}
