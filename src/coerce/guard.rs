//! The guard: a repair never lands on a value the definition's own value
//! constraints reject where the value it repairs passes them.
//!
//! The rules propose, the guard checks. For a scalar repair `from` → `to`,
//! each constraint below is asked about both values; the repair is dropped
//! (the value stays as it is; no other rule is tried) when a constraint
//! rejects `to` but not `from`. A repair that both fail is kept (`"3"` → `3`
//! for `Choice: [1, 2]`): the form is repaired, the value is for validation.
//! The constraints are read as Drupal's validators decide, as normalize reads
//! them (`src/normalize/choice.rs`, `fixed_value.rs`, `not_blank.rs`):
//!
//! * `Choice` (without `multiple`): `in_array($v, $choices, true)`, strict
//!   (`2.0` is not the choice `2`); with `match: false` the choices are the
//!   forbidden values. Null passes.
//! * For a list's items, the list's `Choice` with `multiple: true`: the same
//!   for each item, null items included.
//! * `AllowedValues`: Drupal casts the value to its data type and the choices
//!   to the value's type, then compares strictly. Between two strings (B2 and
//!   B3 on the string kinds and decimal) the choices are cast as PHP does (an
//!   int to its digits, `true` to `"1"`, `false` and null to `""`; a float
//!   choice, which PHP prints by its `precision` setting, leaves the constraint
//!   undecided: it drops nothing). A repair that changes the PHP type (`"5"` →
//!   `5`, `5.0` → `5`, `1` → `true`, `"1e3"` → `1000.0`) leaves the cast value
//!   as it was for every original Drupal's PrimitiveType accepts, so it never
//!   changes AllowedValues' verdict. Null passes.
//! * `IdenticalTo`, `FixedValue`: `===` the value (the options themselves, or
//!   their `value`; a `propertyPath` comparison is left out). Null passes.
//! * `NotBlank`: blank is `false`, `""`, and null unless `allowNull`; `0`,
//!   `0.0` and `"0"` are not blank. The `trim` normalizer trims strings first.
//! * `GreaterThan`, `GreaterThanOrEqual`, `LessThan`, `LessThanOrEqual` (a
//!   number, or `{value: number}`), `Positive`, `PositiveOrZero`, `Negative`,
//!   `NegativeOrZero`: PHP 8's comparison with the limit. A bool compares as
//!   a bool (`true > -5` is false: `-5` is true), a number numerically, a
//!   word (ASCII letters) as a string with the int limit's digits. Null
//!   passes. Where PHP's reading needs more (other strings, a float limit
//!   against a word, `propertyPath`) the constraint is undecided.
//! * `Range` (`min`, `max`: numbers): a bool or a word is not numeric
//!   (rejected); a number is compared. Null passes.
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
//! Symfony's constraint objects hold them: `match`, `multiple` and
//! `allowNull` cast to bool ([`super::definition::option_flag`]); a `match`
//! Symfony cannot take (null, an array) leaves the constraint undecided.

use super::choice_match::trim;
use super::definition::{option_flag, present};
use super::{json_string, numeric_string, Def, Repair, Scalar};
use crate::normalize::definition::{Cat, Ty};
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};
use std::cmp::Ordering;

/// A value as the guard sees it: a scalar, or an array (a repair into a list
/// or map), empty or not.
#[derive(Clone, Copy, PartialEq)]
enum V<'s> {
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
        if breaks(&|v| choice_rejects(options, v, false)) {
            return false;
        }
    }
    let Some(constraints) = present(def.node, Sym::Constraints) else {
        return true;
    };
    // A repair that one constraint rejects where the value passes it.
    constraints
        .try_each(|key, o| match key.sym() {
            Some(name) if breaks(&|v| rejects(name, o, def.ty, v)) => Err(()),
            _ => Ok(()),
        })
        .is_ok()
}

/// Whether the constraint `name` (options `o`) rejects `v`; `None`:
/// undecided, or not a constraint the guard reads.
fn rejects<'a, N: Node<'a>>(name: Sym, o: N, ty: Ty, v: V<'_>) -> Option<bool> {
    match name {
        Sym::Choice => choice_rejects(o, v, true),
        Sym::AllowedValues => allowed_rejects(ty, o, v),
        Sym::IdenticalTo | Sym::FixedValue => identical_rejects(o, v),
        Sym::NotBlank => Some(blank(o, v)),
        Sym::Range => range_rejects(o, v),
        _ => {
            let (_, accepts) = COMPARISONS.iter().find(|(n, _)| *n == name)?;
            comparison_rejects(name, o, v, *accepts)
        }
    }
}

/// Which outcomes of `$value <=> $limit` a comparison accepts.
type Accepts = fn(Ordering) -> bool;

