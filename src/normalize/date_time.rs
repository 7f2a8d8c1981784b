//! A3: datetime_iso8601 → `string` with `format: date-time`; timestamp →
//! `integer` with a description saying it is a Unix timestamp in seconds;
//! timespan → `integer` from 0 to 999999999999 (Drupal checks it as a
//! `DateInterval` of that many seconds: PHP refuses a negative one, and more
//! than 12 digits), described as seconds.

use crate::model::facets::{lower_num, raise_num, Facets, Num};
use crate::model::ty::Ty;
use crate::sym::Sym;

pub const TIMESTAMP_NOTE: &str = "Unix timestamp in seconds.";
pub const TIMESPAN_NOTE: &str = "A duration in seconds.";
/// The most seconds `new DateInterval("PT{n}S")` takes (PHP 8.2).
pub const TIMESPAN_MAX: i64 = 999_999_999_999;

/// The range of a timespan.
pub fn bounds<N>(ty: Ty, facets: &mut Facets<N>) {
    if ty == Ty::Timespan {
        raise_num(&mut facets.minimum, Num::Int(0));
        lower_num(&mut facets.maximum, Num::Int(TIMESPAN_MAX));
    }
}

pub fn format(ty: Ty) -> Option<Sym> {
    (ty == Ty::DatetimeIso8601).then_some(Sym::FormatDateTime)
}
