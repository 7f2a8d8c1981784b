//! Kept rule: boolean strings for a `boolean` input.
//!
//! Accepted: `true`/`false` in any ASCII letter case, and `"1"`/`"0"`.
//! Everything else stays (`yes`, `on`, `t`, `" true"`, `"1.0"`, `""`, ...).

use super::{Repair, Scalar};

pub fn decide<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    if s.eq_ignore_ascii_case(b"true") || s == b"1" {
        Some(Repair::Bool(true))
    } else if s.eq_ignore_ascii_case(b"false") || s == b"0" {
        Some(Repair::Bool(false))
    } else {
        None
    }
}
