//! Kept rule: numeric strings for `integer`, `timestamp` and `float` inputs.
//!
//! * integer/timestamp: `-?(0|[1-9][0-9]*)(\.0+)?` within int64 → int.
//!   No `+`, no whitespace, no leading zeros, no exponent, no hex, no `_`, no
//!   thousands separators; overflow stays a string.
//! * float: the JSON number grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
//!   → float (so `"5"` → `5.0`, `"1e3"` → `1000.0`); a non-finite result
//!   (`"1e400"`) stays. No `NaN`, `INF`, `.5`, `5.`, whitespace.
//! * Strings longer than [`MAX_NUMBER_LEN`] bytes are never parsed.

use super::{Repair, Scalar};

pub const MAX_NUMBER_LEN: usize = 64;

pub fn decide_integer<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    parse_integer(s).map(Repair::Int)
}

pub fn decide_float<N>(v: Scalar<'_>) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    parse_float(s).map(Repair::Float)
}

/// Length of the `0|[1-9][0-9]*` run at the start of `s`, if any.
fn int_digits(s: &[u8]) -> Option<usize> {
    match s.first() {
        Some(b'0') => Some(1),
        Some(b'1'..=b'9') => Some(s.iter().take_while(|c| c.is_ascii_digit()).count()),
        _ => None,
    }
}

pub fn parse_integer(s: &[u8]) -> Option<i64> {
    if s.len() > MAX_NUMBER_LEN {
        return None;
    }
    let (neg, rest) = match s.strip_prefix(b"-") {
        Some(r) => (true, r),
        None => (false, s),
    };
    let n = int_digits(rest)?;
    let (digits, tail) = rest.split_at(n);
    if !tail.is_empty() {
        let zeros = tail.strip_prefix(b".")?;
        if zeros.is_empty() || !zeros.iter().all(|&c| c == b'0') {
            return None;
        }
    }
    let mut acc: i64 = 0;
    for &d in digits {
        let d = i64::from(d - b'0');
        acc = acc.checked_mul(10)?;
        acc = if neg {
            acc.checked_sub(d)?
        } else {
            acc.checked_add(d)?
        };
    }
    Some(acc)
}

pub fn is_json_number(s: &[u8]) -> bool {
    let rest = s.strip_prefix(b"-").unwrap_or(s);
    let Some(n) = int_digits(rest) else {
        return false;
    };
    let mut rest = &rest[n..];
    if let Some(frac) = rest.strip_prefix(b".") {
        let k = frac.iter().take_while(|c| c.is_ascii_digit()).count();
        if k == 0 {
            return false;
        }
        rest = &frac[k..];
    }
    if let Some(exp) = rest.strip_prefix(b"e").or_else(|| rest.strip_prefix(b"E")) {
        let exp = exp
            .strip_prefix(b"+")
            .or_else(|| exp.strip_prefix(b"-"))
            .unwrap_or(exp);
        let k = exp.iter().take_while(|c| c.is_ascii_digit()).count();
        if k == 0 {
            return false;
        }
        rest = &exp[k..];
    }
    rest.is_empty()
}

pub fn parse_float(s: &[u8]) -> Option<f64> {
    if s.len() > MAX_NUMBER_LEN || !is_json_number(s) {
        return None;
    }
    let f: f64 = std::str::from_utf8(s).ok()?.parse().ok()?;
    f.is_finite().then_some(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(parse_integer(b"5"), Some(5));
        assert_eq!(parse_integer(b"-0"), Some(0));
        assert_eq!(parse_integer(b"140.0"), Some(140));
        assert_eq!(parse_integer(b"140.00"), Some(140));
        assert_eq!(parse_integer(b"140."), None);
        assert_eq!(parse_integer(b"1.5"), None);
        assert_eq!(parse_integer(b"007"), None);
        assert_eq!(parse_integer(b"+5"), None);
        assert_eq!(parse_integer(b" 5"), None);
        assert_eq!(parse_integer(b"1e3"), None);
        assert_eq!(parse_integer(b"9223372036854775807"), Some(i64::MAX));
        assert_eq!(parse_integer(b"-9223372036854775808"), Some(i64::MIN));
        assert_eq!(parse_integer(b"9223372036854775808"), None);
        assert_eq!(parse_integer(b""), None);
        assert_eq!(parse_integer(b"-"), None);
    }

    #[test]
    fn floats() {
        assert_eq!(parse_float(b"1e3"), Some(1000.0));
        assert_eq!(parse_float(b"-2.5E-1"), Some(-0.25));
        assert_eq!(parse_float(b"1e400"), None);
        assert_eq!(parse_float(b".5"), None);
        assert_eq!(parse_float(b"5."), None);
        assert_eq!(parse_float(b"NaN"), None);
        assert_eq!(parse_float(b"inf"), None);
        assert_eq!(parse_float(b"1e"), None);
    }
}
