<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Value;
use ToolSchema\Php\Model\ValueCheck;

/**
 * `Choice` and `AllowedValues` → `enum` (src/constraint/choice.rs). Options: a
 * list of choices, or `{choices: [...], multiple, min, max, match}`.
 *
 * - `match: false` (the value must not be a choice) → `not: {enum: [...]}`.
 * - `multiple: true` on a list (each item is a choice) → the items' `enum`,
 *   `min`/`max` → `minItems`/`maxItems`.
 * - An empty choice list accepts no value but null: `enum: [null]` (never
 *   `enum: []`), with a warning.
 * - On a list without `multiple`, with `multiple` on a single value, or
 *   `AllowedValues` on a list, a map, `any` or an entity at all (Drupal's
 *   validator wants primitive data and throws), Drupal rejects every value:
 *   Constraint::NOT_APPLICABLE.
 *
 * An unresolved `callback` is an error (the Drupal adapter resolves it).
 *
 * A value is rejected as Drupal's validators decide (options as Symfony's
 * constraint objects hold them: Model\Value::optionFlag()): Choice
 * (strict in_array, `match: false` inverted, null passes; with `multiple` on
 * a single value: undecided), a list's Choice with `multiple: true` for each
 * item (null items too; eachOf()), AllowedValues between two strings of the
 * string kinds and decimal (choices cast to strings as PHP does; a float
 * choice: undecided). Their string choices are offered to B2 (offered()),
 * unless `match` is false.
 */
final class Choice
{
    public const EMPTY = 'choice_empty';

    /** Options that are not an array: an error. */
    public const BARE = Offered::NotArray;

    /**
     * Checks that `$list` is a list of scalars; `$extra` is the path to it.
     *
     * @param list<string|int> $extra
     */
    public static function checkChoices(Rule $rule, mixed $list, array $extra): array
    {
        if (!\is_array($list) || !\array_is_list($list)) {
            throw $rule->error($extra, 'must be a list');
        }
        foreach ($list as $k => $v) {
            if (!ValueCheck::isScalar($v)) {
                ValueCheck::checkScalar($v, $rule->path, ['constraints', $rule->id, ...$extra, $k]);
            }
        }
        return $list;
    }

    /** Single values (not lists or maps): what an enum of scalars can restrict. */
    public static function applies(int $cat): bool
    {
        return $cat !== Ty::CAT_LIST && $cat !== Ty::CAT_MAP;
    }

    /** A boolean option, `$default` when absent or null. */
    public static function flag(Rule $rule, array $opts, string $key, bool $default): bool
    {
        $v = $opts[$key] ?? null;
        return match (true) {
            $v === null => $default,
            \is_bool($v) => $v,
            default => throw $rule->error([$key], 'must be a boolean'),
        };
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        if (!\is_array($opts)) {
            throw $rule->error([], 'must be an array');
        }
        if (\array_is_list($opts)) {
            $list = self::checkChoices($rule, $opts, []);
        } elseif (\array_key_exists('choices', $opts)) {
            $list = self::checkChoices($rule, $opts['choices'], ['choices']);
        } elseif (\array_key_exists('callback', $opts)) {
            throw $rule->error(['callback'], 'must be resolved into choices before normalizing');
        } else {
            throw $rule->error(['choices'], 'is required');
        }
        // The bare-list form has no options.
        $options = !\array_is_list($opts);
        $multiple = $options && self::flag($rule, $opts, 'multiple', false);
        $matches = !$options || self::flag($rule, $opts, 'match', true);
        $min = $options ? $rule->countOption($opts, 'min') : null;
        $max = $options ? $rule->countOption($opts, 'max') : null;
        // Drupal's AllowedValues wants a single (primitive) value: on a list it throws.
        if ($rule->cat === Ty::CAT_LIST && $multiple && $rule->id === 'Choice') {
            $f->itemEnums[] = [$list, $matches];
            Facets::narrow($f->minCount, $f->maxCount, [$min, $max]);
        } elseif (!self::applies($rule->cat) || $multiple) {
            $rule->notApplicable();
        } elseif ($rule->id === 'AllowedValues' && ($rule->ty === Ty::ANY || $rule->ty === Ty::ENTITY)) {
            // AllowedValues checks primitive data only: on `any` or an
            // entity Drupal throws.
            $rule->notApplicable();
        } else {
            self::push($rule, $list, $matches, $f);
            // Drupal's AllowedValues casts its choices to the value's type;
            // Symfony's Choice compares strictly.
            if ($rule->id === 'Choice' && $rule->cat === Ty::CAT_INT && $matches && $list !== []) {
                $f->enums[] = self::strictOnInt(\array_pop($f->enums));
            }
        }
    }

