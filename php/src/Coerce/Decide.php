<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * The one decision function for a scalar value (Rust: coerce::decide).
 * Order: `any` is never coerced; for strings, an exact choice match stops, then
 * B6 (EmptyOptional), then B2 (ChoiceMatch); then the type's rules.
 */
final class Decide
{
    /**
     * @param array<string, mixed> $def
     * @return array{0: int, 1: mixed}|null
     */
    public static function decide(array $def, mixed $v): ?array
    {
        $kind = $def['kind'];
        if ($kind === Kind::ANY) {
            return null;
        }
        if (\is_string($v)) {
            $m = ChoiceMatch::appliesTo($kind) ? ChoiceMatch::find($def['choices'], $v) : ChoiceMatch::NONE;
            if ($m === ChoiceMatch::EXACT) {
                return null;
            }
            $r = EmptyOptional::decide($def, $v);
            if ($r !== null) {
                return $r;
            }
            if ($m >= 0) {
                return [Repair::CHOICE, $m];
            }
            if ($m === ChoiceMatch::AMBIGUOUS) {
                return null;
            }
        }
        switch ($kind) {
            case Kind::BOOLEAN:
                return BooleanString::decide($v) ?? IntBoolean::decide($v);
            case Kind::INTEGER:
                return NumericString::decideInteger($v) ?? IntegralFloat::decide($v);
            case Kind::FLOAT:
                return NumericString::decideFloat($v);
            case Kind::TIMESTAMP:
                return NumericString::decideInteger($v) ?? IntegralFloat::decide($v) ?? Timestamp::decide($v);
            case Kind::DATETIME:
                return DateTime::decide($v);
            case Kind::LIST:
                return JsonString::decide($v, '[') ?? ListWrap::decide($v);
            case Kind::MAP:
                return JsonString::decide($v, '{');
            default:
                return null;
        }
    }
}
