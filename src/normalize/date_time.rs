//! A3: datetime_iso8601 → `string` with `format: date-time`; timestamp →
//! `integer` with a description saying it is a Unix timestamp in seconds.

use super::definition::Ty;
use crate::sym::Sym;

pub const TIMESTAMP_NOTE: &str = "Unix timestamp in seconds.";

pub fn format(ty: Ty) -> Option<Sym> {
    (ty == Ty::DatetimeIso8601).then_some(Sym::FormatDateTime)
}
