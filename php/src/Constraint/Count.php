<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Normalize\Definition;
use ToolSchema\Php\Normalize\Facets;
use ToolSchema\Php\Normalize\Rule;

/**
 * `Count` → `minItems`/`maxItems` on lists, `minProperties`/`maxProperties` on
 * maps (src/constraint/count.rs). Its options are Length's (Length::read()).
 * It asks a list or map for entries.
 */
final class Count
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        $range = Length::stated($rule, Length::read($opts));
        if ($rule->cat !== Definition::CAT_LIST && $rule->cat !== Definition::CAT_MAP) {
            $rule->notApplicable();
            return;
        }
        Facets::narrow($f->minCount, $f->maxCount, $range);
    }
}
