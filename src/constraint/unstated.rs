//! The constraints whose meaning the schema does not state: reported with
//! [`super::UNSTATED`].

use crate::model::facets::Rule;
use crate::view::KeyRef;

/// Constraint ids of Drupal core (10.6, and 11.3/11.4: ClassResolver,
/// ExtensionAvailable, File, MappingCollection, MenuLinkDepth, RoleExists,
/// StringEqualsConcatenatedValues, UserCancelMethod, ValidSequenceKeys) and
/// the Tool module that restrict values in ways a JSON Schema cannot state.
/// Sorted (binary search).
const SITE_STATE_IDS: &[&[u8]] = &[
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
const FORMAT_IDS: &[&[u8]] = &[b"Serialized", b"UriHost"];

/// Drupal 11's composites of nested constraints (their `constraints` option),
/// which the schema does not state: AtLeastOneOf (one of them holds),
/// Sequentially (all of them hold). (Optional and Required, the other two,
/// have no validator outside Symfony's Collection: Drupal 11 throws for every
/// value.) Sorted.
const COMPOSITE_IDS: &[&[u8]] = &[b"AtLeastOneOf", b"Sequentially"];

/// Reports a constraint without a symbol when it is one of these (site
/// state or other values, a format, a composite).
pub fn apply(rule: &mut Rule<'_, '_>) {
    let KeyRef::Str(name) = rule.name else { return };
    if SITE_STATE_IDS.binary_search(&name).is_ok() {
        rule.unstated(
            "Drupal checks this constraint against site state or other values; the schema cannot state it",
        );
    } else if FORMAT_IDS.binary_search(&name).is_ok() {
        rule.unstated(
            "Drupal checks a format JSON Schema has no keyword for; the schema cannot state it",
        );
    } else if COMPOSITE_IDS.binary_search(&name).is_ok() {
        rule.unstated("a composite of nested constraints; the schema does not state them");
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_sorted_and_unique() {
        for ids in [
            super::SITE_STATE_IDS,
            super::FORMAT_IDS,
            super::COMPOSITE_IDS,
        ] {
            assert!(ids.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
