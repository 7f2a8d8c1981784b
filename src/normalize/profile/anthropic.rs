//! `anthropic`: strict tool use (`"strict": true`, structured outputs).
//!
//! The rules, from Anthropic's guide "Structured outputs", section "JSON
//! Schema limitations" (platform.claude.com/docs/en/build-with-claude/
//! structured-outputs):
//! - supported: the basic types, `enum` of strings, numbers, booleans and
//!   nulls (no complex types), `const`, `anyOf`, `allOf` (limited), local
//!   `$ref`/`$defs`, `required`, `additionalProperties: false` (required on
//!   every object), string formats date-time, time, date, duration, email,
//!   hostname, uri, ipv4, ipv6, uuid, and `minItems` of 0 or 1;
//! - not supported: numerical constraints (`minimum`, `maximum`,
//!   `multipleOf`, ...), string constraints (`minLength`, `maxLength`), array
//!   constraints beyond `minItems` 0/1, `additionalProperties` other than
//!   false, recursive schemas; `oneOf` is refused (a 400);
//! - per request: at most 20 strict tools, 24 optional parameters and 16
//!   parameters with union types (`anyOf` or type arrays) over all strict
//!   schemas.
//!
//! The SDK's own rewriter (`anthropic.transform_schema`, anthropic-sdk-python
//! 2.14, `lib/_parse/_transform.py`) keeps only `type` (one name; a type list
//! makes it fail), `enum`/`const` of primitives (and then drops `type`),
//! `anyOf` (`oneOf` becomes `anyOf`), `allOf` (and then drops `type`),
//! `description`, `title`, for objects `properties` (always written),
//! `additionalProperties: false` (always written) and `required`, for strings
//! its `format`s, for arrays `items` and `minItems` 0 or 1; every other
//! keyword (`pattern` included) is moved into the description. What this
//! profile writes is a fixed point of it (tests/profiles/sdk_check.py), so a
//! `pattern` is dropped with a warning here although the guide lists a regex
//! subset as supported.
//!
//! Exact rewrites: null as a `null` in the `enum`, or an `anyOf` branch;
//! an optional property is written without null (the model leaves it out,
//! and Drupal reads a missing optional input as null), which keeps it off the
//! union count; allowed values without `type`; integer bounds that leave
//! fewer than 64 values as an `enum`; `default` and `examples` into the
//! description; several types as an `anyOf` of one type each.

use super::provider::{One, Provider};
use super::SchemaNode;
use super::{limit, openai, text, Body, Id, Limit, Schema, Stats, INTEGER};
use crate::model::vocab::Num;
use crate::sym::Sym;
use crate::view::Build;

/// The formats `transform_schema` keeps (the guide lists the same): openai's
/// and `uri`.
fn known_format(f: &[u8]) -> bool {
    f == b"uri" || openai::FORMATS.contains(&f)
}

/// Integer bounds leaving fewer values than this become an `enum`.
pub const MAX_RANGE_ENUM: i64 = 64;
pub const MAX_OPTIONAL: usize = 24;
pub const MAX_UNIONS: usize = 16;

/// The integers `lo..=hi` the bounds allow, when both are finite.
fn integer_range<'v, N: SchemaNode<'v>>(p: &Schema<'v, N>) -> Option<(i64, i64)> {
    let lo = [
        p.minimum.and_then(|m| rounded(m, f64::ceil)),
        p.exclusive_minimum
            .and_then(|m| rounded(m, f64::floor))
            .map(|x| x.saturating_add(1)),
    ]
    .into_iter()
    .flatten()
    .max()?;
    let hi = [
        p.maximum.and_then(|m| rounded(m, f64::floor)),
        p.exclusive_maximum
            .and_then(|m| rounded(m, f64::ceil))
            .map(|x| x.saturating_sub(1)),
    ]
    .into_iter()
    .flatten()
    .min()?;
    Some((lo, hi))
}

/// `n` as an integer, a float rounded by `round` (none when too large to
/// round exactly).
fn rounded(n: Num, round: fn(f64) -> f64) -> Option<i64> {
    match n {
        Num::Int(i) => Some(i),
        Num::Float(f) if f.abs() < 9.0e15 => Some(round(f) as i64),
        Num::Float(_) => None,
    }
}

/// Notes for the bounds and `multipleOf` of a number, all dropped.
fn drop_bounds<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
    for (n, word) in [
        (o.p.minimum, "At least"),
        (o.p.exclusive_minimum, "Greater than"),
        (o.p.maximum, "At most"),
        (o.p.exclusive_maximum, "Less than"),
    ] {
        if let Some(n) = n {
            o.drop_note(format!("{word} {}.", text::num(n)));
        }
    }
    if let Some(m) = o.p.multiple_of {
        o.drop_multiple(m);
    }
}

/// The provider.
pub struct Anthropic;

