<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Constraint\Choice;
use ToolSchema\Php\Normalize\Definition as Ty;

/**
 * The guard (src/coerce/guard.rs): a repair never lands on a value the
 * definition's own value constraints reject where the value it repairs passes
 * them. For a scalar repair $from → $to each constraint is asked about both
 * values; the repair is dropped (the value stays, no other rule is tried)
 * when a constraint rejects $to but not $from. Each constraint's class of the
 * catalogue says whether it rejects a value (Constraint::rejects()), and, for
 * a list's items, the list's Choice with `multiple: true`
 * (Constraint\Choice::eachOf()). A repair into a list or map (B1,
 * list_wrap) is judged the same way, the new value being an array: never a
 * choice, never identical to a scalar, blank when empty (only B1's "[]" or
 * "{}"). Options are read, not checked, as Symfony's constraint objects hold
 * them (Definition::optionFlag()).
 */
final class Guard
{
    /** Whether the repair $r of $from under $def may be made. */
    public static function allows(Def $def, mixed $from, Repair $r): bool
    {
        $each = $def->eachChoiceOf;
        $c = $def->node['constraints'] ?? null;
        if ($each === null && !\is_array($c)) {
            return true;
        }
        $to = self::after($from, $r);
        if ($each !== null && Choice::rejects($each, $to, false) === true && Choice::rejects($each, $from, false) === false) {
            return false;
        }
        if (!\is_array($c)) {
            return true;
        }
        // A repair that one constraint rejects where the value passes it.
        foreach ($c as $name => $options) {
            if (Constraint::rejects($name, $options, $def->ty, $to) === true && Constraint::rejects($name, $options, $def->ty, $from) === false) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether $v is a value $def accepts (issue 27: what ListWrap wraps): one
     * of its type (fits()) that none of the constraints the guard reads
     * rejects (an undecided one does not).
     */
    public static function accepts(Def $def, mixed $v): bool
    {
        if (!self::fits($def->ty, $v)) {
            return false;
        }
        $each = $def->eachChoiceOf;
        if ($each !== null && Choice::rejects($each, $v, false) === true) {
            return false;
        }
        $c = $def->node['constraints'] ?? null;
        if (\is_array($c)) {
            foreach ($c as $name => $options) {
                if (Constraint::rejects($name, $options, $def->ty, $v) === true) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The value the repair $r makes of $from, as the guard sees it: an array
     * stands for the list or map B1, the fence or list_wrap would make
     * (empty or not is all the constraints can see of it).
     */
    public static function after(mixed $from, Repair $r): mixed
    {
        return match ($r->kind) {
            RepairKind::Json => JsonString::isEmptyContainer($from) ? [] : [null],
            RepairKind::Fenced => \is_string($from) && JsonString::isEmptyContainer(FencedJson::inner($from)) ? [] : [null],
            RepairKind::WrapList => [null],
            default => $r->to,
        };
    }

    /**
     * Whether $v is of the type $ty, as the schema states it: a bool for
     * boolean, an int for the integer kinds (or a float without a fraction,
     * which JSON Schema's `integer` holds), a number for float, a string
     * for the string kinds (a number for decimal too: Drupal's decimal holds
     * it, and coercion leaves it), an array for list and map, a string for an
     * entity; anything for `any` and other ids (src/coerce/guard.rs: fits).
     */
    public static function fits(int $ty, mixed $v): bool
    {
        $cat = Ty::cat($ty);
        if (\is_array($v)) {
            return $cat === Ty::CAT_LIST || $cat === Ty::CAT_MAP || $ty === Ty::ANY || $ty === Ty::OTHER;
        }
        return match ($cat) {
            Ty::CAT_BOOL => \is_bool($v),
            Ty::CAT_INT => \is_int($v) || (\is_float($v) && \is_finite($v) && \floor($v) === $v),
            Ty::CAT_NUM => \is_int($v) || \is_float($v),
            Ty::CAT_STR => \is_string($v) || ($ty === Ty::DECIMAL && (\is_int($v) || \is_float($v))),
            Ty::CAT_LIST, Ty::CAT_MAP => false,
            default => $ty !== Ty::ENTITY || \is_string($v),
        };
    }
}
