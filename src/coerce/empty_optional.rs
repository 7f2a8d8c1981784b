//! B6: `""` for an optional input of a non-string type becomes null.
//!
//! Non-string types here: integer, float, decimal, boolean, timestamp,
//! datetime_iso8601, list, map (for none of them is `""` ever valid).
//! Not applied to string/text/email/uri/duration_iso8601, `any` or other ids
//! (`entity:node`, ...), nor to required inputs, nor to `" "`.
//! Takes precedence over list wrapping.

use super::{CoerceDef, Kind, Repair, Scalar};

pub fn applies_to(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Integer
            | Kind::Float
            | Kind::Decimal
            | Kind::Boolean
            | Kind::Timestamp
            | Kind::DateTime
            | Kind::List
            | Kind::Map
    )
}

pub fn decide<N>(def: &CoerceDef<'_, N>, v: Scalar<'_>) -> Option<Repair> {
    (v == Scalar::Str(b"") && !def.required && applies_to(def.kind)).then_some(Repair::Null)
}
