//! Kept rule: a scalar given for a `list` becomes a one-item list (the item is
//! then coerced with `items`). Not wrapped: null (never `[null]`), `""` (B6 turns
//! it into null when optional; a required list keeps it), and strings starting
//! with `[` or `{` after JSON whitespace (B1 decides those; broken JSON stays).

use super::{json_string, Repair, Scalar};

pub fn decide<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    match v {
        Scalar::Null => None,
        Scalar::Str(b"") => None,
        Scalar::Str(s) if json_string::opening(s).is_some() => None,
        _ => Some(Repair::WrapList),
    }
}
