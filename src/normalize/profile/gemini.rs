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

use super::provider::{One, Provider};
use super::SchemaNode;
use super::{
    no_limits, text, value_types, Body, Id, Pass, Place, Schema, ARRAY, BOOLEAN, INTEGER, NUMBER,
    STRING,
};
use crate::error::Seg;
use crate::model::vocab::{cmp, Num};
use crate::sym::Sym;
use crate::view::{Build, Kind};
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

/// The provider.
pub struct Gemini;

/// Who the provider is.
pub const ID: Id = Id {
    name: "gemini",
    label: "Gemini",
    strict: false,
    limits: no_limits,
    budget: &[],
    input_examples: false,
};

impl Provider for Gemini {
    /// Allowed values can be written when they are strings, numbers that floats
    /// hold exactly, or both booleans (which say nothing beyond the type).
    fn values_writable<'v, N: SchemaNode<'v>>(values: &[N]) -> bool {
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
        // No boolean, or both.
        t == f
    }

    /// `default` and `examples[0]` (as `example`) are written, after
    /// `nullable: true`.
    const DEFAULT_NOTE: bool = false;
    const EXAMPLES_NOTES: bool = false;
    const NULL_AFTER: bool = true;

    fn after<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        pass: &mut Pass<'_, 'v, N, B>,
        o: &mut B::Obj,
        p: &Schema<'v, N>,
    ) {
        if p.nullable {
            let v = pass.b.bool(true);
            pass.b.put(o, Sym::Nullable, v);
        }
        if let Some(d) = p.default.filter(|d| !matches!(d.kind(), Kind::Null)) {
            let v = pass.b.share(d);
            pass.b.put(o, Sym::Default, v);
        }
        if let Some(e) = p.examples {
            let mut first = None;
            e.any(|_, v| {
                first = Some(v);
                true
            });
            if let Some(v) = first {
                let v = pass.b.share(v);
                pass.b.put(o, Sym::Example, v);
            }
        }
    }

    fn type_value<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) -> B::Val {
        o.pass.b.string(type_name(o.bit))
    }

    fn string<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        let mut pattern = o.p.patterns.first().copied().map(Pattern::Node);
        if let Some(f) = o.p.formats.first().copied() {
            match f.kind() {
                Kind::Str(b"date-time") => o.share(Sym::Format, f),
                Kind::Str(b"uuid") if pattern.is_none() => pattern = Some(Pattern::Uuid),
                _ => o.drop_format(f),
            }
        }
        match pattern {
            Some(Pattern::Node(n)) => o.share(Sym::Pattern, n),
            Some(Pattern::Uuid) => {
                let v = o.pass.b.string(UUID_PATTERN);
                o.put(Sym::Pattern, v);
            }
            None => {}
        }
        o.values(false, false, false);
        o.lengths();
    }

    /// Allowed numbers as ranges: one, or an `anyOf` of them.
    fn number<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>> {
        if let Some(m) = o.p.multiple_of {
            o.drop_multiple(m);
        }
        let Some(values) = o.p.values.take() else {
            bounds(o);
            return None;
        };
        let ranges = ranges(&values, o.bit == INTEGER);
        if ranges.len() > 1 {
            let mut branches = Vec::new();
            for (lo, hi) in ranges {
                let mut b = o.pass.b.obj();
                let t = o.pass.b.string(type_name(o.bit));
                o.pass.b.put(&mut b, Sym::Type, t);
                let v = o.pass.num(lo);
                o.pass.b.put(&mut b, Sym::Minimum, v);
                let v = o.pass.num(hi);
                o.pass.b.put(&mut b, Sym::Maximum, v);
                branches.push(o.pass.b.end_obj(b));
            }
            return Some(Body::Branches(branches));
        }
        if let Some((lo, hi)) = ranges.first() {
            o.nums([(Sym::Minimum, Some(*lo)), (Sym::Maximum, Some(*hi))]);
        }
        None
    }

    fn array<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        array_keys(o);
    }

    fn object<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        object_keys(o);
    }
}

/// A list's `items`, `minItems`, `maxItems` (`gemini_json` too).
pub(super) fn array_keys<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
    o.items();
    o.counts();
}

/// A map's `properties`, `required`, `additionalProperties` (a schema one
/// written for the profile), `minProperties`, `maxProperties` (`gemini_json`
/// too).
pub(super) fn object_keys<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
    if let Some(props) = o.p.properties {
        let (v, _) = o.pass.properties(props, o.p.required);
        o.put(Sym::Properties, v);
    }
    if let Some(r) = o.p.required {
        o.share(Sym::Required, r);
    }
    if let Some(a) = o.p.additional {
        if a.is_array() {
            o.pass.path.push(Seg::Sym(Sym::AdditionalProperties));
            let v = o.pass.node(a, Place::Inner);
            o.pass.path.pop();
            o.put(Sym::AdditionalProperties, v);
        } else {
            o.share(Sym::AdditionalProperties, a);
        }
    }
    o.counts();
}

enum Pattern<N> {
    Node(N),
    Uuid,
}

/// `minimum`/`maximum`: integer exclusive bounds as inclusive ones; a number's
/// exclusive bound as an inclusive one, with a warning (`gemini_json` too).
pub(super) fn bounds<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
    let bit = o.bit;
    let mut minimum = o.p.minimum;
    let mut maximum = o.p.maximum;
    if let Some(x) = o.p.exclusive_minimum {
        if bit == INTEGER {
            let lo = match x {
                Num::Int(i) => Num::Int(i.saturating_add(1)),
                Num::Float(f) => Num::Float(f.floor() + 1.0),
            };
            if minimum.is_none_or(|m| cmp(m, lo) == Ordering::Less) {
                minimum = Some(lo);
            }
        } else if minimum.is_none_or(|m| cmp(m, x) != Ordering::Greater) {
            o.drop_note(format!("Greater than {}.", text::num(x)));
            minimum = Some(x);
        }
    }
    if let Some(x) = o.p.exclusive_maximum {
        if bit == INTEGER {
            let hi = match x {
                Num::Int(i) => Num::Int(i.saturating_sub(1)),
                Num::Float(f) => Num::Float(f.ceil() - 1.0),
            };
            if maximum.is_none_or(|m| cmp(m, hi) == Ordering::Greater) {
                maximum = Some(hi);
            }
        } else if maximum.is_none_or(|m| cmp(m, x) != Ordering::Less) {
            o.drop_note(format!("Less than {}.", text::num(x)));
            maximum = Some(x);
        }
    }
    o.nums([
        (Sym::Minimum, minimum.map(|n| exact_float(n, true))),
        (Sym::Maximum, maximum.map(|n| exact_float(n, false))),
    ]);
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
fn ranges<'v, N: SchemaNode<'v>>(values: &[N], integer: bool) -> Vec<(Num, Num)> {
    let mut nums: Vec<Num> = values
        .iter()
        .filter(|v| value_types(**v) & NUMBER != 0)
        .filter_map(|v| text::num_of(*v))
        .map(|n| match n {
            Num::Float(f) if integer && f.fract() == 0.0 => Num::Int(f as i64),
            n => n,
        })
        .collect();
    nums.sort_by(|a, b| cmp(*a, *b));
    nums.dedup_by(|a, b| cmp(*a, *b) == Ordering::Equal);
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
