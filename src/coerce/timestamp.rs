//! B3 (timestamp): a date-time string with an explicit offset, in the formats of
//! [`super::date_time`], becomes Unix seconds. Naive date-times and date-only
//! strings stay (their time zone is unknown). Numeric strings are handled by
//! [`super::numeric_string`] first, so an 8-digit string such as `"20240115"`
//! is read as seconds (20240115), never as a `YYYYMMDD` date.

use super::{date_time, Repair};
use crate::model::value::Scalar;

pub fn decide<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    unix_seconds(&date_time::parse(s)?).map(Repair::Int)
}

pub fn unix_seconds(p: &date_time::Parsed) -> Option<i64> {
    let (h, mi, sec) = p.time?;
    let off = p.offset?;
    let local = p.date.and_hms_opt(h, mi, sec)?.and_utc().timestamp();
    Some(local - i64::from(off))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds() {
        assert_eq!(
            decide::<()>(Scalar::Str(b"2024-01-15T10:30:00Z")),
            Some(Repair::Int(1_705_314_600))
        );
        assert_eq!(
            decide::<()>(Scalar::Str(b"2024-01-15T12:30:00+02:00")),
            Some(Repair::Int(1_705_314_600))
        );
        assert_eq!(
            decide::<()>(Scalar::Str(b"0001-01-01T00:00:00Z")),
            Some(Repair::Int(-62_135_596_800))
        );
        assert_eq!(decide::<()>(Scalar::Str(b"2024-01-15T10:30:00")), None);
        assert_eq!(decide::<()>(Scalar::Str(b"2024-01-15")), None);
    }
}
