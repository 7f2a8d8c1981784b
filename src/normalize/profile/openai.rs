//! `openai`: strict function calling and Structured Outputs.
//!
//! The rules, from OpenAI's guide "Structured model outputs", section
//! "Supported schemas" (platform.openai.com/docs/guides/structured-outputs):
//! - types string, number, boolean, integer, object, array, enum and `anyOf`;
//!   the root is an object, not an `anyOf`;
//! - strings: `pattern`, `format` (date-time, time, date, duration, email,
//!   hostname, ipv4, ipv6, uuid); `minLength`/`maxLength` are listed as
//!   unsupported for fine-tuned models only;
//! - numbers: `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`,
//!   `exclusiveMinimum`; arrays: `minItems`, `maxItems`;
//! - every property listed in `required` (an optional one is written as a
//!   union with null) and `additionalProperties: false` on every object;
//! - not supported: `allOf`, `not`, `if`/`then`/`else`, `dependentRequired`,
//!   `dependentSchemas`, `patternProperties`, `minProperties`,
//!   `maxProperties`, `oneOf` (only `anyOf` is listed), `default`; regex
//!   lookarounds and backreferences are refused;
//! - limits: 5,000 object properties in total, 10 levels of nesting, 1,000
//!   enum values in total, 120,000 characters of property names, enum and
//!   const values, and 15,000 characters for one enum of more than 250
//!   string values.
//!
//! The SDK's own helper (`openai.lib._pydantic._ensure_strict_json_schema`,
//! openai-python 3.57) sets `additionalProperties: false` on objects that
//! lack it, sets `required` to every property name in order (`[]` when there
//! are none), unwraps a one-entry `allOf` and removes `default: null`: what
//! this profile writes is a fixed point of it (tests/profiles/sdk_check.py).
//!
//! Exact rewrites: null as `anyOf: [X, {"type": "null"}]` (a `oneOf` with a
//! null branch included: the branches are disjoint); every property in
//! `required` (an optional input accepts null, and Drupal reads a missing
//! optional input as null); `default` and `examples` into the description;
//! several types as an `anyOf` of one type each.

use super::Parts;
use super::{
    str_of, type_sym, Body, Pass, Place, ARRAY, BOOLEAN, INTEGER, K, LIMIT_EXCEEDED, NUMBER,
    OBJECT, STRING,
};
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};

/// The documented string formats.
pub const FORMATS: [&[u8]; 9] = [
    b"date-time",
    b"time",
    b"date",
    b"duration",
    b"email",
    b"hostname",
    b"ipv4",
    b"ipv6",
    b"uuid",
];

pub const MAX_PROPERTIES: usize = 5000;
pub const MAX_NESTING: usize = 10;
pub const MAX_ENUM_VALUES: usize = 1000;
pub const MAX_STRING_LENGTH: usize = 120_000;

/// The keywords of one type.
pub fn single<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: &mut Parts<'v, N>,
    bit: u8,
    notes: &mut Vec<String>,
) -> Body<'v, N, B::Val> {
    let mut keys: Vec<(K<N::Key>, B::Val)> = Vec::new();
    let v = pass.b.sym(type_sym(bit));
    keys.push((K::S(Sym::Type), v));
    if bit == STRING {
        pass.known_format(p, &FORMATS, &mut keys, notes);
        if let Some(pat) = p.patterns.first().copied() {
            if matches!(pat.kind(), Kind::Str(s) if has_lookaround_or_backref(s)) {
                pass.drop_note(
                    notes,
                    format!("Must match the regular expression `{}`.", str_of(pat)),
                );
            } else {
                let v = pass.b.share(pat);
                keys.push((K::S(Sym::Pattern), v));
            }
        }
    }
    if let Some(values) = p.values.take() {
        pass.count_values(&values);
        let (k, v) = pass.values(&values, p.is_const, false);
        keys.push((K::S(k), v));
    }
    if bit == STRING {
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
    if bit == INTEGER || bit == NUMBER {
        for (sym, v) in [
            (Sym::Minimum, p.minimum),
            (Sym::ExclusiveMinimum, p.exclusive_minimum),
            (Sym::Maximum, p.maximum),
            (Sym::ExclusiveMaximum, p.exclusive_maximum),
            (Sym::MultipleOf, p.multiple_of),
        ] {
            if let Some(n) = v {
                let v = pass.num(n);
                keys.push((K::S(sym), v));
            }
        }
    }
    if bit == ARRAY {
        match p.items {
            Some(items) => {
                let v = pass.items(items);
                keys.push((K::S(Sym::Items), v));
            }
            None => pass.impossible("a list without an item definition"),
        }
        for (sym, v) in [(Sym::MinItems, p.min_items), (Sym::MaxItems, p.max_items)] {
            if let Some(i) = v {
                let v = pass.b.int(i);
                keys.push((K::S(sym), v));
            }
        }
    }
    if bit == OBJECT {
        if let Some((props, names)) = pass.strict_properties(p) {
            keys.push((K::S(Sym::Properties), props));
            // Every property, in order.
            let mut req = pass.b.arr();
            for n in names {
                let v = pass.b.key_string(n);
                pass.b.push(&mut req, v);
            }
            let req = pass.b.end_arr(req);
            keys.push((K::S(Sym::Required), req));
        }
        pass.strict_additional(p, &mut keys, notes);
    }
    if bit == BOOLEAN {
        // Nothing but the type.
    }
    if let Some(list) = p.any_of.take() {
        let branches = pass.branches(list);
        let v = pass.arr(branches);
        keys.push((K::S(Sym::AnyOf), v));
    }
    Body::Keys(keys)
}

