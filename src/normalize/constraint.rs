//! The constraints of one definition: which rule reads each constraint id, and
//! what is said about the ids no rule can state.
//!
//! Ids are those Drupal core 10.6, 11.3, 11.4 and the Tool module discover
//! (plus the Symfony names a site module may register as plugins:
//! `GreaterThan`, `Url`, `Ip`, ...). A known id whose meaning the schema does
//! not state (it depends on site state or on other values, it checks a format
//! JSON Schema has no keyword for, or it is a composite of other constraints)
//! is reported with [`UNSTATED`]; an id the normalizer does not know at all is
//! left out silently (a custom plugin).

use super::definition::Cat;
use super::facets::{Enum, Facets, Rule};
use super::{bounds, choice, count, derived_enum, fixed_value, format, length, not_blank, regex};
use crate::error::DefinitionError;
use crate::sym::Sym;
use crate::view::{KeyRef, Node};

pub use super::vocab::{NOT_APPLICABLE, UNSTATED};

/// Constraint ids of Drupal core (10.6, and 11.3/11.4: ClassResolver,
/// ExtensionAvailable, File, MappingCollection, MenuLinkDepth, RoleExists,
/// StringEqualsConcatenatedValues, UserCancelMethod, ValidSequenceKeys) and
/// the Tool module that restrict values in ways a JSON Schema cannot state.
/// Sorted (binary search).
const UNSTATED_IDS: &[&[u8]] = &[
    b"Bundle",
    b"Callback",
    b"ClassResolver",
    b"ComplexData",
    b"ConfigExists",
    b"EntityChanged",
    b"EntityHasField",
    b"EntityType",
    b"EntityUntranslatableFields",
    b"ExtensionAvailable",
    b"ExtensionExists",
    b"FieldExists",
    b"File",
    b"Image",
    b"ImmutableProperties",
    b"LangcodeRequiredIfTranslatableValues",
    b"MappingCollection",
    b"MenuLinkDepth",
    b"ReferenceAccess",
    b"RequiredConfigDependencies",
    b"RoleExists",
    b"StringEqualsConcatenatedValues",
    b"UniqueField",
    b"UniquePathAlias",
    b"UserCancelMethod",
    b"ValidKeys",
    b"ValidPath",
    b"ValidReference",
    b"ValidSequenceKeys",
];

/// Drupal 11 constraint ids that check a format JSON Schema has no keyword
/// for: UriHost (an RFC 3986 host), Serialized (a string unserialize() reads).
/// Sorted.
const UNSTATED_FORMAT_IDS: &[&[u8]] = &[b"Serialized", b"UriHost"];

/// Drupal 11's composites of nested constraints (their `constraints` option),
/// which the schema does not state: AtLeastOneOf (one of them holds),
/// Sequentially (all of them hold). (Optional and Required, the other two,
/// have no validator outside Symfony's Collection: Drupal 11 throws for every
/// value.) Sorted.
const UNSTATED_COMPOSITE_IDS: &[&[u8]] = &[b"AtLeastOneOf", b"Sequentially"];

/// The pattern Drupal's ExtensionName constraint checks
/// (ExtensionDiscovery::PHP_FUNCTION_PATTERN).
pub const EXTENSION_NAME_PATTERN: &str = "/^[a-zA-Z_\\x80-\\xff][a-zA-Z0-9_\\x80-\\xff]*$/";

/// Reads one constraint into `facets`.
pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    sym: Option<Sym>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let Some(sym) = sym else {
        if let KeyRef::Str(name) = rule.name {
            if UNSTATED_IDS.binary_search(&name).is_ok() {
                rule.unstated(
                    "Drupal checks this constraint against site state or other values; the schema cannot state it",
                );
            } else if UNSTATED_FORMAT_IDS.binary_search(&name).is_ok() {
                rule.unstated("Drupal checks a format JSON Schema has no keyword for; the schema cannot state it");
            } else if UNSTATED_COMPOSITE_IDS.binary_search(&name).is_ok() {
                rule.unstated("a composite of nested constraints; the schema does not state them");
            }
        }
        return Ok(());
    };
    match sym {
        Sym::Length => length::apply(rule, opts, facets),
        Sym::Count => count::apply(rule, opts, facets),
        Sym::Range => bounds::range(rule, opts, facets),
        Sym::GreaterThan | Sym::GreaterThanOrEqual | Sym::LessThan | Sym::LessThanOrEqual => {
            bounds::comparison(rule, sym, opts, facets)
        }
        Sym::Positive | Sym::PositiveOrZero | Sym::Negative | Sym::NegativeOrZero => {
            bounds::sign(rule, sym, facets);
            Ok(())
        }
        Sym::Choice | Sym::AllowedValues => choice::apply(rule, sym, opts, facets),
        Sym::PluginExists | Sym::EntityBundleExists | Sym::CountryCode => {
            derived_enum::apply(rule, sym, opts, facets)
        }
        Sym::FixedValue | Sym::IdenticalTo => fixed_value::apply(rule, opts, facets),
        Sym::NotBlank => not_blank::apply(rule, opts, facets),
        Sym::NotNull => {
            facets.not_null = true;
            Ok(())
        }
        // Symfony's Null: nothing but null.
        Sym::NullConstraint => {
            facets.enums.push(Enum::Nothing);
            Ok(())
        }
        // Symfony's Blank: "" or null.
        Sym::Blank => {
            match rule.cat {
                Cat::Str => super::facets::lower(&mut facets.max_length, 0),
                _ => facets.enums.push(Enum::Nothing),
            }
            Ok(())
        }
        Sym::Email | Sym::Url | Sym::Uuid | Sym::Ip | Sym::Date | Sym::DateOnly | Sym::DateTime => {
            format::apply(rule, sym, opts, facets)
        }
        Sym::Regex => regex::apply(rule, opts, facets),
        Sym::ExtensionName => regex::apply_source(rule, EXTENSION_NAME_PATTERN, true, facets),
        // No JSON Schema meaning: left out.
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn unstated_ids_are_sorted_and_unique() {
        for ids in [
            super::UNSTATED_IDS,
            super::UNSTATED_FORMAT_IDS,
            super::UNSTATED_COMPOSITE_IDS,
        ] {
            assert!(ids.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
