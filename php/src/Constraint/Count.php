<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/**
 * `Count` → `minItems`/`maxItems` on lists, `minProperties`/`maxProperties` on
 * maps (src/constraint/count.rs). Its options are Length's (Length::read()).
 * It asks a list or map for entries.
 */
final class Count
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        $range = Length::read($opts);
        $range[4] === null || throw $rule->error(...$range[4]);
        if ($rule->cat !== Ty::CAT_LIST && $rule->cat !== Ty::CAT_MAP) {
            $rule->notApplicable();
            return;
        }
        Facets::narrow($f->minCount, $f->maxCount, $range);
    }
}
