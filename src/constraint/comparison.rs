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
use crate::model::value::V;
use crate::model::value::{parse_integer, Scalar};
use crate::sym::Sym;
use crate::view::{Kind, Node};
use std::cmp::Ordering;

/// Why a comparison with another property is not stated.
pub const COMPARED: &str = "compared with another value (propertyPath): not stated";

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

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let value = if !opts.is_array() {
        Some(rule.number(opts, &[])?)
    } else if let Some(v) = opts.get(Sym::Value) {
        Some(rule.number(v, &[Seg::Sym(Sym::Value)])?)
    } else {
        // Compared with another property: nothing JSON Schema can say.
        None
    };
    if !numeric(rule.cat) {
        rule.not_applicable();
    } else if let Some(v) = value {
        put(facets, bound(rule.id).0, v);
    } else {
        rule.unstated(COMPARED);
    }
    Ok(())
}

/// Whether the comparison `which` (options `options`) rejects `v`.
pub fn rejects<'a, N: Node<'a>>(which: Sym, options: N, v: V<'_>) -> Option<bool> {
    if v == V::Scalar(Scalar::Null) {
        return Some(false);
    }
    let l = if options.is_array() {
        limit(options.get(Sym::Value)?)?
    } else {
        limit(options)?
    };
    rejects_against(v, l, bound(which).1)
}

/// Symfony's comparison constraints: `accepts($value <=> $limit)`; null passes.
pub fn rejects_against(v: V<'_>, l: Limit, accepts: Accepts) -> Option<bool> {
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

/// A comparison limit: a number (not NaN).
#[derive(Clone, Copy)]
pub enum Limit {
    Int(i64),
    Float(f64),
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

pub fn limit<'a, N: Node<'a>>(n: N) -> Option<Limit> {
    match n.kind() {
        Kind::Int(i) => Some(Limit::Int(i)),
        Kind::Float(f) if !f.is_nan() => Some(Limit::Float(f)),
        _ => None,
    }
}

/// PHP 8's `$value <=> $limit`.
pub fn compare(v: Operand<'_>, l: Limit) -> Option<Ordering> {
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
