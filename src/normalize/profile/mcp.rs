//! `mcp` (the default): the canonical schema, with the general fixes, made as
//! the normalizer writes it (nothing written is read again).
//!
//! 1. The root of a tool input is a plain `"type": "object"`. The MCP
//!    specification ("Tools": `inputSchema`) and the TypeScript SDK's
//!    `ToolSchema` require the root's `type` to be the string `"object"`; a
//!    tool's arguments are always an object, never null. So an optional map at
//!    the root loses its null: `"type": "object"` instead of
//!    `["object", "null"]` (and null leaves its `enum`), and no
//!    `oneOf`/`anyOf` of the map and `{"type": "null"}` ([`RootFix`]).
//! 2. A `type` of two non-null types or more (`any`, an unknown type, a base
//!    schema's list) becomes an `anyOf` of one type each, the keywords of each
//!    type in its branch: ajv's strict mode (what MCP clients validate with)
//!    refuses type unions other than `[T, "null"]` (`strictTypes`). Exact: a
//!    type's keywords say nothing of the other types' values. `any` is written
//!    split ([`any_union`]); a base schema is split as it is copied
//!    ([`base`]), the only schema read being the definition's own.

use super::super::base_schema::{copy_schema, copy_value_with, is_annotation};
use super::super::base_type::ANY;
use super::super::nullable::{enumeration, has_null, with_null};
use crate::model::facets::{Enum, Facets};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};

/// Who the provider is.
pub const ID: super::Id = super::Id {
    name: "mcp",
    label: "MCP",
    strict: false,
    limits: super::no_limits,
    budget: &[],
    input_examples: false,
};

/// The root fix's part in writing the root: `type` is `"object"` and null
/// leaves the `enum` of the root's own keywords.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RootFix;

/// Whether a base schema may hold a type union: a `type` that is a list,
/// anywhere in it (a cheap look at a small schema, so that the usual base
/// schemas are copied as they are).
pub fn may_hold_union<'v, N: Node<'v>>(base: N) -> bool {
    base.any(|k, v| {
        let list = matches!(v.kind(), Kind::Array(_));
        list && (k.sym() == Some(Sym::Type) || may_hold_union(v))
    })
}

/// Whether the typed keywords of `f` are stated (an `any` definition's:
/// `format`, `pattern`, lengths and bounds).
fn any_typed<N>(f: &Facets<N>) -> bool {
    !f.formats.is_empty()
        || !f.patterns.is_empty()
        || f.min_length.is_some()
        || f.max_length.is_some()
        || f.minimum.is_some()
        || f.exclusive_minimum.is_some()
        || f.maximum.is_some()
        || f.exclusive_maximum.is_some()
}

/// The `anyOf` of an `any` definition (every JSON type, null with `null_ok`),
/// each branch with its type's keywords; nothing where every value is allowed
/// and no type's keywords are stated, except at the root (a PHP array cannot
/// be an empty `{}`).
pub fn any_union<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    f: &Facets<N>,
    null_ok: bool,
    root: bool,
    out: &mut B::Obj,
) {
    if !root && null_ok && !any_typed(f) {
        return;
    }
    let mut branches = b.arr();
    for t in ANY {
        let mut o = b.obj();
        let v = b.sym(t);
        b.put(&mut o, Sym::Type, v);
        match t {
            Sym::String => super::super::write::string_keywords(b, f, &mut o),
            Sym::Number => super::super::write::number_keywords(b, f, &mut o),
            _ => {}
        }
        let o = b.end_obj(o);
        b.push(&mut branches, o);
    }
    if null_ok {
        let o = null_schema(b);
        b.push(&mut branches, o);
    }
    let v = b.end_arr(branches);
    b.put(out, Sym::AnyOf, v);
}

/// `{"type": "null"}`.
fn null_schema<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B) -> B::Val {
    let mut o = b.obj();
    let v = b.sym(Sym::Null);
    b.put(&mut o, Sym::Type, v);
    b.end_obj(o)
}

/// How a base schema is copied into its definition's schema.
#[derive(Clone, Copy)]
pub struct Top {
    /// Null is let in (`type` and `enum` get it, `const` becomes an `enum`).
    pub null_ok: bool,
    /// The schema is the whole result: its union stays even where it allows
    /// every value.
    pub root: bool,
    /// The root fix applies (the root, for `mcp`).
    pub fix: Option<RootFix>,
}

/// Copies a base schema's keywords into `out` as
/// [`nullable::base_schema`](super::super::nullable::base_schema) does, every
/// type union in it split.
pub fn base<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, base: N, top: Top, out: &mut B::Obj) {
    keywords(b, base, Some(top), out);
}

