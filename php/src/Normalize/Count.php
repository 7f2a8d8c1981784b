<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * `Count` → `minItems`/`maxItems` on lists, `minProperties`/`maxProperties` on
 * maps (src/normalize/count.rs).
 */
final class Count
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        [$min, $max] = Length::minMax($rule, $opts);
        if ($rule->cat !== Definition::CAT_LIST && $rule->cat !== Definition::CAT_MAP) {
            $rule->notApplicable();
            return;
        }
        if ($min !== null) {
            $f->minCount = Facets::raise($f->minCount, $min);
        }
        if ($max !== null) {
            $f->maxCount = Facets::lower($f->maxCount, $max);
        }
    }
}
