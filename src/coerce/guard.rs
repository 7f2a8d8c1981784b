//! The guard: a repair never lands on a value the definition's own value
//! constraints reject where the value it repairs passes them.
//!
//! The rules propose, the guard checks. For a scalar repair `from` → `to`,
//! each constraint below is asked about both values; the repair is dropped
//! (the value stays as it is; no other rule is tried) when a constraint
//! rejects `to` but not `from`. A repair that both fail is kept (`"3"` → `3`
//! for `Choice: [1, 2]`): the form is repaired, the value is for validation.
//! The constraints are read as Drupal's validators decide, as normalize reads
//! them: each constraint's module of the catalogue says whether it rejects a
//! value ([`crate::constraint::rejects`]: Choice, AllowedValues, IdenticalTo,
//! FixedValue, NotBlank, the comparisons, Range), and, for a list's items,
//! the list's `Choice` with `multiple: true` ([`choice::each_of`]).
//!
//! With all type-changing repairs but B5 and boolean_string, these see the
//! same number before and after; what they catch is `0` → `false` and `"1"`
//! → `true` where the definition compares the value with a number.
//!
//! A repair into a list or map (B1, list_wrap) is judged the same way, the
//! new value being an array: never a choice, never identical to a scalar,
//! blank when empty (only B1's `"[]"` or `"{}"`). Its items are then decided
//! one by one.
//!
//! Options are read, not checked (normalize_schema reports a wrong type), as
//! Symfony's constraint objects hold them
//! ([`super::definition::option_flag`]).

use super::definition::present;
use super::{json_string, Def, Repair, Scalar};
use crate::constraint::{choice, rejects};
use crate::sym::Sym;
use crate::view::{Key, Node};

/// A value as the guard sees it: a scalar, or an array (a repair into a list
/// or map), empty or not.
#[derive(Clone, Copy, PartialEq)]
pub enum V<'s> {
    Scalar(Scalar<'s>),
    Array { empty: bool },
}

/// Whether the repair `repair` of `from` under `def` may be made.
pub fn allows<'a, N: Node<'a>>(def: &Def<N>, from: Scalar<'_>, repair: &Repair<N>) -> bool {
    let to = match repair {
        Repair::Null => V::Scalar(Scalar::Null),
        Repair::Bool(b) => V::Scalar(Scalar::Bool(*b)),
        Repair::Int(i) => V::Scalar(Scalar::Int(*i)),
        Repair::Float(f) => V::Scalar(Scalar::Float(*f)),
        Repair::String(s) => V::Scalar(Scalar::Str(s.as_bytes())),
        Repair::Choice(n) => match Scalar::of(n.kind()) {
            Some(s) => V::Scalar(s),
            None => return true,
        },
        Repair::Json => V::Array {
            empty: matches!(from, Scalar::Str(s) if json_string::is_empty_container(s)),
        },
        Repair::WrapList => V::Array { empty: false },
    };
    let from = V::Scalar(from);
    // `rejects` says whether a constraint rejects a value (`None`: undecided).
    let breaks = |rejects: &dyn Fn(V<'_>) -> Option<bool>| {
        rejects(to) == Some(true) && rejects(from) == Some(false)
    };
    if let Some(options) = def.each_choice_of {
        if breaks(&|v| choice::rejects(options, v, false)) {
            return false;
        }
    }
    let Some(constraints) = present(def.node, Sym::Constraints) else {
        return true;
    };
    // A repair that one constraint rejects where the value passes it.
    !constraints.any(|key, o| {
        key.sym()
            .is_some_and(|name| breaks(&|v| rejects(name, o, def.ty, v)))
    })
}
