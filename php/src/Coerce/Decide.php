<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Value;

/**
 * The one decision for a scalar value (src/coerce/decide.rs).
 * Order: `any` is never coerced; for strings, an exact choice match stops, then
 * B6 (EmptyOptional) and "null" (NullString), then B2 (ChoiceMatch); then the type's rules. The first
 * rule that proposes a repair decides; the Guard then drops it when it would
 * land on a value the definition's own value constraints reject where the
 * value passes them (the value stays; no other rule is tried).
 */
final class Decide
{
    /**
     * @param Def $def
     * @return Repair|null
     */
    public static function decide($def, mixed $v)
    {
        $r = self::propose($def, $v);
        return ($r !== null && Guard::allows($def, $v, $r)) ? $r : null;
    }

    /**
     * The repair the rules propose, before the guard.
     *
     * @param Def $def
     * @return Repair|null
     */
    private static function propose($def, mixed $v)
    {
        $ty = $def->ty;
        if ($ty === Ty::ANY) {
            return null;
        }
        if (\is_string($v)) {
            $m = ChoiceMatch::NONE;
            $choices = [];
            if (ChoiceMatch::appliesTo($ty)) {
                $choices = $def->choices();
                $m = ChoiceMatch::find($choices, $v);
            }
            if ($m === ChoiceMatch::EXACT) {
                return null;
            }
            $unmatched = $m === ChoiceMatch::NONE;
            $r = EmptyOptional::decide($def, $v, $unmatched) ?? NullString::decide($def, $v, $unmatched);
            if ($r !== null) {
                return $r;
            }
            if ($m >= 0) {
                return new Repair(RepairKind::Choice, $choices[$m]);
            }
            if ($m === ChoiceMatch::AMBIGUOUS) {
                return null;
            }
        }
        // The padding rule: a repair that reads a string's content (a number,
        // a boolean, a date) reads it without the padding PHP's trim() strips,
        // as B2 matches choices and B1 skips JSON whitespace (docs/coerce.md).
        $t = \is_string($v) ? \trim($v, Value::TRIM) : $v;
        return match (Ty::cat($ty)) {
            Ty::CAT_BOOL => BooleanString::decide($t) ?? IntBoolean::decide($v),
            Ty::CAT_INT => NumericString::decideInteger($t) ?? IntegralFloat::decide($v)
                ?? ($ty === Ty::TIMESTAMP ? Timestamp::decide($t) : null),
            Ty::CAT_NUM => NumericString::decideFloat($t) ?? IntFloat::decide($v),
            Ty::CAT_STR => $ty === Ty::DATETIME_ISO8601 ? DateTime::decide($v, $t) : null,
            Ty::CAT_LIST => JsonString::decide($v, '[') ?? FencedJson::decide($v, '[') ?? ListWrap::decide($def, $v),
            Ty::CAT_MAP => JsonString::decide($v, '{') ?? FencedJson::decide($v, '{'),
            default => $ty === Ty::ENTITY ? EntityId::decide($def, $v) : null,
        };
    }
}
