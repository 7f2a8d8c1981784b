//! B1: a JSON string for a `map` or `list` is decoded, only when the decoded type
//! matches. The type is decided by the first non-whitespace byte (`{` → object,
//! for a map; `[` → array, for a list); a string starting with the other bracket,
//! or one that fails to decode, stays unchanged (and is never wrapped in a list).
//!
//! The decoder reads exactly what PHP's `json_decode($s, true)` reads, and
//! fails where it fails: strict RFC 8259 grammar, valid UTF-8 only, no lone
//! surrogates, arrays and objects nested at most 511 deep (PHP's default depth
//! 512 counts the scalar level too), integers beyond int64 become correctly
//! rounded floats, `-0` is the int 0, a repeated key keeps its first place and
//! its last value, a name like `"5"` is the int key 5. It builds the value
//! straight into the output backend, coercing each part with the definition
//! as it goes (the same result as decoding, then walking). B1 then refuses a
//! decoded value that holds a non-finite number (`1e400`, which PHP decodes
//! as INF): the string stays.

use std::borrow::Cow;
use std::collections::HashMap;

use super::{Children, Coercer, Def, Repair};
use crate::model::value::Scalar;
use crate::view::{php_key, Build, KeyRef, Node};

/// Strings longer than this are never decoded.
pub const MAX_JSON_LEN: usize = 1 << 20;
/// Maximum nesting of arrays/objects (PHP `json_decode($s, true)`: depth 512).
pub const MAX_JSON_NESTING: usize = 511;

/// The first byte after JSON whitespace, if the string looks like JSON of a container.
pub fn opening(s: &[u8]) -> Option<u8> {
    let c = *s
        .iter()
        .find(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'))?;
    matches!(c, b'[' | b'{').then_some(c)
}

/// Whether `s` opens an array or object that closes at once (`"[]"`,
/// `" { }"`): what B1 would decode it to is empty.
pub fn is_empty_container(s: &[u8]) -> bool {
    let ws = |c: &&u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    let mut rest = s.iter().skip_while(ws);
    let close = match rest.next() {
        Some(b'[') => b']',
        Some(b'{') => b'}',
        _ => return false,
    };
    rest.find(|c| !ws(c)) == Some(&close)
}

/// `open` is `b'['` for a list, `b'{'` for a map. Returns `Some(Json)` when the
/// walker must try to decode; `None` when the string stays.
pub fn decide<N>(v: Scalar<'_>, open: u8) -> Option<Repair<N>> {
    let Scalar::Str(s) = v else { return None };
    (s.len() <= MAX_JSON_LEN && opening(s) == Some(open)).then_some(Repair::Json)
}

/// `json_decode($text, true)` exactly, built with `b`: `None` where PHP
/// fails (a number too large for a float is INF, as in PHP; B1 refuses
/// those, see [`Coercer::json`]).
pub fn decode_json<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, text: &[u8]) -> Option<B::Val> {
    Coercer { b }.decode::<N>(None, text).map(|(v, _)| v)
}

/// A decoded value, and whether it holds a non-finite number.
type Decoded<V> = (V, bool);

