//! Text the profile pass writes into descriptions and warning messages: values
//! as JSON, numbers, plurals, and JSON equality of values.
//!
//! Both implementations must write the same bytes, so nothing here depends on
//! PHP's ini settings (`serialize_precision`) or on a library's float printer:
//! the format is fixed here and in `php/src/Normalize/Profile/Text.php`.
//!
//! JSON as `json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE |
//! JSON_PRESERVE_ZERO_FRACTION)` writes it with `serialize_precision = -1`:
//! lists as `[...]`, other arrays as `{...}` (an empty one, and an empty
//! `stdClass` read back from a schema, as `[]`), `"\u2028"`/`"\u2029"` and
//! control characters escaped, floats as the shortest text that reads back as
//! the same float, with `.0` when integral and an exponent outside
//! 1e-4 ≤ |x| < 1e17 (`1.0e+25`, `1.5e-5`).

use crate::model::schema::{guard_count, is_null_schema, list_of};
use crate::model::vocab::{cmp, Num};
use crate::sym::Sym;
use crate::view::{Key, KeyRef, Kind, Node};

/// `one` or `many` by count.
pub fn plural(n: i64, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// `v` as JSON text.
pub fn json<'v, N: Node<'v>>(v: N) -> String {
    let mut out = String::new();
    write_json(&mut out, v);
    out
}

fn write_json<'v, N: Node<'v>>(out: &mut String, v: N) {
    match v.kind() {
        Kind::Null | Kind::Other => out.push_str("null"),
        Kind::Bool(true) => out.push_str("true"),
        Kind::Bool(false) => out.push_str("false"),
        Kind::Int(i) => out.push_str(&i.to_string()),
        Kind::Float(f) => out.push_str(&float(f)),
        Kind::Str(s) => string(out, &String::from_utf8_lossy(s)),
        Kind::Array(a) => {
            // An object of the schema (an empty map's `{}`: a stdClass in
            // the extension) is written as one, not as PHP's `[]`.
            let list = !v.is_object() && a.is_list();
            out.push(if list { '[' } else { '{' });
            let mut first = true;
            a.each(|k, x| {
                if !first {
                    out.push(',');
                }
                first = false;
                if !list {
                    match k.get() {
                        KeyRef::Int(i) => string(out, &i.to_string()),
                        KeyRef::Str(s) => string(out, &String::from_utf8_lossy(s)),
                    }
                    out.push(':');
                }
                write_json(out, x);
            });
            out.push(if list { ']' } else { '}' });
        }
    }
}

/// A JSON string literal.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A number as JSON text.
pub fn num(n: Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::Float(f) => float(f),
    }
}

