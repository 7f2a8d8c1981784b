//! `gemini`: the `parameters` of a Gemini function declaration, an OpenAPI 3.0
//! `Schema` subset (also what the Live API, LiteLLM and older SDKs send).
//!
//! The rules, from the Gemini API reference, "Schema"
//! (ai.google.dev/api/caching#Schema), and the function calling guide
//! (ai.google.dev/gemini-api/docs/function-calling):
//! - fields `type` (one of STRING, INTEGER, NUMBER, BOOLEAN, ARRAY, OBJECT,
//!   NULL; no lists), `format`, `title`, `description`, `nullable`, `enum`
//!   (strings), `maxItems`, `minItems`, `properties`, `required`,
//!   `minProperties`, `maxProperties`, `minLength`, `maxLength`, `pattern`,
//!   `example`, `anyOf`, `propertyOrdering`, `default`, `items`, `minimum`,
//!   `maximum`, `additionalProperties`; nothing else (`const`, `examples`,
//!   `exclusiveMinimum`, `oneOf`, `allOf`, `not`, `multipleOf` are refused);
//! - string formats: `date-time` and `enum` only.
//!
//! google-genai's `types.Schema` (3.6) has exactly these fields and forbids
//! others (`extra='forbid'`); `enum` is `list[str]`, `minimum`/`maximum` are
//! floats, `type` an enum (any case). What this profile writes validates and
//! dumps back unchanged (tests/profiles/sdk_check.py).
//!
//! Exact rewrites: `nullable: true` instead of a type list or a null branch;
//! one type per `anyOf` branch; a string `const` as a one-value `enum`;
//! integer and number values as `minimum`/`maximum` ranges (an `anyOf` of
//! ranges when they are not one run of consecutive integers); `true` and
//! `false` both allowed as just `BOOLEAN`; integer exclusive bounds as
//! inclusive ones; `format: uuid` as its pattern; `examples[0]` as `example`.

use super::{
    str_of, text, value_types, Body, Pass, ARRAY, BOOLEAN, INTEGER, K, NUMBER, OBJECT, STRING,
};
use super::{Parts, Place};
use crate::normalize::facets::Num;
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};
use std::cmp::Ordering;

/// RFC 4122's string form of a UUID (JSON Schema's `format: uuid`).
pub const UUID_PATTERN: &str =
    "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/// Integers beyond this lose precision as the floats `minimum`/`maximum` are.
const EXACT_FLOAT_INT: f64 = 9_007_199_254_740_992.0;

/// The type names.
pub fn type_name(bit: u8) -> &'static str {
    match bit {
        STRING => "STRING",
        INTEGER => "INTEGER",
        NUMBER => "NUMBER",
        BOOLEAN => "BOOLEAN",
        ARRAY => "ARRAY",
        _ => "OBJECT",
    }
}

/// Allowed values can be written when they are strings, numbers that floats
/// hold exactly, or both booleans (which say nothing beyond the type).
pub fn values_writable<'v, N: Node<'v>>(values: &[N]) -> bool {
    let mut t = false;
    let mut f = false;
    for v in values {
        match v.kind() {
            Kind::Str(_) => {}
            Kind::Int(i) if (i as f64).abs() <= EXACT_FLOAT_INT => {}
            Kind::Float(x) if x.abs() <= EXACT_FLOAT_INT => {}
            Kind::Bool(true) => t = true,
            Kind::Bool(false) => f = true,
            _ => return false,
        }
    }
    let bools = values.iter().any(|v| matches!(v.kind(), Kind::Bool(_)));
    !bools || (t && f)
}