/// The comparison constraints, with the outcomes of `$value <=> $limit`
/// each accepts.
const COMPARISONS: [(Sym, Accepts); 8] = [
    (Sym::GreaterThan, Ordering::is_gt),
    (Sym::GreaterThanOrEqual, Ordering::is_ge),
    (Sym::LessThan, Ordering::is_lt),
    (Sym::LessThanOrEqual, Ordering::is_le),
    (Sym::Positive, Ordering::is_gt),
    (Sym::PositiveOrZero, Ordering::is_ge),
    (Sym::Negative, Ordering::is_lt),
    (Sym::NegativeOrZero, Ordering::is_le),
];

/// A value as far as the guard follows PHP 8's comparison with a number.
#[derive(Clone, Copy)]
enum Operand<'s> {
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A non-empty string of ASCII letters: never numeric.
    Word(&'s [u8]),
}

/// A comparison limit: a number (not NaN).
#[derive(Clone, Copy)]
enum Limit {
    Int(i64),
    Float(f64),
}

fn operand<'s>(v: V<'s>) -> Option<Operand<'s>> {
    let V::Scalar(v) = v else { return None };
    match v {
        Scalar::Bool(b) => Some(Operand::Bool(b)),
        Scalar::Int(i) => Some(Operand::Int(i)),
        Scalar::Float(f) if !f.is_nan() => Some(Operand::Float(f)),
        // An integer in its plain form is that int to PHP.
        Scalar::Str(s) if !s.contains(&b'.') => match numeric_string::parse_integer(s) {
            Some(i) => Some(Operand::Int(i)),
            None if !s.is_empty() && s.iter().all(u8::is_ascii_alphabetic) => {
                Some(Operand::Word(s))
            }
            None => None,
        },
        _ => None,
    }
}

fn limit<'a, N: Node<'a>>(n: N) -> Option<Limit> {
    match n.kind() {
        Kind::Int(i) => Some(Limit::Int(i)),
        Kind::Float(f) if !f.is_nan() => Some(Limit::Float(f)),
        _ => None,
    }
}

/// PHP 8's `$value <=> $limit`.
fn compare(v: Operand<'_>, l: Limit) -> Option<Ordering> {
    match (v, l) {
        // A bool against anything: both as bools.
        (Operand::Bool(b), Limit::Int(i)) => Some(b.cmp(&(i != 0))),
        (Operand::Bool(b), Limit::Float(f)) => Some(b.cmp(&(f != 0.0))),
        (Operand::Int(a), Limit::Int(b)) => Some(a.cmp(&b)),
        // An int against a float: the int as a double.
        (Operand::Int(a), Limit::Float(b)) => (a as f64).partial_cmp(&b),
        (Operand::Float(a), Limit::Int(b)) => a.partial_cmp(&(b as f64)),
        (Operand::Float(a), Limit::Float(b)) => a.partial_cmp(&b),
        // A non-numeric string against an int: as strings.
        (Operand::Word(w), Limit::Int(i)) => Some(w.cmp(i.to_string().as_bytes())),
        // A float's string form depends on PHP's precision setting.
        (Operand::Word(_), Limit::Float(_)) => None,
    }
}

/// Symfony's comparison constraints: `accepts($value <=> $limit)`; null passes.
fn comparison_rejects<'a, N: Node<'a>>(
    name: Sym,
    options: N,
    v: V<'_>,
    accepts: Accepts,
) -> Option<bool> {
    if v == V::Scalar(Scalar::Null) {
        return Some(false);
    }
    let l = match name {
        Sym::Positive | Sym::PositiveOrZero | Sym::Negative | Sym::NegativeOrZero => Limit::Int(0),
        _ if options.is_array() => limit(options.get(Sym::Value)?)?,
        _ => limit(options)?,
    };
    Some(!accepts(compare(operand(v)?, l)?))
}

/// Drupal's Range: a value that is not numeric is rejected; a number must
/// lie within `min` and `max` (numbers, or absent). Null passes.
fn range_rejects<'a, N: Node<'a>>(options: N, v: V<'_>) -> Option<bool> {
    if v == V::Scalar(Scalar::Null) {
        return Some(false);
    }
    if !options.is_array() {
        return None;
    }
    let bound = |key| match options.get(key) {
        None => Some(None),
        Some(n) if matches!(n.kind(), Kind::Null) => Some(None),
        Some(n) => limit(n).map(Some),
    };
    let (min, max) = (bound(Sym::Min)?, bound(Sym::Max)?);
    let op = operand(v)?;
    if matches!(op, Operand::Bool(_) | Operand::Word(_)) {
        return Some(true);
    }
    let below = min.map_or(Some(false), |m| Some(compare(op, m)?.is_lt()))?;
    let above = max.map_or(Some(false), |m| Some(compare(op, m)?.is_gt()))?;
    Some(below || above)
}

