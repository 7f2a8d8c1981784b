//! The numeric bounds the comparisons state ([`crate::constraint::range`],
//! [`crate::constraint::comparison`], [`crate::constraint::sign`]), nothing
//! said twice.

use crate::model::facets::Facets;
use crate::model::vocab::cmp;
use std::cmp::Ordering;

/// One lower bound and one upper bound, nothing said twice (issue 19): of a
/// `minimum` and an `exclusiveMinimum`, the one that implies the other stays
/// (the exclusive one when they are equal); the same for the upper bounds.
/// Compared exactly on ints ([`cmp`]): as floats, `minimum: 2^54 + 2` and
/// `exclusiveMinimum: 2^54` are one number, and the looser bound stayed.
pub fn tightest<N>(facets: &mut Facets<N>) {
    if let (Some(m), Some(e)) = (facets.minimum, facets.exclusive_minimum) {
        if cmp(m, e) == Ordering::Greater {
            facets.exclusive_minimum = None;
        } else {
            facets.minimum = None;
        }
    }
    if let (Some(m), Some(e)) = (facets.maximum, facets.exclusive_maximum) {
        if cmp(m, e) == Ordering::Less {
            facets.exclusive_maximum = None;
        } else {
            facets.maximum = None;
        }
    }
}