/// The keywords of one type.
pub fn single<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: &mut Parts<'v, N>,
    bit: u8,
    notes: &mut Vec<String>,
) -> Body<'v, N, B::Val> {
    let mut keys: Vec<(K<N::Key>, B::Val)> = Vec::new();
    let t = pass.b.string(type_name(bit));
    keys.push((K::S(Sym::Type), t));
    let values = p.values.take();
    match bit {
        STRING => {
            let mut pattern = p.patterns.first().copied().map(Pattern::Node);
            if let Some(f) = p.formats.first().copied() {
                match f.kind() {
                    Kind::Str(b"date-time") => {
                        let v = pass.b.share(f);
                        keys.push((K::S(Sym::Format), v));
                    }
                    Kind::Str(b"uuid") if pattern.is_none() => pattern = Some(Pattern::Uuid),
                    _ => pass.drop_note(notes, format!("Format: {}.", str_of(f))),
                }
            }
            match pattern {
                Some(Pattern::Node(n)) => {
                    let v = pass.b.share(n);
                    keys.push((K::S(Sym::Pattern), v));
                }
                Some(Pattern::Uuid) => {
                    let v = pass.b.string(UUID_PATTERN);
                    keys.push((K::S(Sym::Pattern), v));
                }
                None => {}
            }
            if let Some(values) = values {
                let (_, v) = pass.values(&values, false, false);
                keys.push((K::S(Sym::Enum), v));
            }
            for (sym, v) in [
                (Sym::MinLength, p.min_length),
                (Sym::MaxLength, p.max_length),
            ] {
                if let Some(i) = v {
                    let v = pass.b.int(i);
                    keys.push((K::S(sym), v));
                }
            }
        }
        INTEGER | NUMBER => {
            if let Some(m) = p.multiple_of {
                pass.drop_note(notes, format!("A multiple of {}.", text::num(m)));
            }
            if let Some(values) = values {
                let ranges = ranges(&values, bit == INTEGER);
                if ranges.len() > 1 {
                    let mut branches = Vec::new();
                    for (lo, hi) in ranges {
                        let mut o = pass.b.obj();
                        let t = pass.b.string(type_name(bit));
                        pass.b.put(&mut o, Sym::Type, t);
                        let v = pass.num(lo);
                        pass.b.put(&mut o, Sym::Minimum, v);
                        let v = pass.num(hi);
                        pass.b.put(&mut o, Sym::Maximum, v);
                        branches.push(pass.b.end_obj(o));
                    }
                    return Body::Branches(branches);
                }
                if let Some((lo, hi)) = ranges.first() {
                    let v = pass.num(*lo);
                    keys.push((K::S(Sym::Minimum), v));
                    let v = pass.num(*hi);
                    keys.push((K::S(Sym::Maximum), v));
                }
            } else {
                bounds(pass, p, bit, notes, &mut keys);
            }
        }
        ARRAY => array_keys(pass, p, &mut keys),
        OBJECT => object_keys(pass, p, &mut keys),
        _ => {}
    }
    if let Some(list) = p.any_of.take() {
        let branches = pass.branches(list);
        let v = pass.arr(branches);
        keys.push((K::S(Sym::AnyOf), v));
    }
    Body::Keys(keys)
}

/// A list's `items`, `minItems`, `maxItems` (`gemini_json` too).
pub fn array_keys<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: &Parts<'v, N>,
    keys: &mut Vec<(K<N::Key>, B::Val)>,
) {
    if let Some(items) = p.items {
        let v = pass.items(items);
        keys.push((K::S(Sym::Items), v));
    }
    for (sym, v) in [(Sym::MinItems, p.min_items), (Sym::MaxItems, p.max_items)] {
        if let Some(i) = v {
            let v = pass.b.int(i);
            keys.push((K::S(sym), v));
        }
    }
}

/// A map's `properties`, `required`, `additionalProperties` (a schema one
/// written for the profile), `minProperties`, `maxProperties` (`gemini_json`
/// too).
pub fn object_keys<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: &Parts<'v, N>,
    keys: &mut Vec<(K<N::Key>, B::Val)>,
) {
    if let Some(props) = p.properties {
        let (v, _) = pass.properties(props, p.required);
        keys.push((K::S(Sym::Properties), v));
    }
    if let Some(r) = p.required {
        let v = pass.b.share(r);
        keys.push((K::S(Sym::Required), v));
    }
    if let Some(a) = p.additional {
        let v = if a.is_array() {
            pass.path
                .push(crate::error::Seg::Sym(Sym::AdditionalProperties));
            let v = pass.node(a, Place::Inner);
            pass.path.pop();
            v
        } else {
            pass.b.share(a)
        };
        keys.push((K::S(Sym::AdditionalProperties), v));
    }
    for (sym, v) in [
        (Sym::MinProperties, p.min_properties),
        (Sym::MaxProperties, p.max_properties),
    ] {
        if let Some(i) = v {
            let v = pass.b.int(i);
            keys.push((K::S(sym), v));
        }
    }
}

enum Pattern<N> {
    Node(N),
    Uuid,
}

