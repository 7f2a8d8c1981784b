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
//! the list's `Choice` with `multiple: true`
//! ([`crate::constraint::choice::each_of`]).
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
//! What a definition accepts ([`accepts`], issue 27: whether list_wrap wraps
//! a scalar) is read from the same constraints: a value of the type the
//! schema states ([`fits`]) that none of them rejects.
//!
//! Options are read, not checked (normalize_schema reports a wrong type), as
//! Symfony's constraint objects hold them
//! ([`crate::model::value::option_flag`]).

use super::definition::present;
use super::{fenced_json, json_string, Def, Repair};
use crate::constraint::{length, rejects};
use crate::model::ty::{Cat, Ty};
use crate::model::value::{Scalar, V};
use crate::sym::Sym;
use crate::view::{Key, KeyRef, Node};

/// Whether the repair `repair` of `from` under `def` may be made.
pub fn allows<'a, N: Node<'a>>(def: &Def<N>, from: Scalar<'_>, repair: &Repair<N>) -> bool {
    let Some(to) = after(from, repair) else {
        return true;
    };
    let from_v = V::Scalar(from);
    // A repair that one constraint rejects where the value passes it.
    !any_rejection(def, &|rejects| {
        rejects(to) == Some(true) && rejects(from_v) == Some(false)
    }) && !string_form_breaks(def, from, to)
}

/// `Length` and `Regex` read the value's PHP string form (issue 30: `" 5"` →
/// `5` broke `{"pattern": "/^[^\\s]+$/", "match": false}`, `0` → `false`
/// broke `Length` min 1: PHP writes `false` as `""`). A repair that changes
/// that form is dropped where one of them is present, unless it is `Length`
/// alone and both forms are counted and `Length` does not newly refuse the
/// repaired one. Regex is never matched here (the guard has no PCRE), and a
/// float's form depends on PHP's `precision` beyond an integral value under
/// 10^15: undecided, dropped. A repair to null is never refused (both skip
/// null).
fn string_form_breaks<'a, N: Node<'a>>(def: &Def<N>, from: Scalar<'_>, to: V<'_>) -> bool {
    let V::Scalar(to) = to else { return false };
    if matches!(to, Scalar::Null) {
        return false;
    }
    let Some(constraints) = present(def.node, Sym::Constraints) else {
        return false;
    };
    let length = present(constraints, Sym::Length);
    // A Length or Regex in a composite is read as a Regex is: not decided.
    let regex = present(constraints, Sym::Regex).is_some()
        || constraints.any(|k, o| composite_of(k.get()).is_some() && nested_string_form(o));
    if length.is_none() && !regex {
        return false;
    }
    let (a, b) = (string_form(from), string_form(to));
    if a.is_some() && a == b {
        return false;
    }
    if regex {
        return true;
    }
    let (Some(a), Some(b), Some(o)) = (a, b, length) else {
        return true;
    };
    // Kept when both pass, or when the value as sent already fails.
    !matches!(
        (length_rejects(o, &a), length_rejects(o, &b)),
        (Some(false), Some(false)) | (Some(true), Some(_))
    )
}

/// PHP's `(string)` of a scalar, where it does not depend on `precision`:
/// a string, an int, a bool (`"1"`, `""`), an integral float under 10^15
/// (not `-0.0`, which PHP writes `"-0"`); `None` otherwise.
pub fn string_form(v: Scalar<'_>) -> Option<Vec<u8>> {
    match v {
        Scalar::Str(s) => Some(s.to_vec()),
        Scalar::Int(i) => Some(i.to_string().into_bytes()),
        Scalar::Bool(true) => Some(b"1".to_vec()),
        Scalar::Bool(false) | Scalar::Null => Some(Vec::new()),
        Scalar::Float(f)
            if f.is_finite()
                && f.fract() == 0.0
                && f.abs() < 1e15
                && !(f == 0.0 && f.is_sign_negative()) =>
        {
            #[allow(clippy::cast_possible_truncation)]
            Some((f as i64).to_string().into_bytes())
        }
        Scalar::Float(_) => None,
    }
}

/// Whether Symfony's Length (options `o`) refuses a string of UTF-8 form `s`
/// (`None`: options not read here, or `s` not valid UTF-8).
fn length_rejects<'a, N: Node<'a>>(o: N, s: &[u8]) -> Option<bool> {
    let n = i64::try_from(std::str::from_utf8(s).ok()?.chars().count()).ok()?;
    length::read(o).rejects(n)
}

/// Whether `v` is a value `def` accepts (issue 27: what list_wrap wraps): one
/// of its type ([`fits`]) that none of the constraints the guard reads
/// rejects (an undecided one does not).
pub fn accepts<'a, N: Node<'a>>(def: &Def<N>, v: V<'_>) -> bool {
    fits(def.ty, v) && !any_rejection(def, &|rejects| rejects(v) == Some(true))
}

/// The value `repair` makes of `from`, as the guard sees it (`None`: a
/// choice that is not a scalar, which no constraint is asked about).
pub fn after<'s, 'a: 's, N: Node<'a>>(from: Scalar<'s>, repair: &'s Repair<N>) -> Option<V<'s>> {
    Some(match repair {
        Repair::Null => V::Scalar(Scalar::Null),
        Repair::Bool(b) => V::Scalar(Scalar::Bool(*b)),
        Repair::Int(i) => V::Scalar(Scalar::Int(*i)),
        Repair::Float(f) => V::Scalar(Scalar::Float(*f)),
        Repair::String(s) => V::Scalar(Scalar::Str(s.as_bytes())),
        Repair::Choice(n) => V::Scalar(Scalar::of(n.kind())?),
        Repair::Json => V::Array {
            empty: matches!(from, Scalar::Str(s) if json_string::is_empty_container(s)),
        },
        Repair::Fenced => V::Array {
            empty: matches!(from, Scalar::Str(s)
                if fenced_json::inner(s).is_some_and(json_string::is_empty_container)),
        },
        Repair::WrapList => V::Array { empty: false },
    })
}