/// Who the provider is.
pub const ID: Id = Id {
    name: "anthropic",
    label: "Anthropic strict tool use",
    strict: true,
    limits,
    budget: BUDGET,
    // Anthropic's tool definitions take `input_examples` (issue 30).
    input_examples: true,
};

/// The per-request limits ("JSON Schema limitations" of strict tool use).
const BUDGET: &[Limit] = &[
    limit(|_| 1, MAX_STRICT_TOOLS, "strict tools"),
    limit(
        |s| s.optional_properties,
        MAX_OPTIONAL,
        "optional parameters",
    ),
    limit(
        |s| s.union_properties,
        MAX_UNIONS,
        "parameters with union types",
    ),
];

/// Strict tools per request.
pub const MAX_STRICT_TOOLS: usize = 20;

impl Anthropic {
    /// Integer bounds that leave fewer than [`MAX_RANGE_ENUM`] values, as an
    /// `enum` of them; other bounds and `multipleOf` into the notes.
    fn integer<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>> {
        let multiple = match o.p.multiple_of {
            Some(Num::Int(m)) => Some(m),
            _ => None,
        };
        match integer_range(o.p) {
            Some((lo, hi))
                if hi >= lo && i128::from(hi) - i128::from(lo) < i128::from(MAX_RANGE_ENUM) =>
            {
                if let (None, Some(m)) = (multiple, o.p.multiple_of) {
                    o.drop_multiple(m);
                }
                let values: Vec<i64> = (lo..=hi)
                    .filter(|i| multiple.is_none_or(|m| i % m == 0))
                    .collect();
                if !values.is_empty() {
                    return Some(Body::Ints(values));
                }
                o.drop_note(NO_INTEGER.to_owned());
            }
            Some((lo, hi)) if hi < lo => o.drop_note(NO_INTEGER.to_owned()),
            _ => drop_bounds(o),
        }
        None
    }
}

const NO_INTEGER: &str = "No value is allowed: no integer satisfies the bounds.";

impl Provider for Anthropic {
    fn values_alone<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>> {
        let values = o.p.values.take()?;
        // `transform_schema` drops `type` beside allowed values, and moves
        // every other keyword into the description.
        if let Some(f) = o.p.formats.first().copied() {
            o.drop_format(f);
        }
        if let Some(pat) = o.p.patterns.first().copied() {
            o.drop_pattern(pat);
        }
        if let Some(m) = o.p.multiple_of {
            o.drop_multiple(m);
        }
        o.pass.count_values(&values);
        Some(Body::Values(values, o.p.is_const))
    }

    fn string<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.known_format(known_format);
        if let Some(pat) = o.p.patterns.first().copied() {
            o.drop_pattern(pat);
        }
        let (min, max) = (o.p.min_length, o.p.max_length);
        o.drop_counts(min, max, "character", "characters");
    }

    fn number<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>> {
        if o.bit == INTEGER {
            return Self::integer(o);
        }
        drop_bounds(o);
        None
    }

    fn array<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.items();
        // A lower count of 0 or 1 only; the others in the notes.
        let [min, max] = o.p.counts(o.bit);
        let written = matches!(min, Some(0 | 1));
        if written {
            o.count_ints([min, None]);
        }
        o.drop_counts(min.filter(|_| !written), max, "item", "items");
    }

    fn object<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.strict_properties();
        // Optional properties stay optional (left out, not null).
        if let Some(r) = o.p.required {
            o.share(Sym::Required, r);
        }
        o.strict_additional();
    }

    /// Allowed values are written as they are when none is an array or a map.
    fn values_writable<'v, N: SchemaNode<'v>>(values: &[N]) -> bool {
        values.iter().all(|v| !v.is_array())
    }

    /// An optional property is written without null (the model leaves it
    /// out, and Drupal reads a missing optional input as null).
    const OPTIONAL_NULL: bool = false;

    /// Allowed values without `type`: one `enum` of every type.
    const VALUE_BRANCHES: bool = false;

    fn any_of<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
        list: N,
    ) -> Vec<B::Val> {
        // `transform_schema` writes no `type` beside `anyOf`.
        o.pass.impossible("anyOf beside other keywords");
        o.pass.branches(list)
    }
}

/// The per-request counts, for this schema alone.
fn limits(s: &Stats) -> Vec<String> {
    let mut found = Vec::new();
    let optional = s.optional_properties;
    let unions = s.union_properties;
    if optional > MAX_OPTIONAL {
        found.push(format!("Anthropic strict tool use allows at most {MAX_OPTIONAL} optional parameters per request; this tool alone has {optional}"));
    }
    if unions > MAX_UNIONS {
        found.push(format!("Anthropic strict tool use allows at most {MAX_UNIONS} parameters with union types per request; this tool alone has {unions}"));
    }
    found
}
