//! Kept rule: numeric strings for `integer`, `timestamp` and `float` inputs.
//!
//! * integer/timestamp: `-?(0|[1-9][0-9]*)(\.0+)?` within int64 → int.
//!   No `+`, no whitespace, no leading zeros, no exponent, no hex, no `_`, no
//!   thousands separators; overflow stays a string.
//! * float: the JSON number grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
//!   → float (so `"5"` → `5.0`, `"1e3"` → `1000.0`); a non-finite result
//!   (`"1e400"`) stays. No `NaN`, `INF`, `.5`, `5.`, whitespace.
//! * Strings longer than [`MAX_NUMBER_LEN`](crate::model::value::MAX_NUMBER_LEN)
//!   bytes are never parsed.
//!
//! The grammar is the value model's ([`parse_integer`], [`parse_float`]).

use super::Repair;
use crate::model::value::{parse_float, parse_integer, Scalar};

pub fn decide_integer<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    parse_integer(s).map(Repair::Int)
}

pub fn decide_float<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    parse_float(s).map(Repair::Float)
}