impl<B> Coercer<'_, B> {
    /// B1: `text` decoded as `json_decode($text, true)` and coerced with
    /// `def` as it is built (no value is made twice); `None` when it does not
    /// decode, or when the decoded value holds a non-finite number.
    pub fn json<'a, N: Node<'a>>(&mut self, def: Def<N>, text: &[u8]) -> Option<B::Val>
    where
        B: Build<'a, N>,
    {
        let (v, non_finite) = self.decode(Some(def), text)?;
        (!non_finite).then_some(v)
    }

    fn decode<'a, N: Node<'a>>(
        &mut self,
        def: Option<Def<N>>,
        text: &[u8],
    ) -> Option<Decoded<B::Val>>
    where
        B: Build<'a, N>,
    {
        let s = std::str::from_utf8(text).ok()?;
        let mut t = Text { s, i: 0 };
        t.ws();
        let v = self.json_value(&mut t, def, 0)?;
        t.ws();
        (t.i == s.len()).then_some(v)
    }

    /// The value at `t`, coerced with `def` when there is one. `depth`: how
    /// many arrays and objects hold it.
    fn json_value<'a, N: Node<'a>>(
        &mut self,
        t: &mut Text<'_>,
        def: Option<Def<N>>,
        depth: usize,
    ) -> Option<Decoded<B::Val>>
    where
        B: Build<'a, N>,
    {
        let scalar = match t.peek()? {
            b'[' | b'{' if depth >= MAX_JSON_NESTING => return None,
            b'[' => return self.json_array(t, def, depth + 1),
            b'{' => return self.json_object(t, def, depth + 1),
            b'"' => {
                let s = t.string()?;
                let same = |b: &mut B| b.string(&s);
                return Some((
                    self.json_scalar(def, Scalar::Str(s.as_bytes()), &same),
                    false,
                ));
            }
            b't' => t.lit("true", Scalar::Bool(true))?,
            b'f' => t.lit("false", Scalar::Bool(false))?,
            b'n' => t.lit("null", Scalar::Null)?,
            _ => t.number()?,
        };
        let same = |b: &mut B| match scalar {
            Scalar::Bool(x) => b.bool(x),
            Scalar::Int(i) => b.int(i),
            Scalar::Float(f) => b.float(f),
            Scalar::Null | Scalar::Str(_) => b.null(),
        };
        let non_finite = matches!(scalar, Scalar::Float(f) if !f.is_finite());
        Some((self.json_scalar(def, scalar, &same), non_finite))
    }

    fn json_scalar<'a, N: Node<'a>>(
        &mut self,
        def: Option<Def<N>>,
        s: Scalar<'_>,
        same: &dyn Fn(&mut B) -> B::Val,
    ) -> B::Val
    where
        B: Build<'a, N>,
    {
        def.and_then(|d| self.scalar(d, s, same))
            .unwrap_or_else(|| same(self.b))
    }

    fn json_array<'a, N: Node<'a>>(
        &mut self,
        t: &mut Text<'_>,
        def: Option<Def<N>>,
        depth: usize,
    ) -> Option<Decoded<B::Val>>
    where
        B: Build<'a, N>,
    {
        let children = children_at(def, t);
        t.i += 1;
        let mut arr = self.b.arr();
        let mut non_finite = false;
        t.ws();
        if t.eat(b']') {
            return Some((self.b.end_arr(arr), false));
        }
        let mut index = 0i64;
        loop {
            t.ws();
            // A JSON array is a PHP list: every item of a list definition,
            // or the property named by its index of a map definition.
            let child = children.and_then(|c| c.child(KeyRef::Int(index)));
            let (v, nf) = self.json_value(t, child, depth)?;
            non_finite |= nf;
            self.b.push(&mut arr, v);
            index += 1;
            t.ws();
            if t.eat(b',') {
                continue;
            }
            if t.eat(b']') {
                return Some((self.b.end_arr(arr), non_finite));
            }
            return None;
        }
    }

    fn json_object<'a, N: Node<'a>>(
        &mut self,
        t: &mut Text<'_>,
        def: Option<Def<N>>,
        depth: usize,
    ) -> Option<Decoded<B::Val>>
    where
        B: Build<'a, N>,
    {
        let start = t.i;
        let children = children_at(def, t);
        t.i += 1;
        let mut arr = self.b.arr();
        // Entries whose value holds a non-finite number; `unsure` once a key
        // came again while some entry held one (the last value of a key is
        // kept, and which entry held it is not tracked).
        let mut non_finite = 0usize;
        let mut unsure = false;
        // The next key a PHP list would have.
        let mut next = 0i64;
        t.ws();
        if t.eat(b'}') {
            return Some((self.b.end_arr(arr), false));
        }
        loop {
            t.ws();
            if t.peek() != Some(b'"') {
                return None;
            }
            let name = t.string()?;
            t.ws();
            if !t.eat(b':') {
                return None;
            }
            t.ws();
            let child = match children {
                // An object is a PHP list when its keys are 0, 1, ... in order
                // (a repeated key keeps its place): then a list definition
                // walks it. Otherwise it is decoded again, as it is.
                Some(Children::Items(d)) => match php_key(name.as_bytes()) {
                    KeyRef::Int(k) if k == next => {
                        next += 1;
                        Some(d)
                    }
                    KeyRef::Int(k) if (0..next).contains(&k) => Some(d),
                    _ => {
                        drop(arr);
                        t.i = start;
                        return self.json_object(t, None, depth);
                    }
                },
                Some(c) => c.child(php_key(name.as_bytes())),
                None => None,
            };
            let (v, nf) = self.json_value(t, child, depth)?;
            let added = self.b.put_arr_bytes(&mut arr, name.as_bytes(), v);
            if added || non_finite == 0 {
                non_finite += usize::from(nf);
            } else {
                unsure = true;
            }
            t.ws();
            if t.eat(b',') {
                continue;
            }
            if t.eat(b'}') {
                let non_finite = if unsure {
                    let mut again = Text { s: t.s, i: start };
                    holds_non_finite(&mut again)?
                } else {
                    non_finite > 0
                };
                return Some((self.b.end_arr(arr), non_finite));
            }
            return None;
        }
    }
}

