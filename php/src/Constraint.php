<?php

declare(strict_types=1);

namespace ToolSchema\Php;

use ToolSchema\Php\Constraint\Blank;
use ToolSchema\Php\Constraint\Choice;
use ToolSchema\Php\Constraint\Comparison;
use ToolSchema\Php\Constraint\Count;
use ToolSchema\Php\Constraint\DerivedEnum;
use ToolSchema\Php\Constraint\ExtensionName;
use ToolSchema\Php\Constraint\FixedValue;
use ToolSchema\Php\Constraint\Format;
use ToolSchema\Php\Constraint\IsNull;
use ToolSchema\Php\Constraint\Length;
use ToolSchema\Php\Constraint\NotBlank;
use ToolSchema\Php\Constraint\NotNull;
use ToolSchema\Php\Constraint\Range;
use ToolSchema\Php\Constraint\Regex;
use ToolSchema\Php\Constraint\Sign;
use ToolSchema\Php\Constraint\Unstated;
use ToolSchema\Php\Normalize\Facets;
use ToolSchema\Php\Normalize\Rule;

/**
 * The constraint catalogue (src/constraint.rs): one class per Drupal
 * constraint (or per family that shares one validator) in Constraint/, the
 * one home of what it means: reading and checking its options, the facets it
 * adds to the schema (apply), whether a value violates it (rejects, what
 * coerce's guard asks), the choices it offers B2 (offered), whether it makes
 * an optional value refuse null, ask for entries or refuse "" (any), and
 * what the Drupal module's reader copies from a constraint object
 * (objectOptions). This class is the one dispatch: which class answers for
 * each id. A known id whose meaning the schema does not state is reported
 * with UNSTATED (Unstated); an id the normalizer does not know at all is
 * left out silently (a custom plugin).
 */
final class Constraint
{
    /** A constraint that does not fit the input's type: not stated, and Drupal still runs it. */
    public const NOT_APPLICABLE = 'constraint_not_applicable';
    /** A constraint Drupal checks that JSON Schema cannot state. */
    public const UNSTATED = 'constraint_unstated';

    /** The constraints that offer choices to B2 (offered()), in the order coercion reads them. */
    public const WITH_CHOICES = ['Choice', 'AllowedValues', 'PluginExists', 'EntityBundleExists', 'CountryCode'];

    // The questions any() asks (Rust: Ask).
    public const REFUSES_NULL = 0;
    public const ASKS_FOR_ENTRIES = 1;
    public const REFUSES_EMPTY = 2;
    public const ONLY_STRINGS = 3;

    /** Reads one constraint into `$f`. */
    public static function apply(Rule $rule, string $name, mixed $opts, Facets $f): void
    {
        match ($name) {
            'Length' => Length::apply($rule, $opts, $f),
            'Count' => Count::apply($rule, $opts, $f),
            'Range' => Range::apply($rule, $opts, $f),
            'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual' => Comparison::apply($rule, $name, $opts, $f),
            'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero' => Sign::apply($rule, $name, $f),
            'Choice', 'AllowedValues' => Choice::apply($rule, $name, $opts, $f),
            'PluginExists', 'EntityBundleExists', 'CountryCode' => DerivedEnum::apply($rule, $name, $opts, $f),
            'FixedValue', 'IdenticalTo' => FixedValue::apply($rule, $opts, $f),
            'NotBlank' => NotBlank::apply($rule, $opts, $f),
            'NotNull' => NotNull::apply($f),
            'Null' => IsNull::apply($f),
            'Blank' => Blank::apply($rule, $f),
            'Email', 'Url', 'Uuid', 'Ip', 'Date', 'DateOnly', 'DateTime' => Format::apply($rule, $name, $opts, $f),
            'Regex' => Regex::apply($rule, $opts, $f),
            'ExtensionName' => ExtensionName::apply($rule, $f),
            default => Unstated::apply($rule, $name),
        };
    }

    /** Whether the constraint $name on a value of type $ty rejects $v (coerce's guard); null: undecided, or not one the guard reads. */
    public static function rejects(int|string $name, mixed $options, int $ty, mixed $v): ?bool
    {
        return match ($name) {
            'Choice' => Choice::rejects($options, $v, true),
            'AllowedValues' => Choice::allowedRejects($ty, $options, $v),
            'IdenticalTo', 'FixedValue' => FixedValue::rejects($options, $v),
            'NotBlank' => NotBlank::rejects($options, $v),
            'Range' => Range::rejects($options, $v),
            'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual' => Comparison::rejects($name, $options, $v),
            'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero' => Sign::rejects($name, $v),
            default => null,
        };
    }

    /**
     * The choices the constraint $name (one of WITH_CHOICES) offers:
     * [kind, list] (Choice::LIST, ...).
     *
     * @return array{0: int, 1: array<mixed>|null}
     */
    public static function offered(string $name, mixed $options): array
    {
        return $name === 'Choice' || $name === 'AllowedValues' ? Choice::offered($options) : DerivedEnum::offered($options);
    }

    /**
     * Whether one of the constraints answers $ask (REFUSES_NULL, ...) with yes.
     *
     * @param array<mixed> $constraints
     */
    public static function any(array $constraints, int $ask): bool
    {
        foreach ($constraints as $name => $o) {
            $yes = match ($ask) {
                self::REFUSES_NULL => match ($name) {
                    'NotNull' => true,
                    'PluginExists', 'EntityBundleExists', 'CountryCode' => DerivedEnum::refusesNull($name),
                    'NotBlank' => NotBlank::refusesNull($o),
                    default => false,
                },
                self::ASKS_FOR_ENTRIES => match ($name) {
                    'NotBlank', 'Count' => true,
                    'Choice' => Choice::asksForEntries($o),
                    default => false,
                },
                self::REFUSES_EMPTY => match ($name) {
                    'Length' => Length::refusesEmpty($o),
                    'Regex' => Regex::refusesEmpty($o),
                    default => Format::onlyStrings($name),
                },
                default => Format::onlyStrings($name),
            };
            if ($yes) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the Drupal module's reader copies from a constraint object of
     * $name: option => the value that is left out as well as null; null for
     * a constraint normalize_schema does not map (its scalar options are
     * kept for the record).
     *
     * @return array<string, mixed>|null
     */
    public static function objectOptions(string $name): ?array
    {
        return match ($name) {
            'Choice', 'AllowedValues' => Choice::OBJECT_OPTIONS,
            'Regex' => Regex::OBJECT_OPTIONS,
            'Length' => Length::OBJECT_OPTIONS,
            'Range' => Range::OBJECT_OPTIONS,
            'Count' => Count::OBJECT_OPTIONS,
            'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual' => Comparison::OBJECT_OPTIONS,
            'IdenticalTo', 'FixedValue' => FixedValue::OBJECT_OPTIONS,
            'PluginExists', 'EntityBundleExists' => DerivedEnum::OBJECT_OPTIONS[$name],
            'NotBlank', 'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero' => [],
            'Email', 'Url', 'Uuid', 'Ip', 'Date', 'DateOnly', 'DateTime' => Format::OBJECT_OPTIONS[$name] ?? [],
            default => null,
        };
    }
}
