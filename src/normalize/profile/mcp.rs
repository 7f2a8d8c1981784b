//! `mcp` (the default): the canonical schema, with the general fixes.
//!
//! 1. The root of a tool input is a plain `"type": "object"`. The MCP
//!    specification ("Tools": `inputSchema`) and the TypeScript SDK's
//!    `ToolSchema` require the root's `type` to be the string `"object"`; a
//!    tool's arguments are always an object, never null. So an optional map at
//!    the root loses its null: `"type": ["object", "null"]` becomes
//!    `"type": "object"`, and a `oneOf`/`anyOf` of the map and
//!    `{"type": "null"}` becomes the map itself, with the annotations around
//!    it.
//! 2. A `type` of two non-null types or more (`any`, an unknown type, a base
//!    schema's list) becomes an `anyOf` of one type each, the keywords of each
//!    type in its branch: ajv's strict mode (what MCP clients validate with)
//!    refuses type unions other than `[T, "null"]` (`strictTypes`). Exact: a
//!    type's keywords say nothing of the other types' values.
//!
//! Cost: the normalizer splits a union as soon as it has written the
//! definition that holds it (`any`, an unknown type, a base schema with a
//! `type` list: [`Reread::split_unions`]), so no schema is walked twice; what
//! is left here is the root fix, one lookup at the root.

use super::null_wrapper;
use crate::normalize::base_schema::{is_schema_list, is_schema_map};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};

/// A builder that can read what it wrote (each backend views its own output):
/// the normalizer, writing for `mcp`, has a definition's type union split as
/// soon as the definition's schema is written.
pub trait Reread<'a, N: Node<'a>>: Build<'a, N> {
    /// [`node_at`] over a view of `v` (`root`: `v` is the whole schema).
    fn split_unions(&mut self, v: Self::Val, root: bool) -> Self::Val;
}

/// The root fix. `None`: the schema stays as it is.
pub fn apply<'v, N: Node<'v>, B: Build<'v, N>>(b: &mut B, schema: N) -> Option<B::Val> {
    match schema.get(Sym::Type).map(|t| t.kind()) {
        Some(Kind::Array(list)) if object_or_null(list) => {
            let mut out = b.obj();
            schema.each(|k, v| {
                let v = match k.sym() {
                    Some(Sym::Type) => b.sym(Sym::Object),
                    Some(Sym::Enum) if v.is_array() => without_null(b, v),
                    _ => b.share(v),
                };
                b.put_key(&mut out, k, v);
            });
            Some(b.end_obj(out))
        }
        None => {
            let inner = null_wrapper(schema)?;
            if !matches!(
                inner.get(Sym::Type).map(|t| t.kind()),
                Some(Kind::Str(b"object"))
            ) {
                return None;
            }
            let mut out = b.obj();
            for sym in [Sym::Title, Sym::Description] {
                if let Some(v) = schema.get(sym) {
                    let v = b.share(v);
                    b.put(&mut out, sym, v);
                }
            }
            inner.each(|k, v| {
                let v = b.share(v);
                b.put_key(&mut out, k, v);
            });
            for sym in [Sym::Default, Sym::Examples] {
                if let Some(v) = schema.get(sym) {
                    let v = b.share(v);
                    b.put(&mut out, sym, v);
                }
            }
            Some(b.end_obj(out))
        }
        _ => None,
    }
}

/// Whether a base schema may hold a type union: a `type` that is a list,
/// anywhere in it (a cheap look at a small schema, so that the usual base
/// schemas cost the default profile nothing).
pub fn may_hold_union<'v, N: Node<'v>>(base: N) -> bool {
    base.any(|k, v| {
        let list = matches!(v.kind(), Kind::Array(_));
        list && (k.sym() == Some(Sym::Type) || may_hold_union(v))
    })
}

/// `["object", "null"]` in either order.
fn object_or_null<'v, N: Node<'v>>(list: N) -> bool {
    let mut object = false;
    let mut null = false;
    let mut other = false;
    list.each(|_, t| match t.kind() {
        Kind::Str(b"object") => object = true,
        Kind::Str(b"null") => null = true,
        _ => other = true,
    });
    object && null && !other
}