/// The finished node: annotations, and null as an `anyOf` branch.
pub fn finish<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: Parts<'v, N>,
    body: Body<'v, N, B::Val>,
    mut notes: Vec<String>,
    place: Place,
) -> B::Val {
    pass.annotation_notes(&p, &mut notes);
    let mut o = pass.b.obj();
    pass.texts(&mut o, &p, &notes);
    let union = p.nullable || matches!(body, Body::Branches(_));
    if union && matches!(place, Place::OptionalProperty | Place::RequiredProperty) {
        pass.stats.union_properties += 1;
    }
    match body {
        Body::Keys(keys) if !p.nullable => pass.put_all(&mut o, keys),
        Body::Keys(keys) => {
            let inner = pass.close(Body::<N, B::Val>::Keys(keys));
            let null = pass.null_schema("null");
            let v = pass.arr(vec![inner, null]);
            pass.b.put(&mut o, Sym::AnyOf, v);
        }
        Body::Branches(mut branches) => {
            if p.nullable {
                let null = pass.null_schema("null");
                branches.push(null);
            }
            let v = pass.arr(branches);
            pass.b.put(&mut o, Sym::AnyOf, v);
        }
        other => {
            // Allowed values alone (not written by this profile).
            let mut branches = vec![pass.close(other)];
            if p.nullable {
                branches.push(pass.null_schema("null"));
            }
            let v = pass.arr(branches);
            pass.b.put(&mut o, Sym::AnyOf, v);
        }
    }
    pass.b.end_obj(o)
}

/// The size limits, over the whole schema.
pub fn limits<B>(pass: &mut Pass<'_, '_, B>) {
    let s = &pass.stats;
    let mut found = Vec::new();
    for (count, max, what) in [
        (s.properties, MAX_PROPERTIES, "object properties"),
        (s.max_object_depth, MAX_NESTING, "levels of nested objects"),
        (s.enum_values, MAX_ENUM_VALUES, "enum values"),
        (
            s.string_length,
            MAX_STRING_LENGTH,
            "characters of property names and enum values",
        ),
    ] {
        if count > max {
            found.push(format!("{count} {what} (at most {max})"));
        }
    }
    for at in s.long_enums.clone() {
        let at = if at.is_empty() {
            "(root)".to_owned()
        } else {
            at
        };
        found.push(format!(
            "an enum of more than 250 strings longer than 15000 characters in total at {at}"
        ));
    }
    for f in found {
        pass.warn(
            LIMIT_EXCEEDED,
            format!("OpenAI strict mode refuses this schema: {f}"),
        );
    }
}

/// Lookarounds and backreferences: constructs the strict modes' regex
/// engines refuse.
pub fn has_lookaround_or_backref(p: &[u8]) -> bool {
    let mut i = 0;
    let mut class = false;
    while i < p.len() {
        match p[i] {
            b'\\' => {
                if !class {
                    if let Some(&c) = p.get(i + 1) {
                        if c.is_ascii_digit() && c != b'0' || c == b'k' {
                            return true;
                        }
                    }
                }
                i += 2;
                continue;
            }
            b'[' => class = true,
            b']' => class = false,
            b'(' if !class => {
                let rest = &p[i + 1..];
                if rest.starts_with(b"?=")
                    || rest.starts_with(b"?!")
                    || rest.starts_with(b"?<=")
                    || rest.starts_with(b"?<!")
                {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}
