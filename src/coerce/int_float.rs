//! int_float (issue 30): an int for a `float` input becomes the float of the
//! same value, only where the float holds it exactly: -2^53 <= i <= 2^53.
//! Beyond that (a float would round it) the int stays.
//!
//! The one repair of a value that is already valid: Drupal's float accepts an
//! int and hands it to the tool as a PHP int (`ratio: 2` arrives as `2`,
//! where `2.5` arrives as a float), so a tool that types its input `float`
//! gets an int for a JSON `2`, and a JSON number has one type (a model cannot
//! send `2.0` as anything else than `2` through a JSON encoder that writes
//! integral numbers without a fraction). docs/coerce.md, "Decisions".

use super::Repair;
use crate::model::value::Scalar;

/// 2^53: every int of at most this magnitude is exactly a float.
pub const TWO_POW_53: i64 = 9_007_199_254_740_992;

pub fn decide<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    match v {
        Scalar::Int(i) if (-TWO_POW_53..=TWO_POW_53).contains(&i) => {
            // Exact: |i| <= 2^53.
            #[allow(clippy::cast_precision_loss)]
            Some(Repair::Float(i as f64))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        let f = |i| match decide::<()>(Scalar::Int(i)) {
            Some(Repair::Float(f)) => Some(f),
            _ => None,
        };
        assert_eq!(f(2), Some(2.0));
        assert_eq!(f(0), Some(0.0));
        assert_eq!(f(TWO_POW_53), Some(9_007_199_254_740_992.0));
        assert_eq!(f(-TWO_POW_53), Some(-9_007_199_254_740_992.0));
        assert_eq!(f(TWO_POW_53 + 1), None);
        assert_eq!(f(-TWO_POW_53 - 1), None);
        assert_eq!(f(i64::MAX), None);
    }
}