    /**
     * A strict choice list on an integer: its floats can never match the int
     * PHP decodes a JSON integer into, while a JSON Schema validator takes
     * `2` for `2.0`.
     *
     * @param array{0: string, 1: mixed} $e
     * @return array{0: string, 1: mixed}
     */
    public static function strictOnInt(array $e): array
    {
        return $e[0] === 'list' ? ['ints', $e[1]] : $e;
    }

    /** The enum (or forbidden enum) a choice list says, for a single value. */
    public static function push(Rule $rule, array $list, bool $matches, Facets $f): void
    {
        if (!$matches) {
            if ($list !== []) {
                $f->nots[] = ['enum', $list];
            }
        } elseif ($list === []) {
            $rule->warn(self::EMPTY, 'the choice list is empty: no value but null is accepted');
            $f->enums[] = ['nothing', null];
        } else {
            $f->enums[] = ['list', $list];
        }
    }

    /**
     * The choices the options of a constraint offering choices offer: [what
     * they hold, the list (Offered::List, Offered::ListUnderChoices) or
     * null]; $bare: what options that are not an array are (BARE for
     * Choice/AllowedValues, DerivedEnum::BARE).
     *
     * @return array{0: Offered, 1: array<mixed>|null}
     */
    public static function offered(mixed $options, Offered $bare): array
    {
        if (!\is_array($options)) {
            return [$bare, null];
        }
        if (\array_key_exists('choices', $options)) {
            $list = $options['choices'];
            return \is_array($list) ? [Offered::ListUnderChoices, $list] : [Offered::ChoicesNotArray, null];
        }
        // Other options only (callback, ...): nothing B2 can use.
        return \array_is_list($options) ? [Offered::List, $options] : [Offered::Nothing, null];
    }

    /** Whether the options ask for a choice: not a false `match`. */
    public static function matchesChoices(mixed $options): bool
    {
        return !\is_array($options) || Value::optionFlag($options, 'match', true, true) !== false;
    }

    private static function multiple(mixed $options): bool
    {
        return \is_array($options) && Value::optionFlag($options, 'multiple', false, false) === true;
    }

    /** A `multiple` Choice with a `min` asks a list for entries. */
    public static function asksForEntries(mixed $options): bool
    {
        return self::multiple($options) && ($options['min'] ?? null) !== null;
    }

    /**
     * The options of a list's Choice when it has `multiple: true`: each item
     * must satisfy them.
     *
     * @return array<mixed>|null
     */
    public static function eachOf(mixed $choice): ?array
    {
        return self::multiple($choice) && \is_array($choice['choices'] ?? null) ? $choice : null;
    }

    /**
     * The choice list of a Choice/AllowedValues, or null when its options
     * give none (the return type in phpdoc: see ChoiceList).
     *
     * @return ChoiceList|null
     */
    private static function choiceList(mixed $options)
    {
        if (!\is_array($options)) {
            return null;
        }
        if (\array_key_exists('choices', $options)) {
            $list = $options['choices'];
            $matches = Value::optionFlag($options, 'match', true, true);
            $multiple = Value::optionFlag($options, 'multiple', false, false);
            return (\is_array($list) && $matches !== null && $multiple !== null) ? new ChoiceList($list, $matches, $multiple) : null;
        }
        return \array_is_list($options) ? new ChoiceList($options, true, false) : null;
    }

    /** Symfony's Choice: `match xor in_array($v, $choices, true)`; $single: not a list's `multiple` choice. */
    public static function rejects(mixed $options, mixed $v, bool $single): ?bool
    {
        $l = self::choiceList($options);
        if ($l === null || ($single && $l->multiple)) {
            return null;
        }
        if ($single && $v === null) {
            return false;
        }
        // The choices are scalars: an array is none of them.
        return $l->matches !== (!\is_array($v) && \in_array($v, $l->list, true));
    }

    /** Drupal's AllowedValues between strings. */
    public static function allowedRejects(int $ty, mixed $options, mixed $v): ?bool
    {
        if (!\is_string($v) || Ty::cat($ty) !== Ty::CAT_STR) {
            return null;
        }
        $l = self::choiceList($options);
        if ($l === null || $l->multiple) {
            return null;
        }
        // DecimalData::getCastedValue(): `$this->getString() ?: '0.0'`.
        if ($ty === Ty::DECIMAL && ($v === '' || $v === '0')) {
            $v = '0.0';
        }
        $found = false;
        foreach ($l->list as $choice) {
            if (\is_float($choice) || !\is_scalar($choice) && $choice !== null) {
                return null;
            }
            if ((string) $choice === $v) {
                $found = true;
                break;
            }
        }
        return $l->matches !== $found;
    }
}
