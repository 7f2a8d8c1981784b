//! Numeric bounds on integers and floats: `Range` → `minimum`/`maximum`;
//! `GreaterThan`/`GreaterThanOrEqual`/`LessThan`/`LessThanOrEqual` →
//! `exclusiveMinimum`/`minimum`/`exclusiveMaximum`/`maximum`; `Positive`,
//! `PositiveOrZero`, `Negative`, `NegativeOrZero` → the same against 0.
//! A comparison against another property (`propertyPath`) cannot be stated and
//! is left out.
//!
//! The tightest bound wins. Only a constraint gives a bound: an integer
//! beyond int64 (`1e20`, which PHP decodes as a float and Drupal refuses) is
//! a limit of JSON numbers that no model runs into, and stating int64's range
//! on every integer cost two long numbers per integer in every prompt (README:
//! known limits; the differential's inherent list).

use super::definition::Cat;
use super::facets::{lower_num, raise_num, Facets, Num, Rule};
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Kind, Node};

/// Why a comparison with another property is not stated.
pub const COMPARED: &str = "compared with another value (propertyPath): not stated";

#[derive(Clone, Copy)]
enum Bound {
    Min,
    ExclusiveMin,
    Max,
    ExclusiveMax,
}

fn put<N>(facets: &mut Facets<N>, bound: Bound, v: Num) {
    match bound {
        Bound::Min => raise_num(&mut facets.minimum, v),
        Bound::ExclusiveMin => raise_num(&mut facets.exclusive_minimum, v),
        Bound::Max => lower_num(&mut facets.maximum, v),
        Bound::ExclusiveMax => lower_num(&mut facets.exclusive_maximum, v),
    }
}

fn numeric(cat: Cat) -> bool {
    matches!(cat, Cat::Int | Cat::Num)
}

/// `Range`: `{min, max}`.
pub fn range<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    if !opts.is_array() {
        return Err(rule.error(&[], "must be an array of options"));
    }
    let min = rule.number_option(opts, Sym::Min)?;
    let max = rule.number_option(opts, Sym::Max)?;
    if !numeric(rule.cat) {
        rule.not_applicable();
    } else {
        if let Some(v) = min {
            put(facets, Bound::Min, v);
        }
        if let Some(v) = max {
            put(facets, Bound::Max, v);
        }
    }
    Ok(())
}

/// `GreaterThan` and friends: a number, or `{value: number}`.
pub fn comparison<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    which: Sym,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let value = match opts.kind() {
        Kind::Array(a) => match a.get(Sym::Value) {
            Some(v) => Some(rule.number(v, &[Seg::Sym(Sym::Value)])?),
            // Compared with another property: nothing JSON Schema can say.
            None => None,
        },
        _ => Some(rule.number(opts, &[])?),
    };
    let bound = match which {
        Sym::GreaterThan => Bound::ExclusiveMin,
        Sym::GreaterThanOrEqual => Bound::Min,
        Sym::LessThan => Bound::ExclusiveMax,
        _ => Bound::Max,
    };
    if !numeric(rule.cat) {
        rule.not_applicable();
    } else if let Some(v) = value {
        put(facets, bound, v);
    } else {
        rule.unstated(COMPARED);
    }
    Ok(())
}

/// `Positive`, `PositiveOrZero`, `Negative`, `NegativeOrZero`: options ignored.
pub fn sign<N>(rule: &mut Rule<'_, '_>, which: Sym, facets: &mut Facets<N>) {
    if !numeric(rule.cat) {
        rule.not_applicable();
        return;
    }
    let bound = match which {
        Sym::Positive => Bound::ExclusiveMin,
        Sym::PositiveOrZero => Bound::Min,
        Sym::Negative => Bound::ExclusiveMax,
        _ => Bound::Max,
    };
    put(facets, bound, Num::Int(0));
}

/// One lower bound and one upper bound, nothing said twice (issue 19): of a
/// `minimum` and an `exclusiveMinimum`, the one that implies the other stays
/// (the exclusive one when they are equal); the same for the upper bounds.
pub fn tightest<N>(facets: &mut Facets<N>) {
    if let (Some(m), Some(e)) = (facets.minimum, facets.exclusive_minimum) {
        if m.as_f64() > e.as_f64() {
            facets.exclusive_minimum = None;
        } else {
            facets.minimum = None;
        }
    }
    if let (Some(m), Some(e)) = (facets.maximum, facets.exclusive_maximum) {
        if m.as_f64() < e.as_f64() {
            facets.exclusive_maximum = None;
        } else {
            facets.maximum = None;
        }
    }
}
