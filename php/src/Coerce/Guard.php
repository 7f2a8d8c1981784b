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
 * passes), NotBlank (false, "", null unless allowNull; `trim` normalizer).
 * A repair into a list or map (B1, list_wrap) is judged the same way, the new
 * value being an array: never a choice, never identical to a scalar, blank
 * when empty (only B1's "[]" or "{}"). Options are read, not checked: a wrong
 * type counts as absent.
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
        $to = match ($r[0]) {
            // An array standing for the list or map B1 or list_wrap would
            // make: empty or not is all the constraints can see of it.
            Repair::JSON => JsonString::isEmptyContainer($from) ? [] : [null],
            Repair::WRAP_LIST => [null],
            default => $r[1],
        };
        if ($def['eachChoiceOf'] !== null && self::breaks($from, $to, static fn ($v) => self::choiceRejects($def['eachChoiceOf'], $v, false))) {
            return false;
        }
        $c = $def['node']['constraints'] ?? null;
        if (!\is_array($c)) {
            return true;
        }
        if (\array_key_exists('Choice', $c) && self::breaks($from, $to, static fn ($v) => self::choiceRejects($c['Choice'], $v, true))) {
            return false;
        }
        if (\array_key_exists('AllowedValues', $c) && self::breaks($from, $to, static fn ($v) => self::allowedRejects($def['ty'], $c['AllowedValues'], $v))) {
            return false;
        }
        foreach (['IdenticalTo', 'FixedValue'] as $name) {
            if (\array_key_exists($name, $c) && self::breaks($from, $to, static fn ($v) => self::identicalRejects($c[$name], $v))) {
                return false;
            }
        }
        if (\array_key_exists('NotBlank', $c) && self::breaks($from, $to, static fn ($v) => self::blank($c['NotBlank'], $v))) {
            return false;
        }
        return true;
    }

    /** @param callable(mixed): ?bool $rejects */
    private static function breaks(mixed $from, mixed $to, callable $rejects): bool
    {
        return $rejects($to) === true && $rejects($from) === false;
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
            return \is_array($list) ? [$list, Definition::matchesChoices($options), ($options['multiple'] ?? null) === true] : null;
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
            return !(\is_array($options) && ($options['allowNull'] ?? null) === true);
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