/// The types of a `type` list: the known non-null ones, whether null is in
/// it, whether every entry is known.
fn scan<'a, N: Node<'a>>(t: Option<N>) -> (Vec<N>, bool, bool) {
    let mut types = Vec::new();
    let (mut null, mut known) = (false, true);
    if let Some(Kind::Array(list)) = t.map(|t| t.kind()) {
        list.each(|_, x| match x.kind() {
            Kind::Str(b"null") => null = true,
            Kind::Str(n) if type_group(n).is_some() => types.push(x),
            _ => known = false,
        });
    }
    (types, null, known)
}

/// Writes the keywords of the schema `s` into `out`, its type union (if any)
/// as an `anyOf` of one type each. `top`: `s` is a base schema at the top of
/// its definition's schema (its annotations left out, null let in as told).
fn keywords<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, s: N, top: Option<Top>, out: &mut B::Obj) {
    let t = s.get(Sym::Type);
    let (types, mut null, known) = scan(t);
    let null_ok = top.is_some_and(|t| t.null_ok);
    let is_list = matches!(t.map(|t| t.kind()), Some(Kind::Array(_)));
    null |= null_ok && is_list;
    let union = types.len() >= 2 && known && s.get(Sym::AnyOf).is_none();
    let root = top.is_some_and(|t| t.root);
    let everything = !root && union && null && every_type(&types) && !typed_keywords(s);
    // The root fix: a `type` that is "object" with null.
    let fix = top.and_then(|t| t.fix).is_some()
        && null_ok
        && !union
        && match t.map(|t| t.kind()) {
            Some(Kind::Str(n)) => n == b"object",
            Some(Kind::Array(list)) => {
                !list.is_empty() && list.all(|_, x| matches!(x.kind(), Kind::Str(b"object")))
            }
            _ => false,
        };
    s.each(|k, v| {
        let key = k.get();
        if top.is_some() && is_annotation(key) {
            return;
        }
        match key {
            KeyRef::Str(b"type") if union => {
                if !everything {
                    let v = branches(b, s, &types, null);
                    b.put(out, Sym::AnyOf, v);
                }
                return;
            }
            KeyRef::Str(b"type") if fix => {
                let v = b.sym(Sym::Object);
                b.put_key(out, k, v);
                return;
            }
            KeyRef::Str(b"type") if null_ok => {
                let v = with_null_type(b, v);
                b.put_key(out, k, v);
                return;
            }
            KeyRef::Str(b"enum") if null_ok && matches!(v.kind(), Kind::Array(_)) => {
                let v = if fix {
                    without_null(b, v, !has_null(v))
                } else if has_null(v) {
                    b.share(v)
                } else {
                    with_null(b, v)
                };
                b.put_key(out, k, v);
                return;
            }
            KeyRef::Str(b"const") if null_ok => {
                let v = if fix {
                    single(b, v)
                } else {
                    enumeration(b, Enum::Const(v), true).1
                };
                b.put(out, Sym::Enum, v);
                return;
            }
            _ => {}
        }
        if union && keyword_type(key).is_some() {
            // Moved into the branch of its type.
            return;
        }
        let v = split_value(b, key, v);
        b.put_key(out, k, v);
    });
}

/// The `anyOf` branches of the union of `s`: one per type, with that type's
/// keywords, then null's.
fn branches<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, s: N, types: &[N], null: bool) -> B::Val {
    let mut branches = b.arr();
    for t in types {
        let Kind::Str(name) = t.kind() else { continue };
        let group = type_group(name);
        let mut o = b.obj();
        let tv = b.share(*t);
        b.put(&mut o, Sym::Type, tv);
        s.each(|k2, v2| {
            if keyword_type(k2.get()).is_some() && keyword_type(k2.get()) == group {
                let v2 = split_value(b, k2.get(), v2);
                b.put_key(&mut o, k2, v2);
            }
        });
        let o = b.end_obj(o);
        b.push(&mut branches, o);
    }
    if null {
        let o = null_schema(b);
        b.push(&mut branches, o);
    }
    b.end_arr(branches)
}

/// A base schema's `type` with null let in: `[T, "null"]`, or the list with
/// null appended.
fn with_null_type<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, t: N) -> B::Val {
    let mut arr = b.arr();
    match t.kind() {
        Kind::Array(list) => list.each(|_, x| {
            let x = b.share(x);
            b.push(&mut arr, x);
        }),
        _ => {
            let x = b.share(t);
            b.push(&mut arr, x);
        }
    }
    let n = b.sym(Sym::Null);
    b.push(&mut arr, n);
    b.end_arr(arr)
}

/// The root's `enum` without null: the values of `list` other than null, or,
/// when that leaves none, the list as it is written with null let in (null
/// appended when `add_null`).
fn without_null<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, list: N, add_null: bool) -> B::Val {
    if !list.any(|_, v| !matches!(v.kind(), Kind::Null)) {
        return if add_null {
            with_null(b, list)
        } else {
            b.share(list)
        };
    }
    let mut arr = b.arr();
    list.each(|_, v| {
        if !matches!(v.kind(), Kind::Null) {
            let v = b.share(v);
            b.push(&mut arr, v);
        }
    });
    b.end_arr(arr)
}

