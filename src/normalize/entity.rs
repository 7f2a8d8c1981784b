//! Entity inputs (`entity`, `entity:T`, `entity:T:B`).
//!
//! With a fixed entity type (`entity:T`, `entity:T:B`; issue 27) the model
//! sends the entity's ID alone: a string of at least one character
//! (`minLength: 1`), and the note [`note`] `An ID of a "T" entity.`. The type
//! is the input's: no prefix to write, none to get wrong. (Before issue 27:
//! the pattern below and [`NOTE`] for every entity input.)
//!
//! Plain `entity` (any entity type) → a string naming the entity the way the
//! AI module's entity converter reads it before Drupal sees an entity object:
//! `"T:ID"` or `"T:ID:LANGCODE"` (any entity type id), or the artifact token
//! `{{entity:T:...}}` that the Tool module's AI connector hands back for
//! entities earlier tools returned. A `base_schema` replaces this.

use std::borrow::Cow;

use crate::model::ty::Ty;

/// The note of plain `entity`.
pub const NOTE: &str = "An entity: \"TYPE:ID\", or \"TYPE:ID:LANGCODE\" for a translation.";

/// The fixed entity type of `entity:T` and `entity:T:B` (`T`); `None` for
/// plain `entity` (or an empty `T`).
pub fn target(type_id: &[u8]) -> Option<&[u8]> {
    type_id
        .strip_prefix(b"entity:")
        .map(|rest| rest.split(|&c| c == b':').next().unwrap_or(b""))
        .filter(|t| !t.is_empty())
}

/// The note an entity input adds to the description: `An ID of a "T"
/// entity.` with a fixed type, [`NOTE`] without.
pub fn note(type_id: &[u8]) -> Cow<'static, str> {
    match target(type_id) {
        Some(t) => Cow::Owned(format!(
            "An ID of a \"{}\" entity.",
            String::from_utf8_lossy(t)
        )),
        None => Cow::Borrowed(NOTE),
    }
}

/// The pattern of plain `entity` (`None` for every other type, a fixed
/// entity type included).
pub fn pattern(ty: Ty, type_id: &[u8]) -> Option<&'static str> {
    (ty == Ty::Entity && target(type_id).is_none())
        .then_some("^(?:[a-z0-9_]+:[^:]+(?::[^:]+)?|\\{\\{entity:[a-z0-9_]+:[^{}]+\\}\\})$")
}

/// `minLength` of an entity input with a fixed type: an ID is not empty.
pub fn min_length(ty: Ty, type_id: &[u8]) -> Option<i64> {
    (ty == Ty::Entity && target(type_id).is_some()).then_some(1)
}
