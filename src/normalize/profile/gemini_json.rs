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

use super::gemini::{array_keys, bounds, object_keys};
use super::provider::{One, Provider};
use super::SchemaNode;
use super::{no_limits, type_sym, Body, Id, Pass, Schema};
use crate::sym::Sym;
use crate::view::{Build, Kind};

/// The provider.
pub struct GeminiJson;

/// Who the provider is.
pub const ID: Id = Id {
    name: "gemini_json",
    label: "Gemini (parametersJsonSchema)",
    strict: false,
    limits: no_limits,
    budget: &[],
    input_examples: false,
};

impl Provider for GeminiJson {
    /// `type` lists `"null"` (and `enum` holds null) when the node is
    /// nullable.
    fn type_value<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) -> B::Val {
        let t = o.pass.b.sym(type_sym(o.bit));
        if !o.p.nullable {
            return t;
        }
        let mut a = o.pass.b.arr();
        o.pass.b.push(&mut a, t);
        let v = o.pass.b.string("null");
        o.pass.b.push(&mut a, v);
        o.pass.b.end_arr(a)
    }

    fn string<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        if let Some(f) = o.p.formats.first().copied() {
            o.share(Sym::Format, f);
        }
        if let Some(pat) = o.p.patterns.first().copied() {
            o.share(Sym::Pattern, pat);
        }
        o.values(false, false, o.p.nullable);
        o.lengths();
    }

    fn number<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
    ) -> Option<Body<'v, N, B::Val>> {
        o.values(false, false, o.p.nullable);
        if let Some(m) = o.p.multiple_of {
            o.drop_multiple(m);
        }
        bounds(o);
        None
    }

    fn array<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.values(false, false, o.p.nullable);
        array_keys(o);
    }

    fn object<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.values(false, false, o.p.nullable);
        object_keys(o);
    }

    fn boolean<'v, N: SchemaNode<'v>, B: Build<'v, N>>(o: &mut One<'_, '_, 'v, N, B>) {
        o.values(false, false, o.p.nullable);
    }

    fn any_of<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        o: &mut One<'_, '_, 'v, N, B>,
        list: N,
    ) -> Vec<B::Val> {
        let mut branches = o.pass.branches(list);
        if o.p.nullable {
            // The type list lets null in; the alternatives must too.
            branches.push(o.pass.null_schema("null"));
        }
        branches
    }

    /// `default` stays a keyword (after the body): only `examples` goes into
    /// the notes.
    const DEFAULT_NOTE: bool = false;

    const NULL_IN_TYPE: bool = true;

    fn after<'v, N: SchemaNode<'v>, B: Build<'v, N>>(
        pass: &mut Pass<'_, 'v, N, B>,
        o: &mut B::Obj,
        p: &Schema<'v, N>,
    ) {
        if let Some(d) = p.default.filter(|d| !matches!(d.kind(), Kind::Null)) {
            let v = pass.b.share(d);
            pass.b.put(o, Sym::Default, v);
        }
    }
}
