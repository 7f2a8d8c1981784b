<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Value;

/**
 * B2: a string matching a choice after trim() (PHP default set) and ASCII-only
 * lowercasing (PHP 8.2 strtolower) becomes the canonical choice, only when
 * exactly one distinct choice matches. Non-ASCII bytes compare exactly. Values
 * that are not valid UTF-8 or longer than MAX_CHOICE_LEN bytes never match.
 * Only for the kinds of appliesTo().
 */
final class ChoiceMatch
{
    public const MAX_CHOICE_LEN = 1024;
    public const NONE = -1;
    public const EXACT = -2;
    public const AMBIGUOUS = -3;

    /**
     * B2 applies to the types whose valid values are strings (the string kinds,
     * decimal, datetime_iso8601, filter_format) and other ids (Rust:
     * choice_match::applies_to).
     */
    public static function appliesTo(int $ty): bool
    {
        return Ty::cat($ty) === Ty::CAT_STR || $ty === Ty::OTHER || $ty === Ty::ENTITY;
    }

    /**
     * @param list<string> $choices
     * @return int index of the one matching choice, or NONE, EXACT, AMBIGUOUS
     */
    public static function find(array $choices, string $s): int
    {
        if ($choices === []) {
            return self::NONE;
        }
        if (\in_array($s, $choices, true)) {
            return self::EXACT;
        }
        if (\strlen($s) > self::MAX_CHOICE_LEN || \preg_match('//u', $s) !== 1) {
            return self::NONE;
        }
        $needle = \strtolower(\trim($s, Value::TRIM));
        $found = self::NONE;
        foreach ($choices as $i => $c) {
            if (\strtolower(\trim($c, Value::TRIM)) === $needle) {
                if ($found === self::NONE) {
                    $found = $i;
                } elseif ($choices[$found] !== $c) {
                    return self::AMBIGUOUS;
                }
            }
        }
        return $found;
    }
}
