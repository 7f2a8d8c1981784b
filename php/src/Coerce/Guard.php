<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Constraint\Choice;
use ToolSchema\Php\Constraint\Length;
use ToolSchema\Php\Model\Ty;

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
 * them (Model\Value::optionFlag()).
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
            if (self::rejects($name, $options, $def->ty, $to) === true && self::rejects($name, $options, $def->ty, $from) === false) {
                return false;
            }
        }
        return !self::stringFormBreaks($c, $from, $to);
    }

    /**
     * Length and Regex read the value's PHP string form (issue 30; the rule is
     * written in src/coerce/guard.rs, string_form_breaks): a repair that
     * changes it is dropped where one of them is present, unless it is Length
     * alone, both forms are counted and Length does not newly refuse the
     * repaired one.
     *
     * @param array<mixed> $c the constraints
     */
    private static function stringFormBreaks(array $c, mixed $from, mixed $to): bool
    {
        if (\is_array($to) || $to === null) {
            return false;
        }
        $length = $c['Length'] ?? null;
        // A Length or Regex in a composite is read as a Regex is: not decided.
        $regex = isset($c['Regex']);
        foreach ($c as $k => $o) {
            $regex = $regex || (self::compositeOf($k) !== null && self::nestedStringForm($o));
        }
        if ($length === null && !$regex) {
            return false;
        }
        $a = self::stringForm($from);
        $b = self::stringForm($to);
        if ($a !== null && $a === $b) {
            return false;
        }
        if ($regex || $a === null || $b === null) {
            return true;
        }
        $ra = self::lengthRejects($length, $a);
        $rb = self::lengthRejects($length, $b);
        return !(($ra === false && $rb === false) || ($ra === true && $rb !== null));
    }

    /**
     * PHP's (string) of a scalar where it does not depend on `precision`: a
     * string, an int, a bool, an integral float under 10^15 (not -0.0); null
     * otherwise.
     */
    public static function stringForm(mixed $v): ?string
    {
        if (\is_string($v)) {
            return $v;
        }
        if (\is_int($v)) {
            return (string) $v;
        }
        if (\is_bool($v) || $v === null) {
            return $v === true ? '1' : '';
        }
        if (\is_float($v) && is_finite($v) && floor($v) === $v && abs($v) < 1e15 && !($v === 0.0 && fdiv(1.0, $v) < 0)) {
            return (string) (int) $v;
        }
        return null;
    }

    /** Whether Symfony's Length refuses a string of form $s (null: not read here, or not UTF-8). */
    private static function lengthRejects(mixed $o, string $s): ?bool
    {
        if (preg_match('//u', $s) !== 1) {
            return null;
        }
        return Length::rejects(Length::read($o), \strlen($s) - (int) preg_match_all('/[\x80-\xBF]/', $s));
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
                if (self::rejects($name, $options, $def->ty, $v) === true) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A constraint's verdict as the guard reads it: the catalogue's, or a composite's (null: undecided). */
    private static function rejects(int|string $name, mixed $options, int $ty, mixed $v): ?bool
    {
        $any = self::compositeOf($name);
        return $any === null ? Constraint::rejects($name, $options, $ty, $v) : self::composite($options, $any, $ty, $v);
    }

    /**
     * Drupal 11's composites (issue 30; src/coerce/guard.rs, composite):
     * true for AtLeastOneOf (one of its constraints must hold), false for
     * Sequentially (all of them); null for any other name.
     */
    private static function compositeOf(int|string $name): ?bool
    {
        return match ($name) {
            'AtLeastOneOf' => true,
            'Sequentially' => false,
            default => null,
        };
    }

    /** @return array<mixed>|null the nested constraints of a composite's options */
    private static function nested(mixed $o): ?array
    {
        if (\is_array($o) && array_is_list($o)) {
            return $o;
        }
        $c = \is_array($o) ? ($o['constraints'] ?? null) : null;
        return \is_array($c) ? $c : null;
    }

    private static function composite(mixed $o, bool $any, int $ty, mixed $v): ?bool
    {
        $list = self::nested($o);
        if ($list === null || $list === []) {
            return null;
        }
        $decided = false;
        $undecided = false;
        foreach ($list as $entry) {
            if (!\is_array($entry)) {
                $undecided = true;
                continue;
            }
            foreach ($entry as $k => $opts) {
                $r = self::rejects($k, $opts, $ty, $v);
                if ($r === null) {
                    $undecided = true;
                } elseif ($r !== $any) {
                    $decided = true;
                }
            }
        }
        return $decided ? !$any : ($undecided ? null : $any);
    }

    /** Whether a composite holds a Length or Regex, at any depth. */
    private static function nestedStringForm(mixed $o): bool
    {
        foreach (self::nested($o) ?? [] as $entry) {
            if (!\is_array($entry)) {
                continue;
            }
            foreach ($entry as $k => $opts) {
                if ($k === 'Length' || $k === 'Regex' || (self::compositeOf($k) !== null && self::nestedStringForm($opts))) {
                    return true;
                }
            }
        }
        return false;
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