/// `[c]`: a `const` as the root's `enum` (null left out, but for a `const`
/// of null).
fn single<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, c: N) -> B::Val {
    let mut arr = b.arr();
    let v = b.share(c);
    b.push(&mut arr, v);
    b.end_arr(arr)
}

/// The root's `enum` of a definition's [`Enum`] without null (as
/// [`without_null`] over what [`enumeration`] writes with null let in).
pub fn enumeration_fixed<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, e: Enum<N>) -> (Sym, B::Val) {
    match e {
        Enum::List(list) => (Sym::Enum, without_null(b, list, !has_null(list))),
        Enum::Const(c) => (Sym::Enum, single(b, c)),
        Enum::Ints(list) => {
            let mut arr = b.arr();
            let kept = list.any(|_, v| !matches!(v.kind(), Kind::Float(_) | Kind::Null));
            let mut nulls = false;
            list.each(|_, v| match v.kind() {
                Kind::Float(_) => {}
                Kind::Null if kept => {}
                k => {
                    nulls |= matches!(k, Kind::Null);
                    let v = b.share(v);
                    b.push(&mut arr, v);
                }
            });
            if !kept && !nulls {
                let v = b.null();
                b.push(&mut arr, v);
            }
            (Sym::Enum, b.end_arr(arr))
        }
        Enum::Nothing => enumeration(b, e, false),
        Enum::True => {
            let mut arr = b.arr();
            let v = b.bool(true);
            b.push(&mut arr, v);
            (Sym::Enum, b.end_arr(arr))
        }
    }
}

/// The value of the keyword `k` of a base schema, copied
/// ([`copy_value`](super::super::base_schema::copy_value)) with its schemas'
/// unions split.
fn split_value<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, k: KeyRef<'_>, v: N) -> B::Val {
    copy_value_with(b, k, v, split_schema)
}

/// A schema of a base schema, copied ([`copy_schema`]) with its union split.
fn split_schema<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, s: N) -> B::Val {
    match s.kind() {
        Kind::Array(a) if !a.is_empty() && a.is_list() => {
            // A list where a schema belongs: its entries copied, under their
            // indexes.
            let mut obj = b.obj();
            a.each(|k, v| {
                let v = copy_schema(b, v);
                b.put_key(&mut obj, k, v);
            });
            b.end_obj(obj)
        }
        Kind::Array(a) => {
            let mut obj = b.obj();
            keywords(b, a, None, &mut obj);
            b.end_obj(obj)
        }
        _ => b.share(s),
    }
}

/// The JSON type a type-specific keyword applies to (ajv's `strictTypes`
/// groups): `s` string, `n` number and integer, `a` array, `o` object.
fn keyword_type(k: KeyRef<'_>) -> Option<u8> {
    let KeyRef::Str(k) = k else { return None };
    Some(match k {
        b"minLength" | b"maxLength" | b"pattern" | b"format" | b"contentEncoding"
        | b"contentMediaType" | b"contentSchema" => b's',
        b"minimum" | b"maximum" | b"exclusiveMinimum" | b"exclusiveMaximum" | b"multipleOf" => b'n',
        b"items" | b"prefixItems" | b"additionalItems" | b"contains" | b"minItems"
        | b"maxItems" | b"uniqueItems" | b"minContains" | b"maxContains" | b"unevaluatedItems" => {
            b'a'
        }
        b"properties"
        | b"patternProperties"
        | b"additionalProperties"
        | b"required"
        | b"minProperties"
        | b"maxProperties"
        | b"propertyNames"
        | b"dependentRequired"
        | b"dependentSchemas"
        | b"dependencies"
        | b"unevaluatedProperties" => b'o',
        _ => return None,
    })
}

/// The keyword group of a JSON type name.
fn type_group(t: &[u8]) -> Option<u8> {
    Some(match t {
        b"string" => b's',
        b"number" | b"integer" => b'n',
        b"array" => b'a',
        b"object" => b'o',
        b"boolean" => b'b',
        _ => return None,
    })
}

/// Whether the types, with null, are every JSON value's type: string, number
/// (integer is within it), boolean, array, object.
fn every_type<'v, N: Node<'v>>(types: &[N]) -> bool {
    [&b"string"[..], b"number", b"boolean", b"array", b"object"]
        .iter()
        .all(|name| {
            types
                .iter()
                .any(|t| matches!(t.kind(), Kind::Str(n) if n == *name))
        })
}

/// Whether a schema has a keyword that applies to one JSON type only.
fn typed_keywords<'v, N: Node<'v>>(s: N) -> bool {
    s.any(|k, _| keyword_type(k.get()).is_some())
}
