//! The one decision function every walker calls for a scalar value.

use super::choice_match::{self, Match};
use super::{
    boolean_string, date_time, empty_optional, int_boolean, integral_float, json_string, list_wrap,
    numeric_string, timestamp, CoerceDef, Kind, Repair, Scalar,
};

/// What to do with scalar `v` under `def`; `None` = leave it unchanged.
///
/// Order: `any` is never coerced; for strings, an exact choice match stops,
/// then B6 (empty optional), then B2 (choice match); then the type's rules.
pub fn decide<N>(def: &CoerceDef<'_, N>, v: Scalar<'_>) -> Option<Repair> {
    if def.kind == Kind::Any {
        return None;
    }
    if let Scalar::Str(s) = v {
        let m = if choice_match::applies_to(def.kind) {
            choice_match::find(&def.choices, s)
        } else {
            Match::None
        };
        if m == Match::Exact {
            return None;
        }
        if let Some(r) = empty_optional::decide(def, v) {
            return Some(r);
        }
        match m {
            Match::One(i) => return Some(Repair::Choice(i)),
            Match::Ambiguous => return None,
            Match::Exact | Match::None => {}
        }
    }
    match def.kind {
        Kind::Boolean => boolean_string::decide(v).or_else(|| int_boolean::decide(v)),
        Kind::Integer => numeric_string::decide_integer(v).or_else(|| integral_float::decide(v)),
        Kind::Float => numeric_string::decide_float(v),
        Kind::Timestamp => numeric_string::decide_integer(v)
            .or_else(|| integral_float::decide(v))
            .or_else(|| timestamp::decide(v)),
        Kind::DateTime => date_time::decide(v),
        Kind::List => json_string::decide(v, b'[').or_else(|| list_wrap::decide(v)),
        Kind::Map => json_string::decide(v, b'{'),
        Kind::String | Kind::Decimal | Kind::Any | Kind::Other => None,
    }
}
