//! B3 (datetime_iso8601): a date-time string in one of the accepted formats, with
//! an explicit offset, is re-emitted as RFC 3339 `YYYY-MM-DDTHH:MM:SS±HH:MM`
//! (the offset is kept; `Z` becomes `+00:00`).
//!
//! Accepted (closed list; exact, no surrounding whitespace, at most 64 bytes):
//! `YYYY-MM-DD` `T`|`t`|space `HH:MM[:SS]` then `Z`|`z`|`±HH:MM`|`±HHMM`.
//! Year 0001-9999, real calendar dates (chrono), hours 00-23, minutes and
//! seconds 00-59 (no leap second), offset hours 00-23 and minutes 00-59.
//! Naive date-times (no offset), `-00:00` (RFC 3339 "unknown offset"),
//! date-only strings, fractional seconds and anything else stay unchanged.

use chrono::NaiveDate;

use super::Repair;
use crate::model::value::Scalar;

pub const MAX_DATE_LEN: usize = 64;

/// A parsed date or date-time. `offset` is in seconds east of UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parsed {
    pub date: NaiveDate,
    /// (hour, minute, second); `None` for a date-only string.
    pub time: Option<(u32, u32, u32)>,
    /// `None` when naive (no offset, or `-00:00`).
    pub offset: Option<i32>,
}

fn num(s: &[u8], at: usize, len: usize) -> Option<u32> {
    let d = s.get(at..at + len)?;
    let mut v = 0u32;
    for &c in d {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u32::from(c - b'0');
    }
    Some(v)
}

fn at(s: &[u8], i: usize) -> Option<u8> {
    s.get(i).copied()
}

pub fn parse(s: &[u8]) -> Option<Parsed> {
    if s.len() > MAX_DATE_LEN {
        return None;
    }
    let y = num(s, 0, 4)?;
    let mo = num(s, 5, 2)?;
    let d = num(s, 8, 2)?;
    if at(s, 4)? != b'-' || at(s, 7)? != b'-' || y == 0 {
        return None;
    }
    let date = NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, mo, d)?;
    if s.len() == 10 {
        return Some(Parsed {
            date,
            time: None,
            offset: None,
        });
    }
    if !matches!(at(s, 10)?, b'T' | b't' | b' ') || at(s, 13)? != b':' {
        return None;
    }
    let h = num(s, 11, 2)?;
    let mi = num(s, 14, 2)?;
    let mut i = 16;
    let mut sec = 0;
    if at(s, i) == Some(b':') {
        sec = num(s, 17, 2)?;
        i = 19;
    }
    if h > 23 || mi > 59 || sec > 59 {
        return None;
    }
    let rest = &s[i..];
    let offset = match rest {
        [] => None,
        [b'Z' | b'z'] => Some(0),
        [sign @ (b'+' | b'-'), ..] => {
            let (oh, om) = match rest.len() {
                6 if rest[3] == b':' => (num(rest, 1, 2)?, num(rest, 4, 2)?),
                5 => (num(rest, 1, 2)?, num(rest, 3, 2)?),
                _ => return None,
            };
            if oh > 23 || om > 59 {
                return None;
            }
            let secs = i32::try_from(oh * 3600 + om * 60).ok()?;
            if *sign == b'-' {
                if secs == 0 {
                    None // "-00:00": offset unknown
                } else {
                    Some(-secs)
                }
            } else {
                Some(secs)
            }
        }
        _ => return None,
    };
    Some(Parsed {
        date,
        time: Some((h, mi, sec)),
        offset,
    })
}

/// The canonical RFC 3339 form, for a parsed date-time with an offset.
pub fn canonical(p: &Parsed) -> Option<String> {
    use chrono::Datelike;
    let (h, mi, sec) = p.time?;
    let off = p.offset?;
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.unsigned_abs();
    Some(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{}{:02}:{:02}",
        p.date.year(),
        p.date.month(),
        p.date.day(),
        h,
        mi,
        sec,
        sign,
        a / 3600,
        a % 3600 / 60
    ))
}

/// `read` is `sent` as the padding rule reads it (decide.rs): a padded
/// canonical form is repaired too.
pub fn decide<N>(sent: Scalar<'_>, read: Scalar<'_>) -> Option<Repair<N>> {
    let (Scalar::Str(sent), Scalar::Str(s)) = (sent, read) else {
        return None;
    };
    let out = canonical(&parse(s)?)?;
    (out.as_bytes() != sent).then_some(Repair::String(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Option<Repair<()>> {
        decide(Scalar::Str(s.as_bytes()), Scalar::Str(s.as_bytes()))
    }

    #[test]
    fn formats() {
        let c = Some(Repair::String("2024-01-15T10:30:00+00:00".into()));
        assert_eq!(d("2024-01-15T10:30:00Z"), c);
        assert_eq!(d("2024-01-15 10:30Z"), c);
        assert_eq!(d("2024-01-15t10:30:00z"), c);
        assert_eq!(d("2024-01-15T10:30:00+0000"), c);
        assert_eq!(d("2024-01-15T10:30:00+00:00"), None);
        assert_eq!(
            d("2024-01-15T10:30-0530"),
            Some(Repair::String("2024-01-15T10:30:00-05:30".into()))
        );
        assert_eq!(d("2024-01-15T10:30:00-00:00"), None);
        assert_eq!(d("2024-01-15T10:30:00"), None);
        assert_eq!(d("2024-01-15"), None);
        assert_eq!(d("2024-02-30T10:30:00Z"), None);
        assert_eq!(d("2024-01-15T24:00:00Z"), None);
        assert_eq!(d("2024-01-15T23:59:60Z"), None);
        assert_eq!(d("2024-01-15T10:30:00.5Z"), None);
        assert_eq!(d("0000-01-15T10:30:00Z"), None);
        assert_eq!(d(" 2024-01-15T10:30:00Z"), None);
        assert_eq!(d("2024-01-15T10:30:00+2400"), None);
        assert_eq!(d("2024-01-15T10:30:00+02"), None);
        assert_eq!(d("2024-1-15T10:30:00Z"), None);
        assert_eq!(d("2024-01-15T10:30:00Z\n"), None);
    }
}
