//! How an optional input lets null through, in the three styles:
//! `type_array` adds `"null"` to `type` (and to `enum`; a `const` becomes an
//! `enum`; a `not` gets a type guard so null passes it); `one_of`/`any_of` put
//! the schema in a branch beside `{"type": "null"}`. A required input never lets
//! null through: its `type` never includes `"null"`.

use super::base_schema::{copy_value, is_annotation};
use super::base_type;
use crate::model::facets::{Enum, Not};
use crate::model::ty::Ty;
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};

/// `[inner, {"type": "null"}]`.
pub fn branches<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, inner: B::Val) -> B::Val {
    let mut null = b.obj();
    let t = b.sym(Sym::Null);
    b.put(&mut null, Sym::Type, t);
    let null = b.end_obj(null);
    let mut arr = b.arr();
    b.push(&mut arr, inner);
    b.push(&mut arr, null);
    b.end_arr(arr)
}

/// The `type` keyword of a type.
pub fn type_value<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, ty: Ty, null_ok: bool) -> B::Val {
    match base_type::json_type(ty) {
        Some(t) if !null_ok => b.sym(t),
        Some(t) => {
            let mut arr = b.arr();
            let v = b.sym(t);
            b.push(&mut arr, v);
            let v = b.sym(Sym::Null);
            b.push(&mut arr, v);
            b.end_arr(arr)
        }
        None => {
            let mut arr = b.arr();
            for t in base_type::ANY {
                let v = b.sym(t);
                b.push(&mut arr, v);
            }
            if null_ok {
                let v = b.sym(Sym::Null);
                b.push(&mut arr, v);
            }
            b.end_arr(arr)
        }
    }
}

/// The schema under `not`. With `null_ok`, the schemas that null would
/// satisfy get a type guard, so that null still passes the `not`.
pub fn not_schema<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    not: &Not<N>,
    null_ok: bool,
) -> B::Val {
    match not {
        Not::Pattern(p) => not_pattern(b, p, null_ok),
        Not::Enum(list) => {
            let mut o = b.obj();
            let v = b.share(*list);
            b.put(&mut o, Sym::Enum, v);
            b.end_obj(o)
        }
        Not::Blank => {
            let mut list = b.arr();
            let v = b.bool(false);
            b.push(&mut list, v);
            let v = b.string("");
            b.push(&mut list, v);
            let v = b.arr();
            let v = b.end_arr(v);
            b.push(&mut list, v);
            let v = b.obj();
            let v = b.end_obj(v);
            b.push(&mut list, v);
            let list = b.end_arr(list);
            let mut o = b.obj();
            b.put(&mut o, Sym::Enum, list);
            b.end_obj(o)
        }
        Not::EmptyItems(items) => super::not_null::not_empty_items(b, *items, null_ok),
        Not::NullValues => super::not_null::not_null_values(b, null_ok),
    }
}

/// The schema under `not` for a `match: false` Regex.
fn not_pattern<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, p: &str, null_ok: bool) -> B::Val {
    let mut o = b.obj();
    if null_ok {
        let v = b.sym(Sym::String);
        b.put(&mut o, Sym::Type, v);
    }
    let v = b.string(p);
    b.put(&mut o, Sym::Pattern, v);
    b.end_obj(o)
}

pub fn has_null<'a, N: Node<'a>>(list: N) -> bool {
    list.any(|_, v| matches!(v.kind(), Kind::Null))
}

/// A copy of `list` with null appended.
pub(crate) fn with_null<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, list: N) -> B::Val {
    let mut arr = b.arr();
    list.each(|_, v| {
        let v = b.share(v);
        b.push(&mut arr, v);
    });
    let v = b.null();
    b.push(&mut arr, v);
    b.end_arr(arr)
}

/// `enum` or `const`, with null let in when `null_ok`.
pub fn enumeration<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    e: Enum<N>,
    null_ok: bool,
) -> (Sym, B::Val) {
    match e {
        Enum::List(list) if null_ok && !has_null(list) => (Sym::Enum, with_null(b, list)),
        Enum::List(list) => (Sym::Enum, b.share(list)),
        Enum::Const(c) if null_ok => {
            let mut arr = b.arr();
            let is_null = matches!(c.kind(), Kind::Null);
            let v = b.share(c);
            b.push(&mut arr, v);
            if !is_null {
                let v = b.null();
                b.push(&mut arr, v);
            }
            (Sym::Enum, b.end_arr(arr))
        }
        Enum::Const(c) => (Sym::Const, b.share(c)),
        Enum::Ints(list) => {
            let mut arr = b.arr();
            let (mut kept, mut null) = (0usize, false);
            list.each(|_, v| match v.kind() {
                Kind::Float(_) => {}
                k => {
                    kept += 1;
                    null |= matches!(k, Kind::Null);
                    let v = b.share(v);
                    b.push(&mut arr, v);
                }
            });
            // Nothing left is as Enum::Nothing: `[null]`.
            if kept == 0 || (null_ok && !null) {
                let v = b.null();
                b.push(&mut arr, v);
            }
            (Sym::Enum, b.end_arr(arr))
        }
        // With null let in, only null; without, nothing at all (the type
        // has no null), written without `enum: []`, which validators refuse.
        Enum::Nothing => {
            let mut arr = b.arr();
            let v = b.null();
            b.push(&mut arr, v);
            (Sym::Enum, b.end_arr(arr))
        }
        Enum::True if null_ok => {
            let mut arr = b.arr();
            let v = b.bool(true);
            b.push(&mut arr, v);
            let v = b.null();
            b.push(&mut arr, v);
            (Sym::Enum, b.end_arr(arr))
        }
        Enum::True => (Sym::Const, b.bool(true)),
    }
}

/// Copies a base schema's keywords into `out`.
pub fn base_schema<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    base: N,
    null_ok: bool,
    out: &mut B::Obj,
) {
    base.each(|k, v| {
        if is_annotation(k.get()) {
            return;
        }
        let v = match (k.get(), v.kind()) {
            (KeyRef::Str(b"type"), Kind::Str(_)) if null_ok => {
                let mut arr = b.arr();
                let t = b.share(v);
                b.push(&mut arr, t);
                let n = b.sym(Sym::Null);
                b.push(&mut arr, n);
                b.end_arr(arr)
            }
            (KeyRef::Str(b"type"), Kind::Array(list)) if null_ok => {
                let mut arr = b.arr();
                list.each(|_, t| {
                    let t = b.share(t);
                    b.push(&mut arr, t);
                });
                let n = b.sym(Sym::Null);
                b.push(&mut arr, n);
                b.end_arr(arr)
            }
            (KeyRef::Str(b"enum"), Kind::Array(list)) if null_ok && !has_null(list) => {
                with_null(b, list)
            }
            (KeyRef::Str(b"const"), _) if null_ok => {
                let (_, v) = enumeration(b, Enum::Const(v), true);
                b.put(out, Sym::Enum, v);
                return;
            }
            _ => copy_value(b, k.get(), v),
        };
        b.put_key(out, k, v);
    });
}
