<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * Numeric bounds on integers and floats (src/normalize/bounds.rs): `Range` →
 * `minimum`/`maximum`; `GreaterThan`/`GreaterThanOrEqual`/`LessThan`/
 * `LessThanOrEqual` → `exclusiveMinimum`/`minimum`/`exclusiveMaximum`/`maximum`;
 * `Positive`, `PositiveOrZero`, `Negative`, `NegativeOrZero` → the same against 0.
 * A comparison against another property (`propertyPath`) cannot be stated and
 * is left out. Only a constraint gives a bound: no int64 range on every
 * integer (see bounds.rs).
 */
final class Bounds
{
    /** Why a comparison with another property is not stated. */
    public const COMPARED = 'compared with another value (propertyPath): not stated';

    private const MIN = 0;
    private const EXCLUSIVE_MIN = 1;
    private const MAX = 2;
    private const EXCLUSIVE_MAX = 3;

    private static function put(Facets $f, int $bound, int|float $v): void
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

    private static function numeric(int $cat): bool
    {
        return $cat === Definition::CAT_INT || $cat === Definition::CAT_NUM;
    }

    /** `Range`: `{min, max}`. */
    public static function range(Rule $rule, mixed $opts, Facets $f): void
    {
        if (!\is_array($opts)) {
            throw $rule->error([], 'must be an array of options');
        }
        $min = $rule->numberOption($opts, 'min');
        $max = $rule->numberOption($opts, 'max');
        if (!self::numeric($rule->cat)) {
            $rule->notApplicable();
            return;
        }
        if ($min !== null) {
            self::put($f, self::MIN, $min);
        }
        if ($max !== null) {
            self::put($f, self::MAX, $max);
        }
    }

    /** `GreaterThan` and friends: a number, or `{value: number}`. */
    public static function comparison(Rule $rule, string $which, mixed $opts, Facets $f): void
    {
        if (\is_array($opts)) {
            // Without `value`: compared with another property, nothing JSON Schema can say.
            $value = \array_key_exists('value', $opts) ? $rule->number($opts['value'], ['value']) : null;
        } else {
            $value = $rule->number($opts, []);
        }
        if (!self::numeric($rule->cat)) {
            $rule->notApplicable();
        } elseif ($value !== null) {
            self::put($f, match ($which) {
                'GreaterThan' => self::EXCLUSIVE_MIN,
                'GreaterThanOrEqual' => self::MIN,
                'LessThan' => self::EXCLUSIVE_MAX,
                default => self::MAX,
            }, $value);
        } else {
            $rule->unstated(self::COMPARED);
        }
    }

    /** `Positive`, `PositiveOrZero`, `Negative`, `NegativeOrZero`: options ignored. */
    public static function sign(Rule $rule, string $which, Facets $f): void
    {
        if (!self::numeric($rule->cat)) {
            $rule->notApplicable();
            return;
        }
        self::put($f, match ($which) {
            'Positive' => self::EXCLUSIVE_MIN,
            'PositiveOrZero' => self::MIN,
            'Negative' => self::EXCLUSIVE_MAX,
            default => self::MAX,
        }, 0);
    }

    /**
     * One lower bound and one upper bound, nothing said twice (bounds.rs): of
     * a `minimum` and an `exclusiveMinimum`, the one that implies the other
     * stays (the exclusive one when they are equal); the same for the upper
     * bounds.
     */
    public static function tightest(Facets $f): void
    {
        if ($f->minimum !== null && $f->exclusiveMinimum !== null) {
            if ((float) $f->minimum > (float) $f->exclusiveMinimum) {
                $f->exclusiveMinimum = null;
            } else {
                $f->minimum = null;
            }
        }
        if ($f->maximum !== null && $f->exclusiveMaximum !== null) {
            if ((float) $f->maximum < (float) $f->exclusiveMaximum) {
                $f->exclusiveMaximum = null;
            } else {
                $f->maximum = null;
            }
        }
    }
}
