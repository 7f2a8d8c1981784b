//! `Range` (`{min, max}`: numbers) → `minimum`/`maximum` on integers and
//! floats. A value is rejected as Drupal's Range decides it: a bool or a word
//! is not numeric (rejected); a number must lie within `min` and `max`
//! (absent: no bound), compared as PHP 8 does ([`super::comparison`]). Null
//! passes.

use super::comparison::{compare, numeric, operand, put, stated, Bound, Operand, FINITE};
use crate::error::{DefinitionError, Seg};
use crate::model::facets::{Facets, Rule};
use crate::model::value::{Number, Scalar, V};
use crate::sym::Sym;
use crate::view::Node;

/// `Range`'s options, read once: `[min, max]` (unset: no bound); `None`
/// when they are not an array.
pub fn read<'a, N: Node<'a>>(opts: N) -> Option<[Number; 2]> {
    let bound = |k| Number::of(opts.get(k));
    opts.is_array().then(|| [bound(Sym::Min), bound(Sym::Max)])
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let Some([min, max]) = read(opts) else {
        return Err(rule.error(&[], "must be an array of options"));
    };
    let bound = |n, key| match n {
        Number::Unset => Ok(None),
        n => stated(n)
            .map(Some)
            .ok_or_else(|| rule.error(&[Seg::Sym(key)], FINITE)),
    };
    let (min, max) = (bound(min, Sym::Min)?, bound(max, Sym::Max)?);
    if !numeric(rule.cat) {
        rule.not_applicable();
        return Ok(());
    }
    if let Some(v) = min {
        put(facets, Bound::Min, v);
    }
    if let Some(v) = max {
        put(facets, Bound::Max, v);
    }
    Ok(())
}

/// Whether `Range` (its bounds read: [`read`]) rejects `v`.
pub fn rejects(bounds: Option<[Number; 2]>, v: V<'_>) -> Option<bool> {
    if v == V::Scalar(Scalar::Null) {
        return Some(false);
    }
    // A bound that is not a number leaves the constraint undecided.
    let bound = |n| match n {
        Number::Unset => Some(None),
        Number::Other => None,
        n => Some(Some(n)),
    };
    let [min, max] = bounds?;
    let (min, max) = (bound(min)?, bound(max)?);
    let op = operand(v)?;
    if matches!(op, Operand::Bool(_) | Operand::Word(_)) {
        return Some(true);
    }
    let below = min.map_or(Some(false), |m| Some(compare(op, m)?.is_lt()))?;
    let above = max.map_or(Some(false), |m| Some(compare(op, m)?.is_gt()))?;
    Some(below || above)
}
