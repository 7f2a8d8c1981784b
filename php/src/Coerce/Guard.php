<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Constraint\Choice;

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
        $to = match ($r->kind) {
            // An array standing for the list or map B1 or list_wrap would
            // make: empty or not is all the constraints can see of it.
            RepairKind::Json => JsonString::isEmptyContainer($from) ? [] : [null],
            RepairKind::WrapList => [null],
            default => $r->to,
        };
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
}
