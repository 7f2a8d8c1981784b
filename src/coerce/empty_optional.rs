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
//! to `any` or other ids, nor to required inputs, nor to `" "`. Takes
//! precedence over list wrapping.
//!
//! Issue 27: also an entity input with a fixed type (`entity:T`,
//! `entity:T:B`, whose schema is a string with `minLength: 1`), and an
//! optional enum, a kind B2 reads (string kinds, entity and other ids) whose
//! `Choice` or `AllowedValues` rejects `""` while no choice matches it
//! ([`not_a_choice`]): `""` is a choice where it is one, and stays.
//!
//! Never where a null could empty a list or map that must not be empty
//! (Drupal's NotNull treats a list of null items, or a map of null values,
//! as null): not for the items or properties of a required list or map (or
//! one with a constraint refusing null), nor below a list item of such a
//! list ([`Def::may_null`]).

use super::definition::present;
use super::{choice_match, entity_id, Def, Repair};
use crate::constraint;
use crate::model::ty::{Cat, Ty};
use crate::model::value::{Scalar, V};
use crate::sym::Sym;
use crate::view::Node;

pub fn applies_to(ty: Ty) -> bool {
    matches!(
        ty.cat(),
        Cat::Int | Cat::Num | Cat::Bool | Cat::List | Cat::Map
    ) || matches!(ty, Ty::Decimal | Ty::DatetimeIso8601)
}

/// `unmatched`: no choice of the definition matches `v` (B2 found none).
pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>, unmatched: bool) -> Option<Repair<N>> {
    (v == Scalar::Str(b"")
        && !def.required
        && def.may_null
        && (applies_to(def.ty) || refuses_empty(def) || unmatched && not_a_choice(def, v)))
    .then_some(Repair::Null)
}

/// A string kind whose schema (normalize_schema's) refuses `""`; or (issue
/// 27) an entity input with a fixed type (`minLength: 1`).
pub fn refuses_empty<'a, N: Node<'a>>(def: &Def<N>) -> bool {
    if def.ty == Ty::Entity {
        return entity_id::fixed_type(def);
    }
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

/// Issue 27: `v` is not one of the choices an optional enum states: for a
/// kind B2 reads (string kinds, entity and other ids), a `Choice` or
/// `AllowedValues` of the definition (the schema's `enum`) rejects it, as
/// the guard reads them ([`constraint::rejects`]; a `match: false` or
/// `multiple` one, or an undecided one, does not). With no choice matching
/// it either (B2), `""` and `"null"` are then a model's "nothing" (B6,
/// null_string).
pub fn not_a_choice<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> bool {
    choice_match::applies_to(def.ty)
        && present(def.node, Sym::Constraints).is_some_and(|c| {
            [Sym::Choice, Sym::AllowedValues].into_iter().any(|name| {
                c.get(name).is_some_and(|o| {
                    constraint::rejects(name, o, def.ty, V::Scalar(v)) == Some(true)
                })
            })
        })
}
