<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Normalize\Definition as Ty;

/**
 * The guard (src/coerce/guard.rs): a repair never lands on a value the
 * definition's own value constraints reject where the value it repairs passes
 * them. For a scalar repair $from → $to each constraint is asked about both
 * values; the repair is dropped (the value stays, no other rule is tried)
 * when a constraint rejects $to but not $from. Read as Drupal's validators
 * decide: Choice (strict in_array, `match: false` inverted, null passes; with
 * `multiple` on a single value: undecided), a list's Choice with
 * `multiple: true` for each item (null items too), AllowedValues between two
 * strings of the string kinds and decimal (choices cast to strings as PHP
 * does; a float choice: undecided), IdenticalTo/FixedValue (`===`, null
 * passes), NotBlank (false, "", null unless allowNull; `trim` normalizer),
 * the comparisons (GreaterThan, GreaterThanOrEqual, LessThan,
 * LessThanOrEqual with a number, Positive, PositiveOrZero, Negative,
 * NegativeOrZero: PHP 8's `<=>` with the limit, for a bool, a number, an
 * integer string or a word of ASCII letters; null passes) and Range (a bool or
 * a word is not numeric; a number within min and max).
 * A repair into a list or map (B1, list_wrap) is judged the same way, the new
 * value being an array: never a choice, never identical to a scalar, blank
 * when empty (only B1's "[]" or "{}"). Options are read, not checked, as
 * Symfony's constraint objects hold them (Definition::optionFlag()).
 */
final class Guard
{
    private const TRIM = " \t\n\r\0\x0B";

    /**
     * Whether the repair $r of $from under $def may be made.
     *
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     * @param array{0: int, 1: mixed} $r
     */
    public static function allows(array $def, mixed $from, array $r): bool
    {
        $each = $def['eachChoiceOf'];
        $c = $def['node']['constraints'] ?? null;
        if ($each === null && !\is_array($c)) {
            return true;
        }
        $to = match ($r[0]) {
            // An array standing for the list or map B1 or list_wrap would
            // make: empty or not is all the constraints can see of it.
            Repair::JSON => JsonString::isEmptyContainer($from) ? [] : [null],
            Repair::WRAP_LIST => [null],
            default => $r[1],
        };
        if ($each !== null && self::choiceRejects($each, $to, false) === true && self::choiceRejects($each, $from, false) === false) {
            return false;
        }
        if (!\is_array($c)) {
            return true;
        }
        // A repair that one constraint rejects where the value passes it.
        foreach ($c as $name => $options) {
            if (self::rejects($name, $options, $def['ty'], $to) === true && self::rejects($name, $options, $def['ty'], $from) === false) {
                return false;
            }
        }
        return true;
    }

    /** Whether the constraint $name rejects $v; null: undecided (or not one the guard reads). */
    private static function rejects(int|string $name, mixed $options, int $ty, mixed $v): ?bool
    {
        return match ($name) {
            'Choice' => self::choiceRejects($options, $v, true),
            'AllowedValues' => self::allowedRejects($ty, $options, $v),
            'IdenticalTo', 'FixedValue' => self::identicalRejects($options, $v),
            'NotBlank' => self::blank($options, $v),
            'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual',
            'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero' => self::comparisonRejects($name, $options, $v, self::COMPARISONS[$name]),
            'Range' => self::rangeRejects($options, $v),
            default => null,
        };
    }

    /** The comparison constraints, with the outcomes of `$value <=> $limit` each accepts. */
    private const COMPARISONS = [
        'GreaterThan' => [1],
        'GreaterThanOrEqual' => [0, 1],
        'LessThan' => [-1],
        'LessThanOrEqual' => [-1, 0],
        'Positive' => [1],
        'PositiveOrZero' => [0, 1],
        'Negative' => [-1],
        'NegativeOrZero' => [-1, 0],
    ];

    /**
     * A value as far as the guard follows PHP 8's comparison with a number: a
     * bool, an int, a float (not NaN), an integer string (as its int) or a
     * word of ASCII letters; null when undecided.
     *
     * @return array{0: bool|int|float|string}|null
     */
    private static function operand(mixed $v): ?array
    {
        if (\is_bool($v) || \is_int($v) || (\is_float($v) && !\is_nan($v))) {
            return [$v];
        }
        if (\is_string($v) && !\str_contains($v, '.')) {
            $i = NumericString::parseInteger($v);
            if ($i !== null) {
                return [$i];
            }
            if (\preg_match('/^[A-Za-z]+$/D', $v) === 1) {
                return [$v];
            }
        }
        return null;
    }

