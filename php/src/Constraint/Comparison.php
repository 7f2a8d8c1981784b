<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Value;

/**
 * `GreaterThan`, `GreaterThanOrEqual`, `LessThan`, `LessThanOrEqual` (a
 * number, or `{value: number}`) → `exclusiveMinimum`/`minimum`/
 * `exclusiveMaximum`/`maximum` on integers and floats
 * (src/constraint/comparison.rs). A comparison against another property
 * (`propertyPath`) cannot be stated and is left out. Only a constraint gives
 * a bound: no int64 range on every integer (see comparison.rs).
 *
 * A value is rejected as Symfony's comparison decides it: PHP 8's `<=>` with
 * the limit, for a bool, a number, an integer string or a word of ASCII
 * letters; null passes; otherwise undecided. Shared with Sign and Range.
 */
final class Comparison
{
    /** Why a comparison with another property is not stated. */
    public const COMPARED = 'compared with another value (propertyPath): not stated';

    public const MIN = 0;
    public const EXCLUSIVE_MIN = 1;
    public const MAX = 2;
    public const EXCLUSIVE_MAX = 3;

    /** [bound, the outcomes of `$value <=> $limit` it accepts] by constraint. */
    private const BOUNDS = [
        'GreaterThan' => [self::EXCLUSIVE_MIN, [1]],
        'GreaterThanOrEqual' => [self::MIN, [0, 1]],
        'LessThan' => [self::EXCLUSIVE_MAX, [-1]],
        'LessThanOrEqual' => [self::MAX, [-1, 0]],
    ];

    public static function put(Facets $f, int $bound, int|float $v): void
    {
        switch ($bound) {
            case self::MIN:
                $f->minimum = Facets::raiseNum($f->minimum, $v);
                break;
            case self::EXCLUSIVE_MIN:
                $f->exclusiveMinimum = Facets::raiseNum($f->exclusiveMinimum, $v);
                break;
            case self::MAX:
                $f->maximum = Facets::lowerNum($f->maximum, $v);
                break;
            default:
                $f->exclusiveMaximum = Facets::lowerNum($f->exclusiveMaximum, $v);
        }
    }

    public static function numeric(int $cat): bool
    {
        return $cat === Ty::CAT_INT || $cat === Ty::CAT_NUM;
    }

    /**
     * Reads the value once: the options, or their `value`: [whether one is
     * given (not so for an array without `value`: compared with another
     * property, `propertyPath`), the value as given]. Shared with FixedValue
     * (IdenticalTo is one of Symfony's comparisons).
     *
     * @return array{0: bool, 1: mixed}
     */
    public static function read(mixed $opts): array
    {
        if (!\is_array($opts)) {
            return [true, $opts];
        }
        return \array_key_exists('value', $opts) ? [true, $opts['value']] : [false, null];
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        [$given, $value] = self::read($opts);
        if ($given) {
            $rule->number($value, \is_array($opts) ? ['value'] : []);
        }
        if (!self::numeric($rule->cat)) {
            $rule->notApplicable();
        } elseif ($given) {
            self::put($f, self::BOUNDS[$rule->id][0], $value);
        } else {
            // Compared with another property: nothing JSON Schema can say.
            $rule->unstated(self::COMPARED);
        }
    }

    /**
     * Whether the comparison $which (its limit read: read()) rejects $v.
     *
     * @param array{0: bool, 1: mixed} $c
     */
    public static function rejects(string $which, array $c, mixed $v): ?bool
    {
        if ($v === null) {
            return false;
        }
        return $c[0] && self::isLimit($c[1]) ? self::rejectsAgainst($v, $c[1], self::BOUNDS[$which][1]) : null;
    }

    /**
     * Symfony's comparison constraints: `$value <=> $limit` among $accepts; null passes.
     *
     * @param list<int> $accepts
     */
    public static function rejectsAgainst(mixed $v, int|float $limit, array $accepts): ?bool
    {
        if ($v === null) {
            return false;
        }
        $op = self::operand($v);
        $cmp = $op === null ? null : self::compare($op, $limit);
        return $cmp === null ? null : !\in_array($cmp, $accepts, true);
    }

    /**
     * A value as far as the guard follows PHP 8's comparison with a number: a
     * bool, an int, a float (not NaN), an integer string (as its int) or a
     * word of ASCII letters; null when undecided (null itself is no operand:
     * every comparison lets it pass).
     */
    public static function operand(mixed $v): bool|int|float|string|null
    {
        if (\is_bool($v) || \is_int($v) || (\is_float($v) && !\is_nan($v))) {
            return $v;
        }
        if (\is_string($v) && !\str_contains($v, '.')) {
            $i = Value::parseInteger($v);
            if ($i !== null) {
                return $i;
            }
            if (\preg_match('/^[A-Za-z]+$/D', $v) === 1) {
                return $v;
            }
        }
        return null;
    }

    /** A comparison limit: a number (not NaN). */
    public static function isLimit(mixed $n): bool
    {
        return \is_int($n) || (\is_float($n) && !\is_nan($n));
    }

    /** PHP 8's `$op <=> $limit`; null where the guard does not follow it. */
    private static function compare(mixed $op, int|float $limit): ?int
    {
        // A float's string form depends on PHP's precision setting.
        if (\is_string($op) && \is_float($limit)) {
            return null;
        }
        return $op <=> $limit;
    }
}
