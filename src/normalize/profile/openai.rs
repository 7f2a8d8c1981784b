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

use super::provider::{One, Provider};
use super::SchemaNode;
use super::{limit, Body, Id, Limit, Stats};
use crate::sym::Sym;
use crate::view::{Build, Kind};

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

/// Who the provider is.
pub const ID: Id = Id {
    name: "openai",
    label: "OpenAI strict mode",
    strict: true,
    limits,
    budget: BUDGET,
    input_examples: false,
};

/// The per-request limits: the guide states them per schema; the request's
/// strict tools are counted together, the reading that can never be refused.
const BUDGET: &[Limit] = &[
    limit(|s| s.properties, MAX_PROPERTIES, "object properties"),
    limit(|s| s.enum_values, MAX_ENUM_VALUES, "enum values"),
    limit(
        |s| s.string_length,
        MAX_STRING_LENGTH,
        "characters of property names and enum values",
    ),
];

/// The provider.
pub struct OpenAi;

impl Provider for OpenAi {
    fn string<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.known_format(|f| FORMATS.contains(&f));
        if let Some(pat) = o.p.patterns.first().copied() {
            if matches!(pat.kind(), Kind::Str(s) if has_lookaround_or_backref(s)) {
                o.drop_pattern(pat);
            } else {
                o.share(Sym::Pattern, pat);
            }
        }
        o.values(true, true, false);
        o.lengths();
    }

    fn number<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>> {
        o.values(true, true, false);
        o.nums([
            (Sym::Minimum, o.p.minimum),
            (Sym::ExclusiveMinimum, o.p.exclusive_minimum),
            (Sym::Maximum, o.p.maximum),
            (Sym::ExclusiveMaximum, o.p.exclusive_maximum),
            (Sym::MultipleOf, o.p.multiple_of),
        ]);
        None
    }

    fn array<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.values(true, true, false);
        if !o.items() {
            o.pass.impossible("a list without an item definition");
        }
        o.counts();
    }

    fn object<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.values(true, true, false);
        if let Some(names) = o.strict_properties() {
            // Every property, in order.
            let mut req = o.pass.b.arr();
            for n in names {
                let v = o.pass.b.key_string(n);
                o.pass.b.push(&mut req, v);
            }
            let req = o.pass.b.end_arr(req);
            o.put(Sym::Required, req);
        }
        o.strict_additional();
    }

    fn boolean<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.values(true, true, false);
    }
}

/// The size limits, over the whole schema.
fn limits(s: &Stats) -> Vec<String> {
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
    for at in &s.long_enums {
        let at = if at.is_empty() { "(root)" } else { at.as_str() };
        found.push(format!(
            "an enum of more than 250 strings longer than 15000 characters in total at {at}"
        ));
    }
    found
        .into_iter()
        .map(|f| format!("OpenAI strict mode refuses this schema: {f}"))
        .collect()
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
