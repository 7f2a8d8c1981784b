<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * `NotBlank`, as Symfony's NotBlank decides blank (`false`, `""`, `[]`, null;
 * `"0"` and `0` are not blank): `minLength: 1` on strings, `minItems: 1` on
 * lists, `minProperties: 1` on maps, `const: true` on booleans, and
 * `not: {enum: [false, "", [], {}]}` on `any`. Numbers are never blank.
 * Options are ignored (src/normalize/not_blank.rs).
 */
final class NotBlank
{
    public static function apply(int $cat, Facets $f): void
    {
        switch ($cat) {
            case Definition::CAT_STR:
                $f->minLength = Facets::raise($f->minLength, 1);
                break;
            case Definition::CAT_LIST:
            case Definition::CAT_MAP:
                $f->minCount = Facets::raise($f->minCount, 1);
                break;
            case Definition::CAT_BOOL:
                $f->enums[] = ['true', null];
                break;
            case Definition::CAT_ANY:
                $f->nots[] = ['blank', null];
                break;
        }
    }
}
