<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * The constraints of one definition: which rule reads each constraint id, and
 * what is said about the ids no rule can state (src/normalize/constraint.rs).
 *
 * Ids are those Drupal core 10.6 and the Tool module discover (plus the
 * Symfony names a site module may register as plugins: `GreaterThan`, `Url`,
 * `Ip`, ...). A known id whose meaning JSON Schema cannot state (it depends on
 * site state or on other values) is reported with UNSTATED; an id the
 * normalizer does not know at all is left out silently (a custom plugin).
 */
final class Constraint
{
    /** A constraint that does not fit the input's type: not stated, and Drupal still runs it. */
    public const NOT_APPLICABLE = 'constraint_not_applicable';
    /** A constraint Drupal checks that JSON Schema cannot state. */
    public const UNSTATED = 'constraint_unstated';

    /** Constraint ids of Drupal core 10.6 and the Tool module that JSON Schema cannot state. */
    private const UNSTATED_IDS = [
        'Bundle' => true,
        'Callback' => true,
        'ComplexData' => true,
        'ConfigExists' => true,
        'EntityChanged' => true,
        'EntityHasField' => true,
        'EntityType' => true,
        'EntityUntranslatableFields' => true,
        'ExtensionExists' => true,
        'FieldExists' => true,
        'Image' => true,
        'ImmutableProperties' => true,
        'LangcodeRequiredIfTranslatableValues' => true,
        'ReferenceAccess' => true,
        'RequiredConfigDependencies' => true,
        'UniqueField' => true,
        'UniquePathAlias' => true,
        'ValidKeys' => true,
        'ValidPath' => true,
        'ValidReference' => true,
    ];

    /** The pattern Drupal's ExtensionName constraint checks (ExtensionDiscovery::PHP_FUNCTION_PATTERN). */
    public const EXTENSION_NAME_PATTERN = '/^[a-zA-Z_\x80-\xff][a-zA-Z0-9_\x80-\xff]*$/';

    /** Reads one constraint into `$f`. */
    public static function apply(Rule $rule, string $name, mixed $opts, Facets $f): void
    {
        match ($name) {
            'Length' => Length::apply($rule, $opts, $f),
            'Count' => Count::apply($rule, $opts, $f),
            'Range' => Bounds::range($rule, $opts, $f),
            'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual' =>
                Bounds::comparison($rule, $name, $opts, $f),
            'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero' => Bounds::sign($rule, $name, $f),
            'Choice', 'AllowedValues' => Choice::apply($rule, $name, $opts, $f),
            'PluginExists', 'EntityBundleExists', 'CountryCode' => DerivedEnum::apply($rule, $name, $opts, $f),
            'FixedValue', 'IdenticalTo' => FixedValue::apply($rule, $opts, $f),
            'NotBlank' => NotBlank::apply($rule, $opts, $f),
            'NotNull' => $f->notNull = true,
            // Symfony's Null: nothing but null.
            'Null' => $f->enums[] = ['nothing', null],
            // Symfony's Blank: "" or null.
            'Blank' => $rule->cat === Definition::CAT_STR
                ? $f->maxLength = Facets::lower($f->maxLength, 0)
                : $f->enums[] = ['nothing', null],
            'Email', 'Url', 'Uuid', 'Ip', 'Date', 'DateOnly', 'DateTime' => Format::apply($rule, $name, $opts, $f),
            'Regex' => Regex::apply($rule, $opts, $f),
            'ExtensionName' => Regex::applySource($rule, self::EXTENSION_NAME_PATTERN, true, $f),
            default => isset(self::UNSTATED_IDS[$name])
                ? $rule->unstated('Drupal checks this constraint against site state or other values; the schema cannot state it')
                : null,
        };
    }
}
