//! The one decision for a scalar value.

use super::choice_match::{self, Match};
use super::{
    boolean_string, date_time, empty_optional, entity_id, fenced_json, guard, int_boolean,
    int_float, integral_float, json_string, list_wrap, null_string, numeric_string, timestamp, Def,
    Repair,
};
use crate::model::ty::{Cat, Ty};
use crate::model::value::{trim, Scalar};
use crate::view::Node;

/// What to do with scalar `v` under `def`; `None` = leave it unchanged.
///
/// Order: `any` is never coerced; for strings, an exact choice match stops,
/// then B6 (empty optional) and `"null"` (null_string), then B2 (choice match); then the type's rules.
/// The first rule that proposes a repair decides; the [`guard`] then drops it
/// when it would land on a value the definition's own value constraints
/// reject where `v` passes them (the value stays; no other rule is tried).
pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    let r = propose(def, v)?;
    guard::allows(def, v, &r).then_some(r)
}

/// The repair the rules propose, before the guard.
fn propose<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    if def.ty == Ty::Any {
        return None;
    }
    if let Scalar::Str(s) = v {
        let m = if choice_match::applies_to(def.ty) {
            choice_match::find(def, s)
        } else {
            Match::None
        };
        if let Match::Exact = m {
            return None;
        }
        let unmatched = matches!(m, Match::None);
        if let Some(r) = empty_optional::decide(def, v, unmatched)
            .or_else(|| null_string::decide(def, v, unmatched))
        {
            return Some(r);
        }
        match m {
            Match::One(choice) => return Some(Repair::Choice(choice)),
            Match::Ambiguous => return None,
            Match::Exact | Match::None => {}
        }
    }
    // The padding rule: a repair that reads a string's content (a number, a
    // boolean, a date) reads it without the padding PHP's trim() strips, as
    // B2 matches choices and B1 skips JSON whitespace (docs/coerce.md).
    let t = padded(v);
    match def.ty.cat() {
        Cat::Bool => boolean_string::decide(t).or_else(|| int_boolean::decide(v)),
        Cat::Int => {
            let r = numeric_string::decide_integer(t).or_else(|| integral_float::decide(v));
            if def.ty == Ty::Timestamp {
                r.or_else(|| timestamp::decide(t))
            } else {
                r
            }
        }
        Cat::Num => numeric_string::decide_float(t).or_else(|| int_float::decide(v)),
        Cat::Str if def.ty == Ty::DatetimeIso8601 => date_time::decide(v, t),
        Cat::List => json_string::decide(v, b'[')
            .or_else(|| fenced_json::decide(v, b'['))
            .or_else(|| list_wrap::decide(def, v)),
        Cat::Map => json_string::decide(v, b'{').or_else(|| fenced_json::decide(v, b'{')),
        Cat::Any if def.ty == Ty::Entity => entity_id::decide(def, v),
        Cat::Str | Cat::Any => None,
    }
}

/// A string without the padding of [`trim`]; any other value as it is.
pub fn padded(v: Scalar<'_>) -> Scalar<'_> {
    match v {
        Scalar::Str(s) => Scalar::Str(trim(s)),
        v => v,
    }
}