/// The children of `def` for the array or object at `t`, told whether it has
/// a solid entry when they must know it.
fn children_at<'a, N: Node<'a>>(def: Option<Def<N>>, t: &Text<'_>) -> Option<Children<N>> {
    let mut children = def.as_ref().and_then(Children::of);
    if let Some(c) = children.as_mut().filter(|c| c.needs_solid()) {
        c.set_solid(has_solid_entry(&mut Text { s: t.s, i: t.i }) == Some(true));
    }
    children
}

/// Whether the value at `t` (text that decodes) holds a non-finite number
/// once repeated keys are resolved as PHP does (the last value wins). The
/// rare case of [`Coercer::json`]: a repeated key in an object some entry of
/// which held one.
fn holds_non_finite(t: &mut Text<'_>) -> Option<bool> {
    t.ws();
    let found = match t.peek()? {
        b'[' | b'{' => any_entry(t, holds_non_finite)?,
        b'"' => {
            t.string()?;
            false
        }
        b't' => t.lit("true", Scalar::Null).map(|_| false)?,
        b'f' => t.lit("false", Scalar::Null).map(|_| false)?,
        b'n' => t.lit("null", Scalar::Null).map(|_| false)?,
        _ => matches!(t.number()?, Scalar::Float(f) if !f.is_finite()),
    };
    Some(found)
}

/// Whether the array or object at `t` has an entry whose value, once
/// decoded, is neither null nor `""` (of a repeated key, the last value
/// counts, as PHP keeps it): what [`Children::Properties`] asks of a map
/// that must not become empty, before its entries are coerced. `None` when
/// the text does not decode (nor will the value).
fn has_solid_entry(t: &mut Text<'_>) -> Option<bool> {
    // Whether the value at `t` is solid; reads past it.
    fn solid(t: &mut Text<'_>) -> Option<bool> {
        t.ws();
        Some(match t.peek()? {
            b'"' => !t.string()?.is_empty(),
            b'n' => {
                t.lit("null", Scalar::Null)?;
                false
            }
            _ => {
                holds_non_finite(t)?;
                true
            }
        })
    }
    any_entry(t, solid)
}