/// The list without null (as it is when that would leave it empty).
fn without_null<'v, N: Node<'v>, B: Build<'v, N>>(b: &mut B, list: N) -> B::Val {
    let mut others = 0;
    list.each(|_, v| others += usize::from(!matches!(v.kind(), Kind::Null)));
    if others == 0 {
        return b.share(list);
    }
    let mut out = b.arr();
    list.each(|_, v| {
        if !matches!(v.kind(), Kind::Null) {
            let v = b.share(v);
            b.push(&mut out, v);
        }
    });
    b.end_arr(out)
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

/// Keywords whose value is one schema.
fn is_schema(k: KeyRef<'_>) -> bool {
    matches!(
        k,
        KeyRef::Str(
            b"items"
                | b"additionalProperties"
                | b"not"
                | b"contains"
                | b"propertyNames"
                | b"if"
                | b"then"
                | b"else"
                | b"additionalItems"
                | b"unevaluatedItems"
                | b"unevaluatedProperties"
                | b"contentSchema"
        )
    )
}

/// The value of keyword `k`, its schemas walked.
fn value<'v, N: Node<'v>, B: Build<'v, N>>(b: &mut B, k: KeyRef<'_>, v: N) -> B::Val {
    if !v.is_array() {
        return b.share(v);
    }
    if is_schema(k) {
        return node(b, v);
    }
    if is_schema_list(k) && v.is_list() {
        let mut out = b.arr();
        v.each(|_, s| {
            let s = node(b, s);
            b.push(&mut out, s);
        });
        return b.end_arr(out);
    }
    if is_schema_map(k) {
        let mut out = b.obj();
        v.each(|name, s| {
            let s = node(b, s);
            b.put_key(&mut out, name, s);
        });
        return b.end_obj(out);
    }
    b.share(v)
}

/// A schema, its type union (if any) as an `anyOf` of one type each.
fn node<'v, N: Node<'v>, B: Build<'v, N>>(b: &mut B, s: N) -> B::Val {
    node_at(b, s, false)
}

/// [`node`]; `root`: the schema is the whole result, which keeps its union
/// even when it allows every value (a PHP array cannot be an empty `{}`).
pub fn node_at<'v, N: Node<'v>, B: Build<'v, N>>(b: &mut B, s: N, root: bool) -> B::Val {
    let Kind::Array(_) = s.kind() else {
        return b.share(s);
    };
    // The union: two non-null types or more, all known, and no `anyOf` of
    // the node's own to collide with.
    let mut types: Vec<N> = Vec::new();
    let mut null = false;
    let mut known = true;
    if let Some(t) = s.get(Sym::Type) {
        if let Kind::Array(list) = t.kind() {
            list.each(|_, x| match x.kind() {
                Kind::Str(b"null") => null = true,
                Kind::Str(n) if type_group(n).is_some() => types.push(x),
                _ => known = false,
            });
        }
    }
    let union = types.len() >= 2 && known && s.get(Sym::AnyOf).is_none();
    let everything = !root && union && null && every_type(&types) && !typed_keywords(s);
    let mut out = b.obj();
    s.each(|k, v| {
        let key = k.get();
        if everything && k.sym() == Some(Sym::Type) {
            // Every JSON type and nothing said of any: no `type` at all.
            return;
        }
        if union && k.sym() == Some(Sym::Type) {
            let mut branches = b.arr();
            for t in &types {
                let Kind::Str(name) = t.kind() else { continue };
                let group = type_group(name);
                let mut o = b.obj();
                let tv = b.share(*t);
                b.put(&mut o, Sym::Type, tv);
                s.each(|k2, v2| {
                    if keyword_type(k2.get()).is_some() && keyword_type(k2.get()) == group {
                        let v2 = value(b, k2.get(), v2);
                        b.put_key(&mut o, k2, v2);
                    }
                });
                let o = b.end_obj(o);
                b.push(&mut branches, o);
            }
            if null {
                let mut o = b.obj();
                let v = b.sym(Sym::Null);
                b.put(&mut o, Sym::Type, v);
                let o = b.end_obj(o);
                b.push(&mut branches, o);
            }
            let branches = b.end_arr(branches);
            b.put(&mut out, Sym::AnyOf, branches);
            return;
        }
        if union && keyword_type(key).is_some() {
            // Moved into the branch of its type.
            return;
        }
        let v = value(b, key, v);
        b.put_key(&mut out, k, v);
    });
    b.end_obj(out)
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
