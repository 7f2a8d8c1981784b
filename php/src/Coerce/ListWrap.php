<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Normalize\Definition as Ty;

/**
 * Kept rule: a scalar for a `list` becomes a one-item list (the item is then
 * coerced with `items`). Not wrapped: null, "", and strings opening with `[`
 * or `{` (B1 decides those). Nor, for a list of strings (string kinds and
 * entity references), a string holding a list separator (`,` `;` `\n` `\r`)
 * inside its padding: one item or two is not known (src/coerce/list_wrap.rs).
 */
final class ListWrap
{
    /** The bytes that separate list items in a string. */
    public const SEPARATORS = ",;\n\r";

    /**
     * @param Def $def
     * @return Repair|null
     */
    public static function decide($def, mixed $v)
    {
        if ($v === null || $v === '' || (\is_string($v) && JsonString::opening($v) !== null)) {
            return null;
        }
        if (\is_string($v) && self::ofStrings($def) && strpbrk(\trim($v, ChoiceMatch::TRIM), self::SEPARATORS) !== false) {
            return null;
        }
        return new Repair(RepairKind::WrapList);
    }

    /** Whether the list's items are strings: a string kind or an entity reference. */
    private static function ofStrings(Def $def): bool
    {
        $items = $def->node['items'] ?? null;
        $type = \is_array($items) ? ($items['type'] ?? null) : null;
        if (!\is_string($type)) {
            return false;
        }
        $ty = Ty::tyFromId($type);
        return Ty::cat($ty) === Ty::CAT_STR || $ty === Ty::ENTITY;
    }
}
