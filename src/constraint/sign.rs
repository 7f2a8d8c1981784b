//! `Positive`, `PositiveOrZero`, `Negative`, `NegativeOrZero` (options
//! ignored): the comparisons of [`super::comparison`] against 0.

use super::comparison::{numeric, put, rejects_against, Accepts, Bound};
use crate::model::facets::{Facets, Num, Rule};
use crate::model::value::{Number, V};
use crate::sym::Sym;
use std::cmp::Ordering;

fn bound(which: Sym) -> (Bound, Accepts) {
    match which {
        Sym::Positive => (Bound::ExclusiveMin, Ordering::is_gt),
        Sym::PositiveOrZero => (Bound::Min, Ordering::is_ge),
        Sym::Negative => (Bound::ExclusiveMax, Ordering::is_lt),
        _ => (Bound::Max, Ordering::is_le),
    }
}

pub fn apply<N>(rule: &mut Rule<'_, '_>, facets: &mut Facets<N>) {
    if !numeric(rule.cat) {
        rule.not_applicable();
        return;
    }
    put(facets, bound(rule.id).0, Num::Int(0));
}

pub fn rejects(which: Sym, v: V<'_>) -> Option<bool> {
    rejects_against(v, Number::Int(0), bound(which).1)
}
