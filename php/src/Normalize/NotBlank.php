<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * `NotBlank` → `minLength: 1` on strings, `minItems: 1` on lists,
 * `minProperties: 1` on maps. (Symfony's NotBlank lets `"0"` and `0` through, as
 * these do.) Options are ignored (src/normalize/not_blank.rs).
 */
final class NotBlank
{
    public static function apply(int $cat, Facets $f): void
    {
        if ($cat === Definition::CAT_STR) {
            $f->minLength = Facets::raise($f->minLength, 1);
        } elseif ($cat === Definition::CAT_LIST || $cat === Definition::CAT_MAP) {
            $f->minCount = Facets::raise($f->minCount, 1);
        }
    }
}
