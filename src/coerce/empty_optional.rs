//! B6: `""` for an optional input that cannot hold it becomes null.
//!
//! Inputs that cannot hold `""`: the integer kinds (integer, timestamp,
//! timespan), float, boolean, list, map, and the two string-typed kinds for
//! which `""` is never valid: decimal and datetime_iso8601. And (issue 19) a
//! string kind whose schema refuses `""` although Drupal's validators skip
//! it ([`refuses_empty`]): `email`, `uri`, `duration_iso8601` (their
//! `format`), and the constraints whose schema refuses `""` (the formats but
//! DateTime, `Length` with a minimum of 1 or more, a `Regex` whose stated
//! `pattern` does not match `""`: [`crate::constraint::refuses_empty`]). Not
//! applied to the other string kinds, nor where the schema accepts `""`, nor
//! to `any` or other ids (`entity:node`, ...), nor to required inputs, nor to
//! `" "`. Takes precedence over list wrapping.
//!
//! Never where a null could empty a list or map that must not be empty
//! (Drupal's NotNull treats a list of null items, or a map of null values,
//! as null): not for the items or properties of a required list or map (or
//! one with a constraint refusing null), nor below a list item of such a
//! list ([`Def::may_null`]).

use super::{Def, Repair, Scalar};
use crate::constraint;
use crate::normalize::definition::{Cat, Ty};
use crate::sym::Sym;
use crate::view::Node;

pub fn applies_to(ty: Ty) -> bool {
    matches!(
        ty.cat(),
        Cat::Int | Cat::Num | Cat::Bool | Cat::List | Cat::Map
    ) || matches!(ty, Ty::Decimal | Ty::DatetimeIso8601)
}

pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    (v == Scalar::Str(b"")
        && !def.required
        && def.may_null
        && (applies_to(def.ty) || refuses_empty(def)))
    .then_some(Repair::Null)
}

/// A string kind whose schema (normalize_schema's) refuses `""`.
pub fn refuses_empty<'a, N: Node<'a>>(def: &Def<N>) -> bool {
    if def.ty.cat() != Cat::Str {
        return false;
    }
    if matches!(def.ty, Ty::Email | Ty::Uri | Ty::DurationIso8601) {
        return true;
    }
    def.node
        .get(Sym::Constraints)
        .is_some_and(constraint::refuses_empty)
}
