//! `mcp` (the default): the canonical schema, except that the root of a tool
//! input is always a plain `"type": "object"`.
//!
//! The MCP specification (modelcontextprotocol.io, "Tools", and the
//! TypeScript SDK's `ToolSchema`) requires `inputSchema` to be an object
//! schema whose `type` is the string `"object"`; a tool's arguments are always
//! an object, never null. So an optional map at the root loses its null:
//! `"type": ["object", "null"]` becomes `"type": "object"`, and a
//! `oneOf`/`anyOf` of the map and `{"type": "null"}` becomes the map itself,
//! with the annotations around it. Nothing else is read: a root whose `type` is
//! one name (every required root) costs one lookup.

use super::null_wrapper;
use crate::sym::Sym;
use crate::view::{Build, Key, Kind, Node};

/// The root fix. `None`: the schema stays as it is.
pub fn root<'v, N: Node<'v>, B: Build<'v, N>>(b: &mut B, schema: N) -> Option<B::Val> {
    match schema.get(Sym::Type).map(|t| t.kind()) {
        Some(Kind::Str(_)) => None,
        Some(Kind::Array(list)) => {
            if !object_or_null(list) {
                return None;
            }
            let mut out = b.obj();
            let _ = schema.try_each(|k, v| {
                let v = match k.sym() {
                    Some(Sym::Type) => b.sym(Sym::Object),
                    Some(Sym::Enum) if v.is_array() => without_null(b, v),
                    _ => b.share(v),
                };
                b.put_key(&mut out, k, v);
                Ok::<(), ()>(())
            });
            Some(b.end_obj(out))
        }
        Some(_) => None,
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
            let _ = inner.try_each(|k, v| {
                let v = b.share(v);
                b.put_key(&mut out, k, v);
                Ok::<(), ()>(())
            });
            for sym in [Sym::Default, Sym::Examples] {
                if let Some(v) = schema.get(sym) {
                    let v = b.share(v);
                    b.put(&mut out, sym, v);
                }
            }
            Some(b.end_obj(out))
        }
    }
}

/// `["object", "null"]` in either order.
fn object_or_null<'v, N: Node<'v>>(list: N) -> bool {
    let mut object = false;
    let mut null = false;
    let mut other = false;
    let _ = list.try_each(|_, t| {
        match t.kind() {
            Kind::Str(b"object") => object = true,
            Kind::Str(b"null") => null = true,
            _ => other = true,
        }
        Ok::<(), ()>(())
    });
    object && null && !other
}

/// The list without null (as it is when that would leave it empty).
fn without_null<'v, N: Node<'v>, B: Build<'v, N>>(b: &mut B, list: N) -> B::Val {
    let mut others = 0;
    let _ = list.try_each(|_, v| {
        others += usize::from(!matches!(v.kind(), Kind::Null));
        Ok::<(), ()>(())
    });
    if others == 0 {
        return b.share(list);
    }
    let mut out = b.arr();
    let _ = list.try_each(|_, v| {
        if !matches!(v.kind(), Kind::Null) {
            let v = b.share(v);
            b.push(&mut out, v);
        }
        Ok::<(), ()>(())
    });
    b.end_arr(out)
}
