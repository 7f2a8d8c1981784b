//! PHP values as the rules read them: a scalar ([`Scalar`]), a value as the
//! constraint catalogue judges it ([`V`]), the options of a Symfony
//! constraint as its object holds them ([`option_flag`], [`Number`]), PHP's `trim()`
//! padding ([`trim`]) and the numbers a string spells ([`parse_integer`],
//! [`parse_float`]). The PHP twin is php/src/Model/Value.php.

use crate::view::{Kind, Node};

/// A PHP scalar as the rules see it. Strings are raw bytes (maybe invalid UTF-8).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'a [u8]),
}

impl<'a> Scalar<'a> {
    /// The scalar a value is; `None` for arrays, objects and resources.
    pub fn of<N>(kind: Kind<'a, N>) -> Option<Scalar<'a>> {
        Some(match kind {
            Kind::Null => Scalar::Null,
            Kind::Bool(b) => Scalar::Bool(b),
            Kind::Int(i) => Scalar::Int(i),
            Kind::Float(f) => Scalar::Float(f),
            Kind::Str(s) => Scalar::Str(s),
            Kind::Array(_) | Kind::Other => return None,
        })
    }
}

/// A value as a constraint judges it (coerce's guard asks about a value and
/// its repair): a scalar, or an array (a repair into a list or map), empty
/// or not.
#[derive(Clone, Copy, PartialEq)]
pub enum V<'s> {
    Scalar(Scalar<'s>),
    Array { empty: bool },
}

/// An option that holds a number (or a count), read once: absent or null,
/// an int, a float (not NaN), or anything else.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    Unset,
    Int(i64),
    Float(f64),
    Other,
}

impl Number {
    /// The option `n` (`None`: absent).
    pub fn of<'a, N: Node<'a>>(n: Option<N>) -> Number {
        match n.map(Node::kind) {
            None | Some(Kind::Null) => Number::Unset,
            Some(Kind::Int(i)) => Number::Int(i),
            Some(Kind::Float(f)) if !f.is_nan() => Number::Float(f),
            Some(_) => Number::Other,
        }
    }

    /// As a count: `Some(None)` when unset, the int, `None` for anything else.
    pub fn count(self) -> Option<Option<i64>> {
        match self {
            Number::Unset => Some(None),
            Number::Int(i) => Some(Some(i)),
            _ => None,
        }
    }
}

/// A boolean option of a Symfony constraint, as the constraint object holds
/// it (Symfony's code is not strict_types): `default` when absent, else the
/// value cast to bool (`1`, `"no"` are true; `0`, `""`, `"0"` false). `typed`:
/// the property is declared `bool` (Choice's `match`), where null or an array
/// is a TypeError: Drupal rejects every value (`None`: undecided); an untyped
/// property (`multiple`, `allowNull`) reads null as false and an array by its
/// emptiness. (`option`: the option looked up; the PHP twin takes the options
/// and the key.)
pub fn option_flag<'a, N: Node<'a>>(option: Option<N>, default: bool, typed: bool) -> Option<bool> {
    let Some(v) = option else {
        return Some(default);
    };
    match v.kind() {
        Kind::Bool(b) => Some(b),
        Kind::Int(i) => Some(i != 0),
        Kind::Float(f) => Some(f != 0.0),
        Kind::Str(s) => Some(!(s.is_empty() || s == b"0")),
        _ if typed => None,
        Kind::Null => Some(false),
        Kind::Array(a) => Some(!a.is_empty()),
        Kind::Other => Some(true),
    }
}

/// A byte of the padding PHP's `trim()` strips (its default set: space,
/// `\t`, `\n`, `\r`, `\0`, `\x0B`).
pub fn is_trim_byte(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0 | 0x0B)
}

/// PHP's `trim($s)`.
pub fn trim(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&c| !is_trim_byte(c)).unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|&c| !is_trim_byte(c))
        .map_or(start, |e| e + 1);
    &s[start..end]
}

/// The longest string read as a number, in bytes.
pub const MAX_NUMBER_LEN: usize = 64;

/// Length of the `0|[1-9][0-9]*` run at the start of `s`, if any.
fn int_digits(s: &[u8]) -> Option<usize> {
    match s.first() {
        Some(b'0') => Some(1),
        Some(b'1'..=b'9') => Some(s.iter().take_while(|c| c.is_ascii_digit()).count()),
        _ => None,
    }
}

/// The int a string spells as `-?(0|[1-9][0-9]*)(\.0+)?` within int64 (no
/// `+`, padding, leading zeros, exponent, hex, `_` or separators).
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

/// Whether `s` is a number of JSON's grammar
/// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
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

/// The finite float a JSON number ([`is_json_number`]) spells.
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
