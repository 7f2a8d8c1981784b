//! B6: `""` for an optional input of a non-string type becomes null.
//!
//! Non-string types here: the integer kinds (integer, timestamp, timespan),
//! float, boolean, list, map, and the two string-typed kinds for which `""`
//! is never valid: decimal and datetime_iso8601. Not applied to the other
//! string kinds (string, text, email, uri, duration_iso8601, filter_format),
//! `any` or other ids (`entity:node`, ...), nor to required inputs, nor to
//! `" "`. Takes precedence over list wrapping.
//!
//! Never where a null could empty a list or map that must not be empty
//! (Drupal's NotNull treats a list of null items, or a map of null values,
//! as null): not for the items or properties of a required list or map (or
//! one with a constraint refusing null), nor below a list item of such a
//! list ([`Def::may_null`]).

use super::{Def, Repair, Scalar};
use crate::normalize::definition::{Cat, Ty};

pub fn applies_to(ty: Ty) -> bool {
    matches!(
        ty.cat(),
        Cat::Int | Cat::Num | Cat::Bool | Cat::List | Cat::Map
    ) || matches!(ty, Ty::Decimal | Ty::DatetimeIso8601)
}

pub fn decide<N>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    (v == Scalar::Str(b"") && !def.required && def.may_null && applies_to(def.ty))
        .then_some(Repair::Null)
}
