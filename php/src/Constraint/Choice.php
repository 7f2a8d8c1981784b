<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Value;
use ToolSchema\Php\Model\ValueCheck;
use ToolSchema\Php\Model\Vocab;

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
 * The options are read once (read(): ChoiceOptions). A value is rejected as
 * Drupal's validators decide (options as Symfony's constraint objects hold
 * them: Model\Value::optionFlag()): Choice
 * (strict in_array, `match: false` inverted, null passes; with `multiple` on
 * a single value: undecided), a list's Choice with `multiple: true` for each
 * item (null items too; eachOf()), AllowedValues between two strings of the
 * string kinds and decimal (choices cast to strings as PHP does; a float
 * choice: undecided). Their string choices are offered to B2 (read()),
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
        // A string choice (the most) is checked without the call to isScalar().
        foreach ($list as $k => $v) {
            if (!(\is_string($v) ? Vocab::validUtf8($v) : ValueCheck::isScalar($v))) {
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

    /**
     * Reads the options once (ChoiceOptions): the choice list, the options as
     * the constraint object holds them (Model\Value::optionFlag()) and what
     * normalize_schema refuses in them; $bare: what options that are not an
     * array hold (BARE, an error, for Choice/AllowedValues;
     * DerivedEnum::BARE for a derived enum given as a bare string).
     */
    public static function read(mixed $options, Offered $bare): ChoiceOptions
    {
        $o = new ChoiceOptions();
        if (!\is_array($options)) {
            $o->offered = $bare;
            return $o;
        }
        // A list of choices holds no options; the others (rare) are read when
        // the options hold more than `choices` (without it they offer nothing
        // B2 can use: `callback`, ...).
        if (\array_key_exists('choices', $options)) {
            $o->list = $options['choices'];
            $o->offered = \is_array($o->list) ? Offered::ListUnderChoices : Offered::ChoicesNotArray;
            if (\count($options) === 1) {
                return $o;
            }
        } elseif (\array_is_list($options)) {
            $o->offered = Offered::List;
            $o->list = $options;
            return $o;
        }
        $multiple = $options['multiple'] ?? null;
        $match = $options['match'] ?? null;
        $o->min = $options['min'] ?? null;
        $o->max = $options['max'] ?? null;
        $o->problem = match (true) {
            $multiple !== null && !\is_bool($multiple) => [['multiple'], 'must be a boolean'],
            $match !== null && !\is_bool($match) => [['match'], 'must be a boolean'],
            $o->min !== null && !(\is_int($o->min) && $o->min >= 0) => [['min'], 'must be a non-negative integer or null'],
            $o->max !== null && !(\is_int($o->max) && $o->max >= 0) => [['max'], 'must be a non-negative integer or null'],
            default => null,
        };
        $o->matches = Value::optionFlag($options, 'match', true, true);
        $o->multiple = Value::optionFlag($options, 'multiple', false, false) === true;
        $o->callback = \array_key_exists('callback', $options);
        return $o;
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        $o = self::read($opts, self::BARE);
        $list = match ($o->offered) {
            Offered::List => self::checkChoices($rule, $o->list, []),
            Offered::ListUnderChoices, Offered::ChoicesNotArray => self::checkChoices($rule, $o->list, ['choices']),
            Offered::NotArray => throw $rule->error([], 'must be an array'),
            Offered::Nothing => throw $o->callback
                ? $rule->error(['callback'], 'must be resolved into choices before normalizing')
                : $rule->error(['choices'], 'is required'),
        };
        $o->problem === null || throw $rule->error(...$o->problem);
        // Null is the default to normalize_schema.
        $matches = $o->matches ?? true;
        // Drupal's AllowedValues wants a single (primitive) value: on a list it throws.
        if ($rule->cat === Ty::CAT_LIST && $o->multiple && $rule->id === 'Choice') {
            $f->itemEnums[] = [$list, $matches];
            Facets::narrow($f->minCount, $f->maxCount, [$o->min, $o->max]);
        } elseif ($rule->cat === Ty::CAT_LIST || $rule->cat === Ty::CAT_MAP || $o->multiple) {
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

    /** A `multiple` Choice with a `min` asks a list for entries. */
    public static function asksForEntries(ChoiceOptions $o): bool
    {
        return $o->multiple && $o->min !== null;
    }

    /**
     * The options of a list's Choice when it has `multiple: true`: each item
     * must satisfy them.
     */
    public static function eachOf(mixed $choice): ?ChoiceOptions
    {
        $o = self::read($choice, self::BARE);
        return $o->multiple && $o->offered === Offered::ListUnderChoices ? $o : null;
    }

    /**
     * Symfony's Choice: `match xor in_array($v, $choices, true)`; $single: not
     * a list's `multiple` choice.
     *
     * @param ChoiceOptions $o
     */
    public static function rejects($o, mixed $v, bool $single): ?bool
    {
        if (!\is_array($o->list) || $o->matches === null || ($single && $o->multiple)) {
            return null;
        }
        if ($single && $v === null) {
            return false;
        }
        // The choices are scalars: an array is none of them.
        return $o->matches !== (!\is_array($v) && \in_array($v, $o->list, true));
    }

    /**
     * Drupal's AllowedValues between strings.
     *
     * @param ChoiceOptions $o
     */
    public static function allowedRejects(int $ty, $o, mixed $v): ?bool
    {
        if (!\is_string($v) || Ty::cat($ty) !== Ty::CAT_STR) {
            return null;
        }
        if (!\is_array($o->list) || $o->matches === null || $o->multiple) {
            return null;
        }
        // DecimalData::getCastedValue(): `$this->getString() ?: '0.0'`.
        if ($ty === Ty::DECIMAL && ($v === '' || $v === '0')) {
            $v = '0.0';
        }
        $found = false;
        foreach ($o->list as $choice) {
            if (\is_float($choice) || !\is_scalar($choice) && $choice !== null) {
                return null;
            }
            if ((string) $choice === $v) {
                $found = true;
                break;
            }
        }
        return $o->matches !== $found;
    }
}
