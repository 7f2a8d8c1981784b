//! The words every part of the library speaks: a number as written, the
//! warning codes of constraints, the nesting limit, UTF-8. They live in the
//! model, below the catalogue, coercion and normalization, so that imports
//! run one way (those name them, this names nothing).

use std::cmp::Ordering;

/// A constraint that does not fit the input's type (Email on an integer,
/// Count on a float, `multiple` on a scalar): not stated, and Drupal still runs it.
pub const NOT_APPLICABLE: &str = "constraint_not_applicable";
/// A constraint Drupal checks that JSON Schema cannot state (site state,
/// other values): the schema accepts values it rejects.
pub const UNSTATED: &str = "constraint_unstated";

/// How deep definitions (and copied values) may nest.
pub const MAX_DEPTH: usize = 64;

/// A number as written: int or float.
#[derive(Clone, Copy, Debug)]
pub enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

/// Two numbers in order: exactly when both are ints, as floats otherwise
/// (every bound helper compares this way).
pub fn cmp(a: Num, b: Num) -> Ordering {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.cmp(&y),
        _ => a
            .as_f64()
            .partial_cmp(&b.as_f64())
            .unwrap_or(Ordering::Equal),
    }
}

pub(crate) fn valid_utf8(b: &[u8]) -> bool {
    std::str::from_utf8(b).is_ok()
}
