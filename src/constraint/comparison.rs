//! `GreaterThan`, `GreaterThanOrEqual`, `LessThan`, `LessThanOrEqual` (a
//! number, or `{value: number}`) → `exclusiveMinimum`/`minimum`/
//! `exclusiveMaximum`/`maximum` on integers and floats. A comparison against
//! another property (`propertyPath`) cannot be stated and is left out.
//!
//! The tightest bound wins ([`crate::normalize::bounds::tightest`]). Only a
//! constraint gives a bound: an integer beyond int64 (`1e20`, which PHP
//! decodes as a float and Drupal refuses) is a limit of JSON numbers that no
//! model runs into, and stating int64's range on every integer cost two long
//! numbers per integer in every prompt (README: known limits; the
//! differential's inherent list).
//!
//! A value is rejected as Symfony's comparison decides it: PHP 8's
//! comparison with the limit ([`compare`]). A bool compares as a bool
//! (`true > -5` is false: `-5` is true), a number numerically, a word (ASCII
//! letters) as a string with the int limit's digits. Null passes. Where PHP's
//! reading needs more (other strings, a float limit against a word,
//! `propertyPath`) the constraint is undecided. Shared with [`super::sign`]
//! and [`super::range`].

use crate::error::{DefinitionError, Seg};
use crate::model::facets::{lower_num, raise_num, Facets, Num, Rule};
use crate::model::ty::Cat;
use crate::model::value::{parse_integer, Number, Scalar, V};
use crate::sym::Sym;
use crate::view::Node;
use std::cmp::Ordering;

/// Why a comparison with another property is not stated.
pub const COMPARED: &str = "compared with another value (propertyPath): not stated";

/// What normalize_schema says of a limit that is not a finite number.
pub const FINITE: &str = "must be a finite number";

/// Which bound a comparison states.
#[derive(Clone, Copy)]
pub enum Bound {
    Min,
    ExclusiveMin,
    Max,
    ExclusiveMax,
}

/// Which outcomes of `$value <=> $limit` a comparison accepts.
pub type Accepts = fn(Ordering) -> bool;

pub fn put<N>(facets: &mut Facets<N>, bound: Bound, v: Num) {
    match bound {
        Bound::Min => raise_num(&mut facets.minimum, v),
        Bound::ExclusiveMin => raise_num(&mut facets.exclusive_minimum, v),
        Bound::Max => lower_num(&mut facets.maximum, v),
        Bound::ExclusiveMax => lower_num(&mut facets.exclusive_maximum, v),
    }
}

pub fn numeric(cat: Cat) -> bool {
    matches!(cat, Cat::Int | Cat::Num)
}

fn bound(which: Sym) -> (Bound, Accepts) {
    match which {
        Sym::GreaterThan => (Bound::ExclusiveMin, Ordering::is_gt),
        Sym::GreaterThanOrEqual => (Bound::Min, Ordering::is_ge),
        Sym::LessThan => (Bound::ExclusiveMax, Ordering::is_lt),
        _ => (Bound::Max, Ordering::is_le),
    }
}

/// The value a comparison's options give: the options, or their `value`;
/// `None`: compared with another property (`propertyPath`, no `value`).
/// Shared with [`super::fixed_value`] (IdenticalTo is one of Symfony's
/// comparisons).
pub fn value<'a, N: Node<'a>>(opts: N) -> Option<N> {
    if opts.is_array() {
        opts.get(Sym::Value)
    } else {
        Some(opts)
    }
}

/// A comparison's limit, read once ([`value`]).
pub fn read<'a, N: Node<'a>>(opts: N) -> Option<Number> {
    value(opts).map(|v| Number::of(Some(v)))
}

/// The bound a finite number states (normalize_schema refuses any other
/// limit); shared with [`super::range`].
pub fn stated(n: Number) -> Option<Num> {
    match n {
        Number::Int(i) => Some(Num::Int(i)),
        Number::Float(f) if f.is_finite() => Some(Num::Float(f)),
        _ => None,
    }
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let at = opts.is_array().then_some(Seg::Sym(Sym::Value));
    let limit = read(opts)
        .map(|n| stated(n).ok_or_else(|| rule.error(at.as_slice(), FINITE)))
        .transpose()?;
    if !numeric(rule.cat) {
        rule.not_applicable();
    } else if let Some(v) = limit {
        put(facets, bound(rule.id).0, v);
    } else {
        // Compared with another property: nothing JSON Schema can say.
        rule.unstated(COMPARED);
    }
    Ok(())
}

/// Whether the comparison `which` (its limit read: [`read`]) rejects `v`.
pub fn rejects(which: Sym, limit: Option<Number>, v: V<'_>) -> Option<bool> {
    rejects_against(v, limit.unwrap_or(Number::Other), bound(which).1)
}

/// Symfony's comparison constraints: `accepts($value <=> $limit)`; null
/// passes; undecided against a limit that is not a number.
pub fn rejects_against(v: V<'_>, l: Number, accepts: Accepts) -> Option<bool> {
    if v == V::Scalar(Scalar::Null) {
        return Some(false);
    }
    Some(!accepts(compare(operand(v)?, l)?))
}

/// A value as far as the guard follows PHP 8's comparison with a number.
#[derive(Clone, Copy)]
pub enum Operand<'s> {
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A non-empty string of ASCII letters: never numeric.
    Word(&'s [u8]),
}

pub fn operand<'s>(v: V<'s>) -> Option<Operand<'s>> {
    let V::Scalar(v) = v else { return None };
    match v {
        Scalar::Bool(b) => Some(Operand::Bool(b)),
        Scalar::Int(i) => Some(Operand::Int(i)),
        Scalar::Float(f) if !f.is_nan() => Some(Operand::Float(f)),
        // An integer in its plain form is that int to PHP.
        Scalar::Str(s) if !s.contains(&b'.') => match parse_integer(s) {
            Some(i) => Some(Operand::Int(i)),
            None if !s.is_empty() && s.iter().all(u8::is_ascii_alphabetic) => {
                Some(Operand::Word(s))
            }
            None => None,
        },
        _ => None,
    }
}

/// PHP 8's `$value <=> $limit` (a limit that is not a number: `None`).
pub fn compare(v: Operand<'_>, l: Number) -> Option<Ordering> {
    match (v, l) {
        // A bool against anything: both as bools.
        (Operand::Bool(b), Number::Int(i)) => Some(b.cmp(&(i != 0))),
        (Operand::Bool(b), Number::Float(f)) => Some(b.cmp(&(f != 0.0))),
        (Operand::Int(a), Number::Int(b)) => Some(a.cmp(&b)),
        // An int against a float: the int as a double.
        (Operand::Int(a), Number::Float(b)) => (a as f64).partial_cmp(&b),
        (Operand::Float(a), Number::Int(b)) => a.partial_cmp(&(b as f64)),
        (Operand::Float(a), Number::Float(b)) => a.partial_cmp(&b),
        // A non-numeric string against an int: as strings.
        (Operand::Word(w), Number::Int(i)) => Some(w.cmp(i.to_string().as_bytes())),
        // A float's string form depends on PHP's precision setting.
        (Operand::Word(_), Number::Float(_)) | (_, Number::Unset | Number::Other) => None,
    }
}