    /** A comparison limit: a number (not NaN). */
    private static function isLimit(mixed $n): bool
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

    /** @param list<int> $accepts */
    private static function comparisonRejects(string $name, mixed $options, mixed $v, array $accepts): ?bool
    {
        if ($v === null) {
            return false;
        }
        if (\in_array($name, ['Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero'], true)) {
            $limit = 0;
        } else {
            if (\is_array($options)) {
                if (!\array_key_exists('value', $options)) {
                    return null;
                }
                $options = $options['value'];
            }
            if (!self::isLimit($options)) {
                return null;
            }
            $limit = $options;
        }
        $op = self::operand($v);
        $cmp = $op === null ? null : self::compare($op[0], $limit);
        return $cmp === null ? null : !\in_array($cmp, $accepts, true);
    }

    /** Drupal's Range: not numeric is rejected; a number must lie within min and max. */
    private static function rangeRejects(mixed $options, mixed $v): ?bool
    {
        if ($v === null) {
            return false;
        }
        if (!\is_array($options)) {
            return null;
        }
        $bounds = [];
        foreach (['min', 'max'] as $key) {
            $b = $options[$key] ?? null;
            if ($b !== null && !self::isLimit($b)) {
                return null;
            }
            $bounds[] = $b;
        }
        $op = self::operand($v);
        if ($op === null) {
            return null;
        }
        if (\is_bool($op[0]) || \is_string($op[0])) {
            return true;
        }
        return ($bounds[0] !== null && $op[0] < $bounds[0]) || ($bounds[1] !== null && $op[0] > $bounds[1]);
    }

    /**
     * The choice list of a Choice/AllowedValues: [list, match, multiple].
     *
     * @return array{0: array<mixed>, 1: bool, 2: bool}|null
     */
    private static function choiceList(mixed $options): ?array
    {
        if (!\is_array($options)) {
            return null;
        }
        if (\array_key_exists('choices', $options)) {
            $list = $options['choices'];
            $match = Definition::optionFlag($options, 'match', true, true);
            $multiple = Definition::optionFlag($options, 'multiple', false, false);
            return (\is_array($list) && $match !== null && $multiple !== null) ? [$list, $match, $multiple] : null;
        }
        return \array_is_list($options) ? [$options, true, false] : null;
    }

    /** Symfony's Choice: `match xor in_array($v, $choices, true)`. */
    private static function choiceRejects(mixed $options, mixed $v, bool $single): ?bool
    {
        $l = self::choiceList($options);
        if ($l === null) {
            return null;
        }
        [$list, $match, $multiple] = $l;
        if ($single && $multiple) {
            return null;
        }
        if ($single && $v === null) {
            return false;
        }
        // The choices are scalars: an array is none of them.
        return $match !== (!\is_array($v) && \in_array($v, $list, true));
    }

    /** Drupal's AllowedValues between strings. */
    private static function allowedRejects(int $ty, mixed $options, mixed $v): ?bool
    {
        if (!\is_string($v) || Ty::cat($ty) !== Ty::CAT_STR) {
            return null;
        }
        $l = self::choiceList($options);
        if ($l === null || $l[2]) {
            return null;
        }
        // DecimalData::getCastedValue(): `$this->getString() ?: '0.0'`.
        if ($ty === Ty::DECIMAL && ($v === '' || $v === '0')) {
            $v = '0.0';
        }
        $found = false;
        foreach ($l[0] as $choice) {
            if (\is_float($choice) || !\is_scalar($choice) && $choice !== null) {
                return null;
            }
            if ((string) $choice === $v) {
                $found = true;
                break;
            }
        }
        return $l[1] !== $found;
    }

    /** Symfony's IdenticalTo: `$v === $value`; null passes. */
    private static function identicalRejects(mixed $options, mixed $v): ?bool
    {
        if (\is_array($options)) {
            if (!\array_key_exists('value', $options)) {
                return null;
            }
            $options = $options['value'];
        }
        if ($options !== null && !\is_scalar($options)) {
            return null;
        }
        return $v !== null && $v !== $options;
    }

    /** Symfony's NotBlank: `false === $v || (empty($v) && '0' != $v)` after the normalizer. */
    private static function blank(mixed $options, mixed $v): bool
    {
        if ($v === null) {
            return !(\is_array($options) && Definition::optionFlag($options, 'allowNull', false, false) === true);
        }
        if (\is_string($v)) {
            if (\is_array($options) && ($options['normalizer'] ?? null) === 'trim') {
                $v = \trim($v, self::TRIM);
            }
            return $v === '';
        }
        return $v === false || $v === [];
    }
}