/// The choice list of a `Choice`/`AllowedValues`: (list, match, multiple).
fn choice_list<'a, N: Node<'a>>(options: N) -> Option<(N, bool, bool)> {
    if !options.is_array() {
        return None;
    }
    if let Some(list) = options.get(Sym::Choices) {
        if !list.is_array() {
            return None;
        }
        let matches = option_flag(options, Sym::Match, true, true)?;
        let multiple = option_flag(options, Sym::Multiple, false, false)?;
        return Some((list, matches, multiple));
    }
    options.is_list().then_some((options, true, false))
}

/// `in_array($v, $list, true)` (the choices are scalars: an array is none).
fn contains<'a, N: Node<'a>>(list: N, v: V<'_>) -> bool {
    let V::Scalar(v) = v else { return false };
    list.try_each(|_, c| match Scalar::of(c.kind()) {
        Some(c) if c == v => Err(()),
        _ => Ok(()),
    })
    .is_err()
}

/// Symfony's Choice: `match xor in_array($v, $choices, true)`. `single`: the
/// constraint of a single value (null passes; `multiple` there rejects every
/// value: undecided); otherwise a list's `multiple` choice, for one item.
fn choice_rejects<'a, N: Node<'a>>(options: N, v: V<'_>, single: bool) -> Option<bool> {
    let (list, matches, multiple) = choice_list(options)?;
    if single && multiple {
        return None;
    }
    if single && v == V::Scalar(Scalar::Null) {
        return Some(false);
    }
    Some(matches != contains(list, v))
}

/// Drupal's AllowedValues between strings (see the module's documentation).
fn allowed_rejects<'a, N: Node<'a>>(ty: Ty, options: N, v: V<'_>) -> Option<bool> {
    let V::Scalar(Scalar::Str(s)) = v else {
        return None;
    };
    if ty.cat() != Cat::Str {
        return None;
    }
    let (list, matches, multiple) = choice_list(options)?;
    if multiple {
        return None;
    }
    // DecimalData::getCastedValue(): `$this->getString() ?: '0.0'`.
    let s: &[u8] = if ty == Ty::Decimal && (s.is_empty() || s == b"0") {
        b"0.0"
    } else {
        s
    };
    let mut found = false;
    let mut undecided = false;
    let _ = list.try_each(|_, c| {
        let text: std::borrow::Cow<'_, [u8]> = match c.kind() {
            Kind::Str(c) => c.into(),
            Kind::Int(i) => i.to_string().into_bytes().into(),
            Kind::Bool(true) => (&b"1"[..]).into(),
            Kind::Bool(false) | Kind::Null => (&b""[..]).into(),
            _ => {
                undecided = true;
                return Err(());
            }
        };
        found = *text == *s;
        if found {
            Err(())
        } else {
            Ok(())
        }
    });
    if undecided {
        return None;
    }
    Some(matches != found)
}

/// Symfony's IdenticalTo: `$v === $value`; null passes.
fn identical_rejects<'a, N: Node<'a>>(options: N, v: V<'_>) -> Option<bool> {
    let value = if options.is_array() {
        options.get(Sym::Value)?
    } else {
        options
    };
    let value = Scalar::of(value.kind())?;
    Some(v != V::Scalar(Scalar::Null) && v != V::Scalar(value))
}

/// Symfony's NotBlank: `false === $v || (empty($v) && '0' != $v)` after the
/// normalizer; null passes with `allowNull`.
fn blank<'a, N: Node<'a>>(options: N, v: V<'_>) -> bool {
    let V::Scalar(v) = v else {
        return v == V::Array { empty: true };
    };
    match v {
        Scalar::Null => {
            !(options.is_array()
                && option_flag(options, Sym::AllowNull, false, false) == Some(true))
        }
        Scalar::Bool(false) => true,
        Scalar::Str(s) => {
            let trims = matches!(
                options.get(Sym::Normalizer).map(|n| n.kind()),
                Some(Kind::Str(b"trim"))
            );
            (if trims { trim(s) } else { s }).is_empty()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn allowed(def: &Value, from: Scalar<'_>, to: Repair<&Value>) -> bool {
        allows(&Def::of(def), from, &to)
    }

    #[test]
    fn strict_choice() {
        let d = json!({"type": "integer", "constraints": {"Choice": [1, 2.0]}});
        assert!(!allowed(&d, Scalar::Float(2.0), Repair::Int(2)));
        // Both fail: kept.
        assert!(allowed(&d, Scalar::Str(b"3"), Repair::Int(3)));
        assert!(allowed(&d, Scalar::Str(b"1"), Repair::Int(1)));
    }

    #[test]
    fn not_blank() {
        let d = json!({"type": "boolean", "constraints": {"NotBlank": null}});
        assert!(!allowed(&d, Scalar::Int(0), Repair::Bool(false)));
        assert!(allowed(&d, Scalar::Int(1), Repair::Bool(true)));
        let t = json!({"type": "string", "constraints": {"NotBlank": {"normalizer": "trim"}}});
        assert!(allowed(
            &t,
            Scalar::Str(b" "),
            Repair::String(String::new())
        ));
    }
}
