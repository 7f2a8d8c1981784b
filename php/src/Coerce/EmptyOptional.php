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
 * empty (Def::child(): never a list item; a map property only when the
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
     * @param Def $def
     * @return Repair|null
     */
    public static function decide($def, mixed $v)
    {
        return ($v === '' && !$def->required && $def->mayNull && (self::appliesTo($def->ty) || self::refusesEmpty($def)))
            ? new Repair(RepairKind::Value, null) : null;
    }

    /**
     * A string kind whose schema (normalize_schema's) refuses "": email, uri,
     * duration_iso8601, and the constraints whose schema refuses ""
     * (Constraint::refusesEmpty()).
     */
    public static function refusesEmpty(Def $def): bool
    {
        $ty = $def->ty;
        if (Ty::cat($ty) !== Ty::CAT_STR) {
            return false;
        }
        if ($ty === Ty::EMAIL || $ty === Ty::URI || $ty === Ty::DURATION_ISO8601) {
            return true;
        }
        $constraints = $def->node['constraints'] ?? null;
        return \is_array($constraints) && Constraint::refusesEmpty($constraints);
    }
}
