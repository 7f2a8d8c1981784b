<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/**
 * `Count` → `minItems`/`maxItems` on lists, `minProperties`/`maxProperties` on
 * maps (src/constraint/count.rs). It asks a list or map for entries.
 */
final class Count
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        // src/constraint/count.rs shares length::bounds for these lines; a
        // shared Length::bounds() here, passing the slots by reference once
        // more, cost normalize-php +0.5 % Ir.
        $range = Length::minMax($rule, $opts);
        if ($rule->cat !== Ty::CAT_LIST && $rule->cat !== Ty::CAT_MAP) {
            $rule->notApplicable();
            return;
        }
        Facets::narrow($f->minCount, $f->maxCount, $range);
    }
}