/// A finite float as JSON text (see the module notes).
pub fn float(f: f64) -> String {
    if !f.is_finite() {
        return "null".to_owned();
    }
    let neg = f.is_sign_negative();
    let a = f.abs();
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if a == 0.0 {
        out.push_str("0.0");
        return out;
    }
    // Shortest round-trip digits and exponent: "d.ddde±x".
    let e = format!("{a:e}");
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exp: i32 = exp.parse().unwrap_or(0);
    // The decimal point sits `decpt` digits into `digits`.
    let decpt = exp + 1;
    let n = digits.len() as i32;
    if !(-3..=17).contains(&decpt) {
        out.push_str(&digits[..1]);
        out.push('.');
        out.push_str(if n > 1 { &digits[1..] } else { "0" });
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&exp.abs().to_string());
    } else if decpt <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat(-decpt as usize));
        out.push_str(&digits);
    } else if decpt >= n {
        out.push_str(&digits);
        out.push_str(&"0".repeat((decpt - n) as usize));
        out.push_str(".0");
    } else {
        let (int, frac) = digits.split_at(decpt as usize);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// A number read from a value.
pub fn num_of<'v, N: Node<'v>>(v: N) -> Option<Num> {
    match v.kind() {
        Kind::Int(i) => Some(Num::Int(i)),
        Kind::Float(f) => Some(Num::Float(f)),
        _ => None,
    }
}

/// JSON Schema's equality of two values (as `enum` and `const` compare):
/// numbers by value (`1` equals `1.0`), strings byte for byte, arrays item by
/// item, maps by their entries whatever the order.
pub fn json_eq<'v, N: Node<'v>>(a: N, b: N) -> bool {
    match (a.kind(), b.kind()) {
        (Kind::Null, Kind::Null) => true,
        (Kind::Bool(x), Kind::Bool(y)) => x == y,
        (Kind::Str(x), Kind::Str(y)) => x == y,
        (Kind::Array(x), Kind::Array(y)) => {
            if x.len() != y.len() {
                return false;
            }
            if x.is_list() && y.is_list() {
                let ys = list_of(y);
                let mut i = 0;
                return x.all(|_, v| {
                    let same = ys.get(i).is_some_and(|w| json_eq(v, *w));
                    i += 1;
                    same
                });
            }
            if x.is_list() != y.is_list() && !x.is_empty() {
                return false;
            }
            x.all(|k, v| {
                let mut found = false;
                y.any(|k2, w| {
                    let same = key_eq(k.get(), k2.get());
                    found = same && json_eq(v, w);
                    same
                });
                found
            })
        }
        (x, y) => match (num_kind(x), num_kind(y)) {
            (Some(m), Some(n)) => cmp(m, n) == std::cmp::Ordering::Equal,
            _ => false,
        },
    }
}

fn num_kind<N>(k: Kind<'_, N>) -> Option<Num> {
    match k {
        Kind::Int(i) => Some(Num::Int(i)),
        Kind::Float(f) => Some(Num::Float(f)),
        _ => None,
    }
}

fn key_eq(a: KeyRef<'_>, b: KeyRef<'_>) -> bool {
    match (a, b) {
        (KeyRef::Int(x), KeyRef::Int(y)) => x == y,
        (KeyRef::Str(x), KeyRef::Str(y)) => x == y,
        (KeyRef::Int(x), KeyRef::Str(y)) | (KeyRef::Str(y), KeyRef::Int(x)) => {
            x.to_string().as_bytes() == y
        }
    }
}

/// Number of characters (code points) of a UTF-8 string, as JSON Schema counts
/// `minLength`/`maxLength`.
pub fn chars(s: &[u8]) -> i64 {
    s.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as i64
}

/// The text of a string node.
pub fn str_of<'v, N: Node<'v>>(n: N) -> String {
    match n.kind() {
        Kind::Str(s) => String::from_utf8_lossy(s).into_owned(),
        _ => json(n),
    }
}

/// What a `not` says, for the description: the canonical forms in words (a
/// `match: false` Regex, excluded values, NotNull's empty containers), any
/// other as JSON.
pub fn not_note<'v, N: Node<'v>>(n: N) -> String {
    if let Some(pat) = not_pattern(n) {
        return format!(
            "Must not match the regular expression `{}`.",
            String::from_utf8_lossy(pat)
        );
    }
    if n.len() == 1 {
        if let Some(e) = n.get(Sym::Enum) {
            return format!("Must not be one of: {}.", json(e));
        }
        if let Some(c) = n.get(Sym::Const) {
            return format!("Must not be {}.", json(c));
        }
    }
    match guard_count(n) {
        Some(Sym::AdditionalProperties)
            if n.get(Sym::AdditionalProperties).is_some_and(is_null_schema) =>
        {
            return "At least one property must not be null.".to_owned();
        }
        Some(Sym::Items) => return "At least one item must not be empty.".to_owned(),
        _ => {}
    }
    format!("Must not match the JSON schema {}.", json(n))
}

/// The pattern of a `not` written for a `match: false` Regex: `{"pattern": p}`
/// or `{"type": "string", "pattern": p}`.
fn not_pattern<'v, N: Node<'v>>(n: N) -> Option<&'v [u8]> {
    let pat = n.get(Sym::Pattern)?;
    let Kind::Str(p) = pat.kind() else {
        return None;
    };
    let typed = matches!(
        n.get(Sym::Type).map(|t| t.kind()),
        Some(Kind::Str(b"string"))
    );
    (n.len() == 1 || (n.len() == 2 && typed)).then_some(p)
}

/// The note for a `pattern` a profile cannot state: the format corners
/// (issue 30, `normalize::format_corner`) in words, any other pattern as it is.
pub fn pattern_note(pat: &str) -> String {
    if pat == Sym::EmailLengthPattern.as_str() {
        "At most 64 characters before the @, and at most 62 in each part of the domain.".to_owned()
    } else if pat == Sym::NoLeapSecondPattern.as_str() {
        "Seconds from 00 to 59 (no leap second).".to_owned()
    } else if pat == Sym::UriSchemePattern.as_str() {
        "Not a scheme followed by digits alone (x:1 reads as a host and port).".to_owned()
    } else {
        format!("Must match the regular expression `{pat}`.")
    }
}

#[cfg(test)]
mod tests {
    use super::float;

    #[test]
    fn floats_as_php_writes_them() {
        assert_eq!(float(1.5), "1.5");
        assert_eq!(float(5.0), "5.0");
        assert_eq!(float(-0.25), "-0.25");
        assert_eq!(float(0.0), "0.0");
        assert_eq!(float(-0.0), "-0.0");
        assert_eq!(float(0.1), "0.1");
        assert_eq!(float(1e3), "1000.0");
        assert_eq!(float(0.0001), "0.0001");
        assert_eq!(float(0.00001), "1.0e-5");
        assert_eq!(float(1.5e-7), "1.5e-7");
        assert_eq!(float(1e17), "1.0e+17");
        assert_eq!(float(1e16), "10000000000000000.0");
        assert_eq!(float(1e20), "1.0e+20");
        assert_eq!(float(1e25), "1.0e+25");
        assert_eq!(float(123456.789), "123456.789");
        assert_eq!(float(9.223_372_036_854_776e18), "9.223372036854776e+18");
        assert_eq!(float(1.0 / 3.0), "0.3333333333333333");
    }
}
