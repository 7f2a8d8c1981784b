<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Normalize\Definition as Ty;
use ToolSchema\Php\Constraint;

/**
 * B6: "" for an optional input that cannot hold it becomes null
 * (src/coerce/empty_optional.rs): the integer kinds (integer, timestamp,
 * timespan), float, boolean, list, map, and decimal and datetime_iso8601 (for
 * which "" is never valid); and a string kind whose schema refuses "" although
 * Drupal's validators skip it (refusesEmpty()). Takes precedence over list
 * wrapping. Never where a null could empty a list or map that must not be
 * empty (Definition::child(): never a list item; a map property only when the
 * map may become empty or has another entry that is neither null nor "").
 */
final class EmptyOptional
{
    public static function appliesTo(int $ty): bool
    {
        $cat = Ty::cat($ty);
        return $cat === Ty::CAT_INT || $cat === Ty::CAT_NUM || $cat === Ty::CAT_BOOL || $cat === Ty::CAT_LIST
            || $cat === Ty::CAT_MAP || $ty === Ty::DECIMAL || $ty === Ty::DATETIME_ISO8601;
    }

    /**
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     * @return array{0: int, 1: mixed}|null
     */
    public static function decide(array $def, mixed $v): ?array
    {
        return ($v === '' && !$def['required'] && $def['mayNull'] && (self::appliesTo($def['ty']) || self::refusesEmpty($def)))
            ? [Repair::VALUE, null] : null;
    }

    /**
     * A string kind whose schema (normalize_schema's) refuses "": email, uri,
     * duration_iso8601, and the constraints whose schema refuses ""
     * (Constraint::refusesEmpty()).
     *
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     */
    public static function refusesEmpty(array $def): bool
    {
        $ty = $def['ty'];
        if (Ty::cat($ty) !== Ty::CAT_STR) {
            return false;
        }
        if ($ty === Ty::EMAIL || $ty === Ty::URI || $ty === Ty::DURATION_ISO8601) {
            return true;
        }
        $constraints = $def['node']['constraints'] ?? null;
        return \is_array($constraints) && Constraint::refusesEmpty($constraints);
    }
}