/// Whether `test` holds for the value of some entry of the array or object
/// at `t`, reading past it. Of a repeated key only the last value counts,
/// as PHP keeps it; the same PHP key is always spelt the same (an int key
/// has one canonical spelling), so names are compared as they are. `None`
/// where the text does not decode.
fn any_entry<'s>(t: &mut Text<'s>, test: fn(&mut Text<'s>) -> Option<bool>) -> Option<bool> {
    let close = if t.peek()? == b'{' { b'}' } else { b']' };
    t.i += 1;
    let mut any = false;
    let mut last: HashMap<Cow<'s, str>, bool> = HashMap::new();
    t.ws();
    if !t.eat(close) {
        loop {
            t.ws();
            if close == b'}' {
                let name = t.string()?;
                t.ws();
                if !t.eat(b':') {
                    return None;
                }
                let v = test(t)?;
                last.insert(name, v);
            } else {
                any |= test(t)?;
            }
            t.ws();
            if !t.eat(b',') {
                break;
            }
        }
        t.eat(close);
    }
    Some(any || last.values().any(|&v| v))
}

/// JSON text (valid UTF-8) and the position being read.
struct Text<'s> {
    s: &'s str,
    i: usize,
}

impl<'s> Text<'s> {
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.i).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.i += 1;
        }
        found
    }

    fn lit(&mut self, word: &str, v: Scalar<'static>) -> Option<Scalar<'static>> {
        let rest = self.s.as_bytes().get(self.i..)?;
        if rest.starts_with(word.as_bytes()) {
            self.i += word.len();
            Some(v)
        } else {
            None
        }
    }

    /// A number token, as PHP's scanner reads it: an int when it has no
    /// fraction or exponent and fits int64 (`-0` is `0`), else a correctly
    /// rounded float (INF when too large).
    fn number(&mut self) -> Option<Scalar<'static>> {
        let start = self.i;
        let len = self.s.as_bytes()[start..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E'))
            .count();
        let tok = self.s.get(start..start + len)?;
        if !crate::model::value::is_json_number(tok.as_bytes()) {
            return None;
        }
        self.i += len;
        if !tok.bytes().any(|c| matches!(c, b'.' | b'e' | b'E')) {
            if let Ok(i) = tok.parse::<i64>() {
                return Some(Scalar::Int(i));
            }
        }
        tok.parse::<f64>().ok().map(Scalar::Float)
    }

    fn hex4(&mut self) -> Option<u32> {
        let h = self.s.as_bytes().get(self.i..self.i + 4)?;
        let mut v = 0u32;
        for &c in h {
            v = v * 16 + char::from(c).to_digit(16)?;
        }
        self.i += 4;
        Some(v)
    }

    /// A string token (at its opening quote): borrowed when it has no escape.
    fn string(&mut self) -> Option<Cow<'s, str>> {
        self.i += 1;
        let start = self.i;
        let mut out: Option<String> = None;
        loop {
            let run = self.i;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.i += 1;
            }
            let text = self.s.get(run..self.i)?;
            match self.peek()? {
                b'"' => {
                    self.i += 1;
                    return Some(match out {
                        None => Cow::Borrowed(self.s.get(start..self.i - 1)?),
                        Some(mut o) => {
                            o.push_str(text);
                            Cow::Owned(o)
                        }
                    });
                }
                b'\\' => {
                    let o = out.get_or_insert_with(String::new);
                    o.push_str(text);
                    self.i += 1;
                    let c = self.peek()?;
                    self.i += 1;
                    let ch = match c {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let u = self.hex4()?;
                            let cp = if (0xD800..0xDC00).contains(&u) {
                                // A high surrogate must be followed by an
                                // escaped low one (PHP: "Single unpaired
                                // UTF-16 surrogate").
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
                            char::from_u32(cp)?
                        }
                        _ => return None,
                    };
                    o.push(ch);
                }
                // A control character.
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::JsonBuilder;
    use serde_json::{json, Value};

    fn d(s: &[u8]) -> Option<Value> {
        decode_json::<&Value, _>(&mut JsonBuilder, s)
    }

    /// B1 through `coerce_json` with a definition that walks nothing.
    fn b1(s: &str, ty: &str) -> Value {
        crate::coerce::coerce_json(&json!(s), &json!({"type": ty}), &Value::Null)
            .expect("a valid definition")
    }

    fn nested(n: usize) -> String {
        format!("{}1{}", "[".repeat(n), "]".repeat(n))
    }

    #[test]
    fn depth_like_php() {
        assert!(d(nested(511).as_bytes()).is_some());
        assert!(d(nested(512).as_bytes()).is_none());
        let objects = format!("{}1{}", "{\"a\":".repeat(512), "}".repeat(512));
        assert!(d(objects.as_bytes()).is_none());
        assert!(d(&objects.as_bytes()[5..objects.len() - 1]).is_some());
    }

    #[test]
    fn php_semantics() {
        assert_eq!(
            d(b"[9223372036854775808]"),
            Some(json!([9223372036854775808.0]))
        );
        assert_eq!(d(b"[-9223372036854775808]"), Some(json!([i64::MIN])));
        assert_eq!(d(b"[-0]"), Some(json!([0])));
        assert_eq!(
            d(b"-0.0").map(|v| v.as_f64().map(f64::to_bits)),
            Some(Some((-0.0f64).to_bits()))
        );
        assert_eq!(d(br#"["\ud800"]"#), None);
        assert_eq!(d(br#"["\udc00"]"#), None);
        assert_eq!(d(br#"["\ud800\u0041"]"#), None);
        assert_eq!(d(br#"["\ud83d\ude00"]"#), Some(json!(["\u{1F600}"])));
        assert_eq!(d(b"[1,]"), None);
        assert_eq!(d(b"[01]"), None);
        assert_eq!(d(b"[\xff]"), None);
        assert_eq!(d(b""), None);
        assert_eq!(d(b" "), None);
        assert_eq!(d(b"\xef\xbb\xbf1"), None);
        assert_eq!(d(b"1 "), Some(json!(1)));
        assert_eq!(
            d(b" {\"a\" : [1, 2.5, true, null]} \n"),
            Some(json!({"a": [1, 2.5, true, null]}))
        );
        assert_eq!(d(b"[\"a\tb\"]"), None);
    }

    #[test]
    fn keys_like_php() {
        // The first place, the last value.
        assert_eq!(
            d(b"{\"a\":1,\"b\":2,\"a\":3}"),
            Some(json!({"a": 3, "b": 2}))
        );
        // "1" is the int key 1; "01" and "-0" stay strings.
        assert_eq!(
            d(b"{\"1\":1,\"01\":2,\"-0\":3,\"1\":4}"),
            Some(json!({"1": 4, "01": 2, "-0": 3}))
        );
        // Keys 0..n in order: a PHP list.
        assert_eq!(d(b"{\"0\":\"a\",\"1\":\"b\"}"), Some(json!(["a", "b"])));
        assert_eq!(
            d(b"{\"1\":\"a\",\"0\":\"b\"}"),
            Some(json!({"1": "a", "0": "b"}))
        );
        assert_eq!(d(b"{}"), Some(json!([])));
    }

    #[test]
    fn b1_refuses_non_finite_numbers_of_the_final_value() {
        assert_eq!(b1("[1e400]", "list"), json!("[1e400]"));
        assert_eq!(b1("[1, [2, -1e999]]", "list"), json!("[1, [2, -1e999]]"));
        assert_eq!(b1("{\"a\":1e400}", "map"), json!("{\"a\":1e400}"));
        // A repeated key: only the value PHP keeps counts.
        assert_eq!(b1("{\"a\":1e400,\"a\":1}", "map"), json!({"a": 1}));
        assert_eq!(
            b1("{\"a\":1,\"a\":1e400}", "map"),
            json!("{\"a\":1,\"a\":1e400}")
        );
        assert_eq!(
            b1("{\"a\":{\"x\":1e400,\"x\":2},\"b\":1e400,\"b\":0}", "map"),
            json!({"a": {"x": 2}, "b": 0})
        );
        assert_eq!(
            b1("{\"a\":1e400,\"b\":1,\"b\":2}", "map"),
            json!("{\"a\":1e400,\"b\":1,\"b\":2}")
        );
    }
}
