//! `base_schema`: the JSON Schema to start from for a type id the normalizer does
//! not know. It must have a `type` (a JSON type name or a list of them) without
//! `"null"`, so a required input never accepts null. Its own annotations are
//! replaced by the definition's; constraints are not added to it. For an optional
//! input in the `type_array` style, `null` is added to `type` and `enum`, `const`
//! becomes an `enum`; a base schema with a keyword that could still shut null out
//! (`not`, `allOf`, `anyOf`, `oneOf`, `$ref`, `if`, ...) is wrapped in `anyOf`.
//!
//! PHP cannot tell `{}` from `[]`, so the base schema is copied knowing where
//! JSON Schema wants an object: an empty array that stands for a schema or a map
//! of schemas becomes `{}`; one under a list keyword (`type`, `required`,
//! `allOf`, ...) stays `[]`; data (`enum`, `const`) is copied as it is.

use crate::error::{DefinitionError, Path, Seg};
use crate::model::value_check::check_value;
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};

pub fn check<'a, N: Node<'a>>(base: N, path: &Path<'_>) -> Result<(), DefinitionError> {
    check_value(base, path, Sym::BaseSchema)?;
    let at = [Seg::Sym(Sym::BaseSchema), Seg::Sym(Sym::Type)];
    let type_name = |n: N| matches!(n.kind(), Kind::Str(s) if s != b"null" && !s.is_empty());
    match base.get(Sym::Type) {
        None => Err(path.error(&at, "is required")),
        Some(t) => match t.kind() {
            Kind::Str(_) if type_name(t) => Ok(()),
            Kind::Array(list) if list.is_list() && !list.is_empty() => list.try_each(|_, v| {
                if type_name(v) {
                    Ok(())
                } else {
                    Err(path.error(&at, "must list JSON types other than \"null\""))
                }
            }),
            _ => Err(path.error(
                &at,
                "must be a JSON type other than \"null\", or a list of them",
            )),
        },
    }
}

/// Keywords of a base schema that are replaced by the definition's.
pub fn is_annotation(key: KeyRef<'_>) -> bool {
    matches!(
        key,
        KeyRef::Str(b"title" | b"description" | b"default" | b"examples")
    )
}

/// True when the base schema may reject null even with `null` in `type`/`enum`.
pub fn may_shut_out_null<'a, N: Node<'a>>(base: N) -> bool {
    base.any(|k, _| {
        matches!(
            k.get(),
            KeyRef::Str(
                b"not"
                    | b"allOf"
                    | b"anyOf"
                    | b"oneOf"
                    | b"$ref"
                    | b"$dynamicRef"
                    | b"if"
                    | b"then"
                    | b"else"
            )
        )
    })
}

/// Keywords whose value is data, copied as it is.
fn is_data(key: KeyRef<'_>) -> bool {
    matches!(
        key,
        KeyRef::Str(b"enum" | b"const" | b"default" | b"examples")
    )
}

/// Keywords whose value is a list of schemas (the mcp profile walks them too).
pub(crate) fn is_schema_list(key: KeyRef<'_>) -> bool {
    matches!(
        key,
        KeyRef::Str(b"allOf" | b"anyOf" | b"oneOf" | b"prefixItems")
    )
}

/// Keywords whose value is a list of strings.
fn is_string_list(key: KeyRef<'_>) -> bool {
    matches!(key, KeyRef::Str(b"type" | b"required"))
}

/// Keywords whose value is a map of name => schema (the mcp profile walks
/// them too).
pub(crate) fn is_schema_map(key: KeyRef<'_>) -> bool {
    matches!(
        key,
        KeyRef::Str(
            b"properties" | b"patternProperties" | b"$defs" | b"definitions" | b"dependentSchemas"
        )
    )
}

/// Copies a schema: `{}` for an empty array, each keyword by [`copy_value`].
pub fn copy_schema<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, schema: N) -> B::Val {
    match schema.kind() {
        Kind::Array(a) if !a.is_empty() && a.is_list() => {
            let mut arr = b.arr();
            a.each(|_, v| {
                let v = copy_schema(b, v);
                b.push(&mut arr, v);
            });
            b.end_arr(arr)
        }
        Kind::Array(a) => {
            let mut obj = b.obj();
            a.each(|k, v| {
                let v = copy_value(b, k.get(), v);
                b.put_key(&mut obj, k, v);
            });
            b.end_obj(obj)
        }
        _ => b.share(schema),
    }
}

/// Copies the value of the keyword `key`.
pub fn copy_value<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, key: KeyRef<'_>, v: N) -> B::Val {
    copy_value_with(b, key, v, copy_schema)
}

/// [`copy_value`], each schema in the value (an entry of a list or map of
/// schemas, the value of a keyword of one schema) copied by `schema`.
pub fn copy_value_with<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    key: KeyRef<'_>,
    v: N,
    schema: fn(&mut B, N) -> B::Val,
) -> B::Val {
    let Kind::Array(a) = v.kind() else {
        return b.share(v);
    };
    if is_data(key) || is_string_list(key) {
        return b.share(v);
    }
    if is_schema_list(key) {
        let mut arr = b.arr();
        a.each(|_, item| {
            let item = schema(b, item);
            b.push(&mut arr, item);
        });
        return b.end_arr(arr);
    }
    if is_schema_map(key) {
        let mut obj = b.obj();
        a.each(|name, member| {
            let member = schema(b, member);
            b.put_key(&mut obj, name, member);
        });
        return b.end_obj(obj);
    }
    if is_one_schema(key) {
        schema(b, a)
    } else {
        copy_schema(b, a)
    }
}

/// Keywords whose value is one schema (the mcp profile walks them too).
pub(crate) fn is_one_schema(k: KeyRef<'_>) -> bool {
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
