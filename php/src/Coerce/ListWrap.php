<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Model\Value;

/**
 * Kept rule: a scalar for a `list` becomes a one-item list (the item is then
 * coerced with `items`), only when the item is a value the item definition
 * accepts (issue 27). Not wrapped: null, "", strings opening with `[` or `{`
 * (B1 decides those) or holding a fence mark (FencedJson); a string holding
 * a list separator (`,` `;` `\n` `\r`) inside its padding, for any list (one
 * item or two is not known); a scalar the item definition does not accept
 * once the item's own rules have repaired it (Guard::accepts():
 * its type and the constraints the guard reads) (src/coerce/list_wrap.rs).
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
        if ($v === null || $v === '') {
            return null;
        }
        if (\is_string($v) && (JsonString::opening($v) !== null || FencedJson::hasFence($v)
            || \strpbrk(\trim($v, Value::TRIM), self::SEPARATORS) !== false)) {
            return null;
        }
        $items = $def->items();
        if ($items !== null && !self::acceptsItem($items, $v)) {
            return null;
        }
        return new Repair(RepairKind::WrapList);
    }

    /** Whether $v, repaired as an item of $items would be, is a value $items accepts. */
    private static function acceptsItem(Def $items, mixed $v): bool
    {
        $r = Decide::decide($items, $v);
        return Guard::accepts($items, $r === null ? $v : Guard::after($v, $r));
    }
}
