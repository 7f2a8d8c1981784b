//! B4: an integral float for an `integer` (or `timestamp`) input becomes an int,
//! only within the int64 range: -2^63 <= f < 2^63 (2^63 itself is out of range).
//! NaN, INF and fractional floats stay.

use super::Repair;
use crate::model::value::Scalar;

/// 2^63 as a float, exactly.
const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;

pub fn decide<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Float(f) = v else { return None };
    to_int(f).map(Repair::Int)
}

pub fn to_int(f: f64) -> Option<i64> {
    if f.is_finite() && f.trunc() == f && (-TWO_POW_63..TWO_POW_63).contains(&f) {
        Some(f as i64)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        assert_eq!(to_int(5.0), Some(5));
        assert_eq!(to_int(-0.0), Some(0));
        assert_eq!(to_int(-TWO_POW_63), Some(i64::MIN));
        assert_eq!(to_int(TWO_POW_63), None);
        assert_eq!(
            to_int(9_223_372_036_854_774_784.0),
            Some(9_223_372_036_854_774_784)
        );
        assert_eq!(to_int(f64::NAN), None);
        assert_eq!(to_int(f64::INFINITY), None);
        assert_eq!(to_int(0.5), None);
    }
}
