//! `coerce_input`: repair the value shapes LLM clients send, only where the repair
//! is unambiguous (workstream B). See `docs/coerce.md` for the rule table.
//!
//! Layout: every rule lives in its own module (same names as the PHP classes under
//! `php/src/Coerce/` and as the fixture files `tests/fixtures/coerce_<rule>.json`).
//! The rules are pure functions over [`Scalar`]; [`decide`] is the one decision
//! function every value walker calls. Definitions are read through the crate's
//! [`crate::view::Node`] (via the [`DefNode`] conveniences, implemented for every
//! `Node`), so the serde_json walker ([`coerce_json`]) and the zval walker share
//! [`parse_definition`] and [`decide`].

pub mod boolean_string;
pub mod choice_match;
pub mod date_time;
pub mod decide;
pub mod definition;
pub mod empty_optional;
pub mod int_boolean;
pub mod integral_float;
pub mod json_string;
pub mod list_wrap;
pub mod numeric_string;
pub mod timestamp;
pub mod view_def;
pub mod walk_json;

pub use decide::decide;
pub use definition::{parse_definition, CoerceDef, DefNode, Kind, MAX_DEPTH};
pub use json_string::decode_json;
pub use view_def::scalar_of_node;
pub use walk_json::coerce_json;

/// A PHP scalar as the rules see it. Strings are raw bytes (maybe invalid UTF-8).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'a [u8]),
}

/// What a walker must do with a scalar. `None` from [`decide`] means "unchanged".
#[derive(Debug, Clone, PartialEq)]
pub enum Repair {
    /// Replace with null (B6).
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// Replace with this string (B3 canonical date-time).
    String(String),
    /// Replace with the choice at this index of [`CoerceDef::choices`]; the walker
    /// re-uses the original choice value (B2).
    Choice(usize),
    /// B1: decode the string with [`decode_json`]. On success use the decoded value
    /// (its type is guaranteed to match: `[` gives a list, `{` an object) and
    /// coerce it again with the same definition; on failure leave it unchanged.
    Json,
    /// Wrap the scalar in a one-item list, then coerce the item with `items`.
    WrapList,
}

/// A malformed definition (a programming error): becomes `\ValueError` in PHP.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionError {
    pub path: String,
    pub message: String,
}

impl DefinitionError {
    pub fn new(path: &str, message: &str) -> Self {
        DefinitionError {
            path: path.to_string(),
            message: message.to_string(),
        }
    }
}

impl std::fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for DefinitionError {}
