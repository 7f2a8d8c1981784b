<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Rule;

/**
 * The constraints whose meaning the schema does not state: reported with
 * Constraint::UNSTATED (src/constraint/unstated.rs).
 */
final class Unstated
{
    /**
     * Constraint ids of Drupal core (10.6, and 11.3/11.4: ClassResolver,
     * ExtensionAvailable, File, MappingCollection, MenuLinkDepth, RoleExists,
     * StringEqualsConcatenatedValues, UserCancelMethod, ValidSequenceKeys) and
     * the Tool module that JSON Schema cannot state.
     */
    private const SITE_STATE_IDS = [
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
    private const FORMAT_IDS = ['Serialized' => true, 'UriHost' => true];

    /**
     * Drupal 11's composites of nested constraints (their `constraints`
     * option), which the schema does not state: AtLeastOneOf (one of them
     * holds), Sequentially (all of them hold). (Optional and Required, the
     * other two, have no validator outside Symfony's Collection: Drupal 11
     * throws for every value.)
     */
    private const COMPOSITE_IDS = ['AtLeastOneOf' => true, 'Sequentially' => true];

    /** Reports a constraint no other class reads when it is one of these (site state or other values, a format, a composite). */
    public static function apply(Rule $rule): void
    {
        match (true) {
            isset(self::SITE_STATE_IDS[$rule->id]) => $rule->unstated('Drupal checks this constraint against site state or other values; the schema cannot state it'),
            isset(self::FORMAT_IDS[$rule->id]) => $rule->unstated('Drupal checks a format JSON Schema has no keyword for; the schema cannot state it'),
            isset(self::COMPOSITE_IDS[$rule->id]) => $rule->unstated('a composite of nested constraints; the schema does not state them'),
            default => null,
        };
    }
}
