<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;

/**
 * `PluginExists`, `EntityBundleExists` and `CountryCode`: enums that depend on
 * the site, resolved by the caller into `{choices: [...]}`
 * (src/constraint/derived_enum.rs). Emitted as `enum` up to
 * `derived_enum_limit` choices; above it, or unresolved, left out with a
 * warning. EntityBundleExists refuses null too. Their resolved choices are
 * offered to B2 as a Choice's are (CountryCode is a strict Symfony Choice of
 * the country codes: B2 makes "de" the "DE" Drupal accepts).
 */
final class DerivedEnum
{
    public const OVER_LIMIT = 'derived_enum_over_limit';
    public const UNRESOLVED = 'derived_enum_unresolved';

    /** The one whose validator refuses null: EntityBundleExists' throws on a non-string. */
    public const REFUSES_NULL = 'EntityBundleExists';

    /** Options that are not an array (a bare string): not resolved, nothing to offer B2 (normalize warns about it). */
    public const BARE = Offered::Nothing;

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        if ($rule->id === self::REFUSES_NULL) {
            $f->nullRefusedNested = true;
        }
        // The values are names: only strings (or `any`).
        $applies = $rule->cat === Ty::CAT_STR || $rule->cat === Ty::CAT_ANY;
        // A bare string ('EntityBundleExists' => 'node') or options without
        // `choices` were not resolved by the caller.
        $o = Choice::read($opts, self::BARE);
        if ($o->offered !== Offered::ListUnderChoices && $o->offered !== Offered::ChoicesNotArray) {
            if ($applies) {
                $rule->warn(self::UNRESOLVED, 'choices were not resolved; enum left out');
            } else {
                $rule->notApplicable();
            }
            return;
        }
        $list = Choice::checkChoices($rule, $o->list, ['choices']);
        if (!$applies) {
            $rule->notApplicable();
            return;
        }
        $n = \count($list);
        $limit = $rule->derivedEnumLimit;
        if ($n > $limit) {
            $rule->warn(
                self::OVER_LIMIT,
                "{$n} choices are more than derived_enum_limit ({$limit}); enum left out",
            );
        } else {
            Choice::push($rule, $list, true, $f);
        }
    }
}
