<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Model\Value;

/**
 * "null" (the word, in any ASCII case, padding aside) for an optional input
 * of a non-string type becomes null (src/coerce/null_string.rs): the same
 * inputs as B6 (EmptyOptional), only where B6 may make a null. A required
 * input, and every string kind, keep it. Issue 27: but an optional enum none
 * of whose choices is the word (EmptyOptional::notAChoice()) makes it null too.
 */
final class NullString
{
    /** Whether $s is the word null (ASCII case, padding aside). */
    public static function isNullWord(string $s): bool
    {
        return \strtolower(\trim($s, Value::TRIM)) === 'null';
    }

    /**
     * $unmatched: no choice of the definition matches $v (B2 found none).
     *
     * @param Def $def
     * @return Repair|null
     */
    public static function decide($def, mixed $v, bool $unmatched)
    {
        return (\is_string($v) && self::isNullWord($v) && !$def->required && $def->mayNull
            && (EmptyOptional::appliesTo($def->ty) || ($unmatched && EmptyOptional::notAChoice($def, $v))))
            ? new Repair(RepairKind::Value, null) : null;
    }
}