/// `minimum`/`maximum`: integer exclusive bounds as inclusive ones; a number's
/// exclusive bound as an inclusive one, with a warning (`gemini_json` too).
pub fn bounds<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: &Parts<'v, N>,
    bit: u8,
    notes: &mut Vec<String>,
    keys: &mut Vec<(K<N::Key>, B::Val)>,
) {
    let mut minimum = p.minimum;
    let mut maximum = p.maximum;
    if let Some(x) = p.exclusive_minimum {
        if bit == INTEGER {
            let lo = match x {
                Num::Int(i) => Num::Int(i.saturating_add(1)),
                Num::Float(f) => Num::Float(f.floor() + 1.0),
            };
            if minimum.is_none_or(|m| text::cmp(m, lo) == Ordering::Less) {
                minimum = Some(lo);
            }
        } else if minimum.is_none_or(|m| text::cmp(m, x) != Ordering::Greater) {
            pass.drop_note(notes, format!("Greater than {}.", text::num(x)));
            minimum = Some(x);
        }
    }
    if let Some(x) = p.exclusive_maximum {
        if bit == INTEGER {
            let hi = match x {
                Num::Int(i) => Num::Int(i.saturating_sub(1)),
                Num::Float(f) => Num::Float(f.ceil() - 1.0),
            };
            if maximum.is_none_or(|m| text::cmp(m, hi) == Ordering::Greater) {
                maximum = Some(hi);
            }
        } else if maximum.is_none_or(|m| text::cmp(m, x) != Ordering::Less) {
            pass.drop_note(notes, format!("Less than {}.", text::num(x)));
            maximum = Some(x);
        }
    }
    for (sym, v, up) in [
        (Sym::Minimum, minimum, true),
        (Sym::Maximum, maximum, false),
    ] {
        if let Some(n) = v {
            let v = pass.num(exact_float(n, up));
            keys.push((K::S(sym), v));
        }
    }
}

/// `minimum`/`maximum` are floats: an int bound a float cannot hold exactly
/// (beyond 2^53) is moved inward to the nearest one that it can (up for a
/// minimum, down for a maximum), so the bound never lets more through; the
/// int64 limits of every integer (2^63 - 1) become 2^63 - 1024.
pub fn exact_float(n: Num, up: bool) -> Num {
    let Num::Int(v) = n else { return n };
    if v == i64::MIN {
        return n;
    }
    let a = v.unsigned_abs();
    let bits = 64 - a.leading_zeros();
    if bits <= 53 {
        return n;
    }
    let mask = (1u64 << (bits - 53)) - 1;
    if a & mask == 0 {
        return n;
    }
    let toward_zero = a & !mask;
    let away = toward_zero + mask + 1;
    // Up for a positive number (or down for a negative one) is away from zero.
    let magnitude = if up == (v > 0) { away } else { toward_zero };
    if v > 0 {
        match i64::try_from(magnitude) {
            Ok(m) => Num::Int(m),
            // 2^63: no int64 is that large.
            Err(_) => Num::Float(9_223_372_036_854_775_808.0),
        }
    } else if magnitude == 1u64 << 63 {
        Num::Int(i64::MIN)
    } else {
        Num::Int(-(magnitude as i64))
    }
}

/// The values as `(min, max)` ranges, ascending: runs of consecutive integers
/// for an integer, one range per value for a number.
fn ranges<'v, N: Node<'v>>(values: &[N], integer: bool) -> Vec<(Num, Num)> {
    let mut nums: Vec<Num> = values
        .iter()
        .filter(|v| value_types(**v) & NUMBER != 0)
        .filter_map(|v| text::num_of(*v))
        .map(|n| match n {
            Num::Float(f) if integer && f.fract() == 0.0 => Num::Int(f as i64),
            n => n,
        })
        .collect();
    nums.sort_by(|a, b| text::cmp(*a, *b));
    nums.dedup_by(|a, b| text::cmp(*a, *b) == Ordering::Equal);
    let mut out: Vec<(Num, Num)> = Vec::new();
    for n in nums {
        if let (true, Some(last), Num::Int(i)) = (integer, out.last_mut(), n) {
            if let Num::Int(h) = last.1 {
                if h.checked_add(1) == Some(i) {
                    last.1 = n;
                    continue;
                }
            }
        }
        out.push((n, n));
    }
    out
}

/// The finished node: annotations, `nullable`, `default`, `example`.
pub fn finish<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: Parts<'v, N>,
    body: Body<'v, N, B::Val>,
    notes: Vec<String>,
) -> B::Val {
    let mut o = pass.b.obj();
    pass.texts(&mut o, &p, &notes);
    match body {
        Body::Keys(keys) => pass.put_all(&mut o, keys),
        Body::Branches(branches) => {
            let v = pass.arr(branches);
            pass.b.put(&mut o, Sym::AnyOf, v);
        }
        other => {
            let v = pass.close(other);
            let v = pass.arr(vec![v]);
            pass.b.put(&mut o, Sym::AnyOf, v);
        }
    }
    if p.nullable {
        let v = pass.b.bool(true);
        pass.b.put(&mut o, Sym::Nullable, v);
    }
    if let Some(d) = p.default {
        if !matches!(d.kind(), Kind::Null) {
            let v = pass.b.share(d);
            pass.b.put(&mut o, Sym::Default, v);
        }
    }
    if let Some(e) = p.examples {
        let mut first = None;
        let _ = e.try_each(|_, v| {
            first = Some(v);
            Err(())
        });
        if let Some(v) = first {
            let v = pass.b.share(v);
            pass.b.put(&mut o, Sym::Example, v);
        }
    }
    pass.b.end_obj(o)
}
