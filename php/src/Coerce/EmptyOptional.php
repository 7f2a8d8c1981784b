<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Model\Ty;

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
     * $unmatched: no choice of the definition matches $v (B2 found none).
     *
     * @param Def $def
     * @return Repair|null
     */
    public static function decide($def, mixed $v, bool $unmatched)
    {
        return ($v === '' && !$def->required && $def->mayNull
            && (self::appliesTo($def->ty) || self::refusesEmpty($def) || ($unmatched && self::notAChoice($def, $v))))
            ? new Repair(RepairKind::Value, null) : null;
    }

    /**
     * A string kind whose schema (normalize_schema's) refuses "": email, uri,
     * duration_iso8601, and the constraints whose schema refuses ""
     * (Constraint::refusesEmpty()); or (issue 27) an entity input with a
     * fixed type (`minLength: 1`).
     */
    public static function refusesEmpty(Def $def): bool
    {
        $ty = $def->ty;
        if ($ty === Ty::ENTITY) {
            return EntityId::fixedType($def);
        }
        if (Ty::cat($ty) !== Ty::CAT_STR) {
            return false;
        }
        if ($ty === Ty::EMAIL || $ty === Ty::URI || $ty === Ty::DURATION_ISO8601) {
            return true;
        }
        $constraints = $def->node['constraints'] ?? null;
        return \is_array($constraints) && Constraint::refusesEmpty($constraints);
    }

    /**
     * Issue 27: $v is not one of the choices an optional enum states: for a
     * kind B2 reads (string kinds, entity and other ids), a Choice or
     * AllowedValues of the definition (the schema's `enum`) rejects it, as
     * the guard reads them (Constraint::rejects(); a `match: false` or
     * `multiple` one, or an undecided one, does not). With no choice
     * matching it either (B2), "" and "null" are then a model's "nothing"
     * (src/coerce/empty_optional.rs: not_a_choice).
     */
    public static function notAChoice(Def $def, mixed $v): bool
    {
        $c = $def->node['constraints'] ?? null;
        if (!\is_array($c) || !ChoiceMatch::appliesTo($def->ty)) {
            return false;
        }
        foreach (['Choice', 'AllowedValues'] as $name) {
            if (\array_key_exists($name, $c) && Constraint::rejects($name, $c[$name], $def->ty, $v) === true) {
                return true;
            }
        }
        return false;
    }
}
