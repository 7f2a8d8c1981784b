//! `Range` (`{min, max}`: numbers) → `minimum`/`maximum` on integers and
//! floats. A value is rejected as Drupal's Range decides it: a bool or a word
//! is not numeric (rejected); a number must lie within `min` and `max`
//! (absent: no bound), compared as PHP 8 does ([`super::comparison`]). Null
//! passes.

use super::comparison::{compare, limit, numeric, operand, put, Bound, Operand};
use crate::error::DefinitionError;
use crate::model::facets::{Facets, Rule};
use crate::model::value::Scalar;
use crate::model::value::V;
use crate::sym::Sym;
use crate::view::{Kind, Node};

pub fn apply<'a, N: Node<'a>>(
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

pub fn rejects<'a, N: Node<'a>>(options: N, v: V<'_>) -> Option<bool> {
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
