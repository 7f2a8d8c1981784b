//! Kept rule: boolean strings for a `boolean` input.
//!
//! Accepted: `true`/`false` in any ASCII letter case, and `"1"`/`"0"`; since
//! issue 30 also `yes`/`no` and `on`/`off` in any ASCII letter case: the words
//! every boolean word table reads alike (PHP's `FILTER_VALIDATE_BOOLEAN`,
//! which mcp_tools reads them with, pydantic's lax mode, YAML 1.1), each with
//! one boolean reading (docs/coerce.md, "Decisions"). Everything else stays
//! (`t`, `y`, `n`, `f`, `ja`, `"1.0"`, `""`, ...).

use super::Repair;
use crate::model::value::Scalar;

pub fn decide<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    let word = |w: &[u8]| s.eq_ignore_ascii_case(w);
    if word(b"true") || s == b"1" || word(b"yes") || word(b"on") {
        Some(Repair::Bool(true))
    } else if word(b"false") || s == b"0" || word(b"no") || word(b"off") {
        Some(Repair::Bool(false))
    } else {
        None
    }
}