/// Whether `v` is of the type `ty`, as the schema states it: a bool for
/// boolean, an int for the integer kinds (or a float without a fraction,
/// which JSON Schema's `integer` holds: `2.0` where the guard kept it), a
/// number for float, a string for
/// the string kinds (a number for decimal too: Drupal's decimal holds it,
/// and coercion leaves it), an array for list and map, a string for an
/// entity; anything for `any` and other ids.
pub fn fits(ty: Ty, v: V<'_>) -> bool {
    match (ty.cat(), v) {
        (Cat::List | Cat::Map, V::Array { .. }) => true,
        (_, V::Array { .. }) => matches!(ty, Ty::Any | Ty::Other),
        (Cat::Bool, V::Scalar(s)) => matches!(s, Scalar::Bool(_)),
        (Cat::Int, V::Scalar(s)) => match s {
            Scalar::Int(_) => true,
            Scalar::Float(f) => f.is_finite() && f.fract() == 0.0,
            _ => false,
        },
        (Cat::Num, V::Scalar(s)) => matches!(s, Scalar::Int(_) | Scalar::Float(_)),
        (Cat::Str, V::Scalar(Scalar::Int(_) | Scalar::Float(_))) => ty == Ty::Decimal,
        (Cat::Str, V::Scalar(s)) => matches!(s, Scalar::Str(_)),
        (Cat::List | Cat::Map, V::Scalar(_)) => false,
        (Cat::Any, V::Scalar(s)) => ty != Ty::Entity || matches!(s, Scalar::Str(_)),
    }
}

/// A constraint's verdict on a value (`None`: undecided).
type Rejects<'r> = dyn Fn(V<'_>) -> Option<bool> + 'r;

/// Whether `says` holds of one of the constraints the guard reads: the
/// list's `Choice` with `multiple: true` for an item, then the
/// definition's own. `says` gets the constraint's `rejects` (`None`:
/// undecided).
fn any_rejection<'a, N: Node<'a>>(def: &Def<N>, says: &dyn Fn(&Rejects<'_>) -> bool) -> bool {
    if let Some(options) = def.each_choice_of {
        if says(&|v| options.rejects(v, false)) {
            return true;
        }
    }
    let Some(constraints) = present(def.node, Sym::Constraints) else {
        return false;
    };
    constraints.any(|key, o| match key.sym() {
        Some(name) => says(&|v| rejects(name, o, def.ty, v)),
        None => composite_of(key.get()).is_some_and(|any| says(&|v| composite(o, any, def.ty, v))),
    })
}

/// Drupal 11's composites (issue 30: `-1` → `-1.0` broke
/// `AtLeastOneOf: [PositiveOrZero, IdenticalTo -1]` on Drupal 11.3):
/// `Some(true)` for AtLeastOneOf (one of its constraints must hold),
/// `Some(false)` for Sequentially (all of them).
fn composite_of(name: KeyRef<'_>) -> Option<bool> {
    match name {
        KeyRef::Str(b"AtLeastOneOf") => Some(true),
        KeyRef::Str(b"Sequentially") => Some(false),
        _ => None,
    }
}

/// The nested constraints of a composite's options: its `constraints`
/// option, or the options themselves when they are a list (Symfony's default
/// option), each a map of constraint name => options.
fn nested<'a, N: Node<'a>>(o: N) -> Option<N> {
    if o.is_array() && o.is_list() {
        Some(o)
    } else {
        o.get(Sym::Constraints).filter(|c| c.is_array())
    }
}

/// A composite's verdict from its nested constraints' verdicts, read as the
/// guard reads them (`None`: undecided). AtLeastOneOf (`any`) passes when
/// one of them passes and rejects when all reject; Sequentially rejects when
/// one rejects and passes when all pass.
fn composite<'a, N: Node<'a>>(o: N, any: bool, ty: Ty, v: V<'_>) -> Option<bool> {
    let list = nested(o)?;
    if list.is_empty() {
        return None;
    }
    let (mut decided, mut undecided) = (false, false);
    list.each(|_, entry| {
        if !entry.is_array() {
            undecided = true;
            return;
        }
        entry.each(|k, opts| {
            let r = match k.sym() {
                Some(name) => rejects(name, opts, ty, v),
                None => composite_of(k.get()).and_then(|a| composite(opts, a, ty, v)),
            };
            match r {
                // AtLeastOneOf: one passes; Sequentially: one rejects.
                Some(rej) if rej != any => decided = true,
                Some(_) => {}
                None => undecided = true,
            }
        });
    });
    if decided {
        Some(!any)
    } else if undecided {
        None
    } else {
        Some(any)
    }
}

/// Whether a composite holds a constraint that reads the string form
/// (`Length`, `Regex`), at any depth.
fn nested_string_form<'a, N: Node<'a>>(o: N) -> bool {
    nested(o).is_some_and(|list| {
        list.any(|_, entry| {
            entry.is_array()
                && entry.any(|k, opts| match k.get() {
                    KeyRef::Str(b"Length" | b"Regex") => true,
                    name => composite_of(name).is_some() && nested_string_form(opts),
                })
        })
    })
}
