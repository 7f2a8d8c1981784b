//! `gemini_json`: the `parametersJsonSchema` of a Gemini function
//! declaration, JSON Schema instead of the OpenAPI `Schema` of `parameters`
//! (the `gemini` profile).
//!
//! google-genai (3.6) types `FunctionDeclaration.parameters_json_schema` as
//! `Any` and sends it as it is; its own statement of the subset Gemini takes
//! there is `types.JSONSchema` ("a subset of JSON Schema according to 2020-12
//! JSON Schema draft ... used by the Gemini model"), a pydantic model with
//! extra keys forbidden and these fields only: `type` (a lower-case name or a
//! list of them, `null` included), `format` (any string), `title`,
//! `description`, `default`, `items`, `minItems`, `maxItems`, `enum` (any
//! values), `properties`, `required`, `minProperties`, `maxProperties`,
//! `minimum`, `maximum` (floats), `minLength`, `maxLength`, `pattern`,
//! `additionalProperties`, `anyOf`, `oneOf`, `uniqueItems`, `$ref`, `$defs`.
//! No `const`, `not`, `allOf`, `exclusiveMinimum`, `exclusiveMaximum`,
//! `multipleOf`, `examples`. What this profile writes validates against that
//! model (tests/profiles/sdk_check.py).
//!
//! So the canonical schema is kept but for those keywords. Exact rewrites: a
//! `const` as a one-value `enum`; integer exclusive bounds as inclusive ones;
//! `examples` into the description; null as `"null"` in a type list (with
//! `null` in the `enum`), or a `{"type": "null"}` branch beside other
//! branches, whatever the nullable style; int bounds a float cannot hold
//! (beyond 2^53) moved inward (`gemini::bounds`, stricter, never looser).
//! Loosenings (warning, and said in the description): `not`, `multipleOf`, a
//! number's exclusive bound (written as the inclusive one), a second
//! `pattern`/`format` (`allOf`), other keywords of base schemas. No strict
//! mode, no size limits.

use super::{gemini, text, type_sym, Body, Parts, Pass, ARRAY, INTEGER, K, NUMBER, OBJECT, STRING};
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};

/// The keywords of one type; `type` lists `"null"` (and `enum` holds null)
/// when the node is nullable.
pub fn single<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    p: &mut Parts<'v, N>,
    bit: u8,
    notes: &mut Vec<String>,
) -> Body<'v, N, B::Val> {
    let mut keys: Vec<(K<N::Key>, B::Val)> = Vec::new();
    let t = if p.nullable {
        let mut a = pass.b.arr();
        let v = pass.b.sym(type_sym(bit));
        pass.b.push(&mut a, v);
        let v = pass.b.string("null");
        pass.b.push(&mut a, v);
        pass.b.end_arr(a)
    } else {
        pass.b.sym(type_sym(bit))
    };
    keys.push((K::S(Sym::Type), t));
    if bit == STRING {
        if let Some(f) = p.formats.first().copied() {
            let v = pass.b.share(f);
            keys.push((K::S(Sym::Format), v));
        }
        if let Some(pat) = p.patterns.first().copied() {
            let v = pass.b.share(pat);
            keys.push((K::S(Sym::Pattern), v));
        }
    }
    if let Some(values) = p.values.take() {
        let (_, v) = pass.values(&values, false, p.nullable);
        keys.push((K::S(Sym::Enum), v));
    }
    match bit {
        STRING => {
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
            gemini::bounds(pass, p, bit, notes, &mut keys);
        }
        ARRAY => gemini::array_keys(pass, p, &mut keys),
        OBJECT => gemini::object_keys(pass, p, &mut keys),
        _ => {}
    }
    if let Some(list) = p.any_of.take() {
        let mut branches = pass.branches(list);
        if p.nullable {
            // The type list lets null in; the alternatives must too.
            branches.push(pass.null_schema("null"));
        }
        let v = pass.arr(branches);
        keys.push((K::S(Sym::AnyOf), v));
    }
    Body::Keys(keys)
}

/// The finished node: annotations (`examples` in the description), null as
/// a branch of several, `default`.
pub fn finish<'v, N: Node<'v>, B: Build<'v, N>>(
    pass: &mut Pass<'_, 'v, B>,
    mut p: Parts<'v, N>,
    body: Body<'v, N, B::Val>,
    mut notes: Vec<String>,
) -> B::Val {
    // `default` stays a keyword: only `examples` goes into the notes.
    let default = p.default.take();
    pass.annotation_notes(&p, &mut notes);
    let mut o = pass.b.obj();
    pass.texts(&mut o, &p, &notes);
    match body {
        // A nullable node's own keys carry null in their type list.
        Body::Keys(keys) => pass.put_all(&mut o, keys),
        Body::Branches(mut branches) => {
            if p.nullable {
                branches.push(pass.null_schema("null"));
            }
            let v = pass.arr(branches);
            pass.b.put(&mut o, Sym::AnyOf, v);
        }
        other => {
            // Allowed values alone (not written by this profile).
            let v = pass.close(other);
            let v = pass.arr(vec![v]);
            pass.b.put(&mut o, Sym::AnyOf, v);
        }
    }
    if let Some(d) = default {
        if !matches!(d.kind(), Kind::Null) {
            let v = pass.b.share(d);
            pass.b.put(&mut o, Sym::Default, v);
        }
    }
    pass.b.end_obj(o)
}
