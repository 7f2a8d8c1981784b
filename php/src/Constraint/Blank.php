<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/** Symfony's `Blank`: "" or null (`maxLength: 0` on strings, else nothing but null); src/constraint/blank.rs. */
final class Blank
{
    public static function apply(Rule $rule, Facets $f): void
    {
        if ($rule->cat === Ty::CAT_STR) {
            $f->maxLength = Facets::lower($f->maxLength, 0);
        } else {
            $f->enums[] = ['nothing', null];
            // A null list or map below the input level is validated as an
            // empty one, which Blank refuses (src/constraint/blank.rs).
            if ($rule->cat === Ty::CAT_LIST || $rule->cat === Ty::CAT_MAP) {
                $f->nullRefusedNested = true;
            }
        }
    }
}
