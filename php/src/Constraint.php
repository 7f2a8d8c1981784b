<?php

declare(strict_types=1);

namespace ToolSchema\Php;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Vocab;

/**
 * The constraint catalogue (src/constraint.rs): one class per Drupal
 * constraint (or per family that shares one validator) in Constraint/, the
 * one home of what it means. Each reads its options once into a typed value
 * (read(): the options as Symfony's constraint object holds them, and the
 * first thing normalize_schema refuses in them, [path, message]) that every
 * consumer reads: the facets it adds to the schema (apply, the only place a
 * problem is an error), whether a value violates it (rejects, what coerce's
 * guard asks), the choices it offers B2 (WITH_CHOICES, Choice::read()),
 * whether it makes an optional value refuse null, ask for entries or refuse
 * "" (refusesNull, asksForEntries, refusesEmpty). This class is the one
 * dispatch: which class answers for each id. A known id whose meaning the
 * schema does not state is reported with UNSTATED (Unstated); an id the
 * normalizer does not know at all is left out silently (a custom plugin).
 */
final class Constraint
{
    public const NOT_APPLICABLE = Vocab::NOT_APPLICABLE;
    public const UNSTATED = Vocab::UNSTATED;

    /**
     * The constraints that offer choices to B2, in the order coercion reads
     * them: id => what options that are not an array are to it
     * (Constraint\Choice::read(); a map, not a method here: the twin pays
     * for every call on the way, and coercion asks for every string value).
     */
    public const WITH_CHOICES = [
        'Choice' => Constraint\Choice::BARE,
        'AllowedValues' => Constraint\Choice::BARE,
        'PluginExists' => Constraint\DerivedEnum::BARE,
        'EntityBundleExists' => Constraint\DerivedEnum::BARE,
        'CountryCode' => Constraint\DerivedEnum::BARE,
    ];

    /** Reads the constraint `$id` into `$f`: the one place `$rule->id` is set. */
    public static function apply(Rule $rule, string $id, mixed $opts, Facets $f): void
    {
        $rule->id = $id;
        match ($id) {
            'Length' => Constraint\Length::apply($rule, $opts, $f),
            'Count' => Constraint\Count::apply($rule, $opts, $f),
            'Range' => Constraint\Range::apply($rule, $opts, $f),
            'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual' => Constraint\Comparison::apply($rule, $opts, $f),
            'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero' => Constraint\Sign::apply($rule, $f),
            'Choice', 'AllowedValues' => Constraint\Choice::apply($rule, $opts, $f),
            'PluginExists', 'EntityBundleExists', 'CountryCode' => Constraint\DerivedEnum::apply($rule, $opts, $f),
            'FixedValue', 'IdenticalTo' => Constraint\FixedValue::apply($rule, $opts, $f),
            'NotBlank' => Constraint\NotBlank::apply($rule, $opts, $f),
            'NotNull' => Constraint\NotNull::apply($f),
            'Null' => Constraint\IsNull::apply($f),
            'Blank' => Constraint\Blank::apply($rule, $f),
            'Email', 'Url', 'Uuid', 'Ip', 'Date', 'DateOnly', 'DateTime' => Constraint\Format::apply($rule, $opts, $f),
            'Regex' => Constraint\Regex::apply($rule, $opts, $f),
            'ExtensionName' => Constraint\ExtensionName::apply($rule, $f),
            default => Constraint\Unstated::apply($rule),
        };
    }

    /** Whether the constraint $name on a value of type $ty rejects $v (coerce's guard); null: undecided, or not one the guard reads. */
    public static function rejects(int|string $name, mixed $options, int $ty, mixed $v): ?bool
    {
        return match ($name) {
            'Choice' => Constraint\Choice::rejects(Constraint\Choice::read($options, Constraint\Choice::BARE), $v, true),
            'AllowedValues' => Constraint\Choice::allowedRejects($ty, Constraint\Choice::read($options, Constraint\Choice::BARE), $v),
            'IdenticalTo', 'FixedValue' => Constraint\FixedValue::rejects($options, $v),
            'NotBlank' => Constraint\NotBlank::rejects(Constraint\NotBlank::read($options), $v),
            'Range' => Constraint\Range::rejects(Constraint\Range::read($options), $v),
            'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual' => Constraint\Comparison::rejects($name, Constraint\Comparison::read($options), $v),
            'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero' => Constraint\Sign::rejects($name, $v),
            default => null,
        };
    }

    /**
     * Whether a constraint has a validator that refuses null: coercion never
     * makes such a value null (B6), at any level. (Looked up by name, as
     * asksForEntries(): coercion asks it of every optional definition.)
     *
     * @param array<mixed> $c
     */
    public static function refusesNull(array $c): bool
    {
        return \array_key_exists('NotNull', $c) || \array_key_exists(Constraint\DerivedEnum::REFUSES_NULL, $c)
            || (\array_key_exists('NotBlank', $c) && !Constraint\NotBlank::read($c['NotBlank'])[0]);
    }

    /**
     * Whether a constraint of a list or map asks for entries: Drupal validates
     * a null list or map below the input level as an empty one.
     *
     * @param array<mixed> $c
     */
    public static function asksForEntries(array $c): bool
    {
        return \array_key_exists('NotBlank', $c) || \array_key_exists('Count', $c)
            || (isset($c['Choice']) && Constraint\Choice::asksForEntries(Constraint\Choice::read($c['Choice'], Constraint\Choice::BARE)));
    }

    /**
     * Whether a constraint of a string makes the schema refuse "" (B6).
     *
     * @param array<mixed> $c
     */
    public static function refusesEmpty(array $c): bool
    {
        foreach ($c as $name => $o) {
            if (match ($name) {
                'Length' => Constraint\Length::refusesEmpty(Constraint\Length::read($o)),
                'Regex' => Constraint\Regex::refusesEmpty($o),
                default => Constraint\Format::onlyStrings($name),
            }) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a constraint refuses every value but a string (Normalize\BaseType::stringsOnly()).
     *
     * @param array<mixed> $c
     */
    public static function onlyStrings(array $c): bool
    {
        foreach ($c as $name => $_) {
            if (Constraint\Format::onlyStrings($name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a constraint reads the value's PHP string form (Length, Regex),
     * which JSON Schema states for strings only: an `any` with one is
     * narrowed to a string (Normalize\BaseType::stringsOnly(), issue 30).
     *
     * @param array<mixed> $c
     */
    public static function readsStringForm(array $c): bool
    {
        return \array_key_exists('Length', $c) || \array_key_exists('Regex', $c);
    }
}
