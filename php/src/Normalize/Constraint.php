<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * The constraints of one definition: which rule reads each constraint id, and
 * what is said about the ids no rule can state (src/normalize/constraint.rs).
 *
 * Ids are those Drupal core 10.6, 11.3, 11.4 and the Tool module discover
 * (plus the Symfony names a site module may register as plugins:
 * `GreaterThan`, `Url`, `Ip`, ...). A known id whose meaning the schema does
 * not state (it depends on site state or on other values, it checks a format
 * JSON Schema has no keyword for, or it is a composite of other constraints)
 * is reported with UNSTATED; an id the normalizer does not know at all is
 * left out silently (a custom plugin).
 */
final class Constraint
{
    public const NOT_APPLICABLE = Vocab::NOT_APPLICABLE;
    public const UNSTATED = Vocab::UNSTATED;

    /**
     * Constraint ids of Drupal core (10.6, and 11.3/11.4: ClassResolver,
     * ExtensionAvailable, File, MappingCollection, MenuLinkDepth, RoleExists,
     * StringEqualsConcatenatedValues, UserCancelMethod, ValidSequenceKeys) and
     * the Tool module that JSON Schema cannot state.
     */
    private const UNSTATED_IDS = [
        'Bundle' => true,
        'Callback' => true,
        'ClassResolver' => true,
        'ComplexData' => true,
        'ConfigExists' => true,
        'EntityChanged' => true,
        'EntityHasField' => true,
        'EntityType' => true,
        'EntityUntranslatableFields' => true,
        'ExtensionAvailable' => true,
        'ExtensionExists' => true,
        'FieldExists' => true,
        'File' => true,
        'Image' => true,
        'ImmutableProperties' => true,
        'LangcodeRequiredIfTranslatableValues' => true,
        'MappingCollection' => true,
        'MenuLinkDepth' => true,
        'ReferenceAccess' => true,
        'RequiredConfigDependencies' => true,
        'RoleExists' => true,
        'StringEqualsConcatenatedValues' => true,
        'UniqueField' => true,
        'UniquePathAlias' => true,
        'UserCancelMethod' => true,
        'ValidKeys' => true,
        'ValidPath' => true,
        'ValidReference' => true,
        'ValidSequenceKeys' => true,
    ];

    /** Drupal 11 ids that check a format JSON Schema has no keyword for: UriHost (an RFC 3986 host), Serialized (a string unserialize() reads). */
    private const UNSTATED_FORMAT_IDS = ['Serialized' => true, 'UriHost' => true];

    /**
     * Drupal 11's composites of nested constraints (their `constraints`
     * option), which the schema does not state: AtLeastOneOf (one of them
     * holds), Sequentially (all of them hold). (Optional and Required, the
     * other two, have no validator outside Symfony's Collection: Drupal 11
     * throws for every value.)
     */
    private const UNSTATED_COMPOSITE_IDS = ['AtLeastOneOf' => true, 'Sequentially' => true];

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
            default => match (true) {
                isset(self::UNSTATED_IDS[$name]) => $rule->unstated('Drupal checks this constraint against site state or other values; the schema cannot state it'),
                isset(self::UNSTATED_FORMAT_IDS[$name]) => $rule->unstated('Drupal checks a format JSON Schema has no keyword for; the schema cannot state it'),
                isset(self::UNSTATED_COMPOSITE_IDS[$name]) => $rule->unstated('a composite of nested constraints; the schema does not state them'),
                default => null,
            },
        };
    }
}
