//! B1: a JSON string for a `map` or `list` is decoded, only when the decoded type
//! matches. The type is decided by the first non-whitespace byte (`{` → object,
//! for a map; `[` → array, for a list); a string starting with the other bracket,
//! or one that fails to decode, stays unchanged (and is never wrapped in a list).
//!
//! [`decode_json`] gives exactly PHP's `json_decode($s, true, 64)` or `None`:
//! strict RFC 8259 grammar, valid UTF-8 only, no lone surrogates, arrays/objects
//! nested at most 63 deep (PHP's depth 64 counts the scalar level too),
//! integers beyond int64 become floats (correctly rounded, like PHP), and
//! non-finite numbers (`1e400`, which PHP would decode as INF) make it fail.

use serde_json::{Map, Number, Value};

use super::{Repair, Scalar};

/// Strings longer than this are never decoded.
pub const MAX_JSON_LEN: usize = 1 << 20;
/// Maximum nesting of arrays/objects (PHP `json_decode(..., 64)`).
pub const MAX_JSON_NESTING: usize = 63;

/// The first byte after JSON whitespace, if the string looks like JSON of a container.
pub fn opening(s: &[u8]) -> Option<u8> {
    let c = *s
        .iter()
        .find(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'))?;
    matches!(c, b'[' | b'{').then_some(c)
}

/// `open` is `b'['` for a list, `b'{'` for a map. Returns `Some(Json)` when the
/// walker must try to decode; `None` when the string stays.
pub fn decide(v: Scalar<'_>, open: u8) -> Option<Repair> {
    let Scalar::Str(s) = v else { return None };
    (s.len() <= MAX_JSON_LEN && opening(s) == Some(open)).then_some(Repair::Json)
}

pub fn decode_json(s: &[u8]) -> Option<Value> {
    if s.len() > MAX_JSON_LEN {
        return None;
    }
    let text = std::str::from_utf8(s).ok()?;
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        i: 0,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    (p.i == p.s.len()).then_some(v)
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn lit(&mut self, word: &[u8], v: Value) -> Option<Value> {
        if self.s[self.i..].starts_with(word) {
            self.i += word.len();
            Some(v)
        } else {
            None
        }
    }

    fn value(&mut self, depth: usize) -> Option<Value> {
        match *self.s.get(self.i)? {
            b'{' => {
                if depth >= MAX_JSON_NESTING {
                    return None;
                }
                self.i += 1;
                let mut map = Map::new();
                self.ws();
                if self.eat(b'}') {
                    return Some(Value::Object(map));
                }
                loop {
                    self.ws();
                    if self.s.get(self.i) != Some(&b'"') {
                        return None;
                    }
                    let key = self.string()?;
                    self.ws();
                    if !self.eat(b':') {
                        return None;
                    }
                    self.ws();
                    let v = self.value(depth + 1)?;
                    map.insert(key, v);
                    self.ws();
                    if self.eat(b',') {
                        continue;
                    }
                    if self.eat(b'}') {
                        return Some(Value::Object(map));
                    }
                    return None;
                }
            }
            b'[' => {
                if depth >= MAX_JSON_NESTING {
                    return None;
                }
                self.i += 1;
                let mut list = Vec::new();
                self.ws();
                if self.eat(b']') {
                    return Some(Value::Array(list));
                }
                loop {
                    self.ws();
                    list.push(self.value(depth + 1)?);
                    self.ws();
                    if self.eat(b',') {
                        continue;
                    }
                    if self.eat(b']') {
                        return Some(Value::Array(list));
                    }
                    return None;
                }
            }
            b'"' => self.string().map(Value::String),
            b't' => self.lit(b"true", Value::Bool(true)),
            b'f' => self.lit(b"false", Value::Bool(false)),
            b'n' => self.lit(b"null", Value::Null),
            _ => self.number(),
        }
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.i;
        let is_num = |c: &u8| c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E');
        let len = self.s[start..].iter().take_while(|c| is_num(c)).count();
        let tok = &self.s[start..start + len];
        if !super::numeric_string::is_json_number(tok) {
            return None;
        }
        self.i += len;
        let t = &self.text[start..start + len];
        let integral = !tok.iter().any(|c| matches!(c, b'.' | b'e' | b'E'));
        if integral {
            if let Ok(i) = t.parse::<i64>() {
                return Some(Value::Number(Number::from(i)));
            }
        }
        let f: f64 = t.parse().ok()?;
        Number::from_f64(f).map(Value::Number)
    }

    fn hex4(&mut self) -> Option<u32> {
        let h = self.s.get(self.i..self.i + 4)?;
        let mut v = 0u32;
        for &c in h {
            v = v * 16 + (c as char).to_digit(16)?;
        }
        self.i += 4;
        Some(v)
    }

    fn string(&mut self) -> Option<String> {
        self.i += 1; // opening quote
        let mut out = String::new();
        loop {
            let start = self.i;
            while let Some(&c) = self.s.get(self.i) {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.i += 1;
            }
            out.push_str(&self.text[start..self.i]);
            match *self.s.get(self.i)? {
                b'"' => {
                    self.i += 1;
                    return Some(out);
                }
                b'\\' => {
                    self.i += 1;
                    let c = *self.s.get(self.i)?;
                    self.i += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let u = self.hex4()?;
                            let cp = if (0xD800..0xDC00).contains(&u) {
                                if !(self.eat(b'\\') && self.eat(b'u')) {
                                    return None;
                                }
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return None;
                                }
                                0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)
                            } else if (0xDC00..0xE000).contains(&u) {
                                return None;
                            } else {
                                u
                            };
                            out.push(char::from_u32(cp)?);
                        }
                        _ => return None,
                    }
                }
                _ => return None, // control character
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(n: usize) -> String {
        format!("{}1{}", "[".repeat(n), "]".repeat(n))
    }

    #[test]
    fn depth_like_php() {
        assert!(decode_json(nested(63).as_bytes()).is_some());
        assert!(decode_json(nested(64).as_bytes()).is_none());
    }

    #[test]
    fn php_semantics() {
        assert_eq!(
            decode_json(b"[9223372036854775808]"),
            Some(serde_json::json!([9223372036854775808.0]))
        );
        assert_eq!(decode_json(b"[-0]"), Some(serde_json::json!([0])));
        assert_eq!(decode_json(b"[1e400]"), None);
        assert_eq!(decode_json(br#"["\ud800"]"#), None);
        assert_eq!(decode_json(br#"["\udc00"]"#), None);
        assert_eq!(
            decode_json(br#"["\ud83d\ude00"]"#),
            Some(serde_json::json!(["\u{1F600}"]))
        );
        assert_eq!(decode_json(b"[1,]"), None);
        assert_eq!(decode_json(b"[01]"), None);
        assert_eq!(decode_json(b"[\xff]"), None);
        assert_eq!(
            decode_json(b" {\"a\" : [1, 2.5, true, null]} \n"),
            Some(serde_json::json!({"a": [1, 2.5, true, null]}))
        );
        assert_eq!(
            decode_json(b"{\"a\":1,\"a\":2}"),
            Some(serde_json::json!({"a": 2}))
        );
        assert_eq!(decode_json(b"[\"a\tb\"]"), None);
    }
}
