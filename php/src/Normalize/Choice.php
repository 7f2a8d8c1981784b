<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * `Choice` and `AllowedValues` → `enum` (src/normalize/choice.rs). Options: a
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
 */
final class Choice
{
    public const EMPTY = 'choice_empty';

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
                ValueCheck::checkScalar($v, $rule->path, ['constraints', $rule->name, ...$extra, $k]);
            }
        }
        return $list;
    }

    /** Single values (not lists or maps): what an enum of scalars can restrict. */
    public static function applies(int $cat): bool
    {
        return $cat !== Definition::CAT_LIST && $cat !== Definition::CAT_MAP;
    }

    /** A boolean option, `$default` when absent or null. */
    public static function flag(Rule $rule, array $opts, string $key, bool $default): bool
    {
        $v = $opts[$key] ?? null;
        if ($v === null) {
            return $default;
        }
        if (\is_bool($v)) {
            return $v;
        }
        throw $rule->error([$key], 'must be a boolean');
    }

    public static function apply(Rule $rule, string $which, mixed $opts, Facets $f): void
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
        if ($rule->cat === Definition::CAT_LIST && $multiple && $which === 'Choice') {
            $f->itemEnums[] = [$list, $matches];
            if ($min !== null) {
                $f->minCount = Facets::raise($f->minCount, $min);
            }
            if ($max !== null) {
                $f->maxCount = Facets::lower($f->maxCount, $max);
            }
        } elseif (!self::applies($rule->cat) || $multiple) {
            $rule->notApplicable();
        } elseif ($which === 'AllowedValues' && ($rule->ty === Definition::ANY || $rule->ty === Definition::ENTITY)) {
            // AllowedValues checks primitive data only: on `any` or an
            // entity Drupal throws.
            $rule->notApplicable();
        } else {
            self::push($rule, $list, $matches, $f);
            // Drupal's AllowedValues casts its choices to the value's type;
            // Symfony's Choice compares strictly.
            if ($which === 'Choice' && $rule->cat === Definition::CAT_INT && $matches && $list !== []) {
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
}
