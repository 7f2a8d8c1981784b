//! The zval walker of `coerce_input`: walks the value in place with the rules of
//! [`crate::coerce`] ([`decide`] for each scalar) and builds new arrays only
//! along the paths that change. An unchanged value is returned as the very same
//! zval (shared by refcount, nothing allocated).

use ext_php_rs::ffi::{zend_hash_index_update, zend_hash_str_update};
use serde_json::Value;

use super::zval::{new_string, Owned, Table, ZBuilder, Z};
use crate::coerce::{decide, decode_json, scalar_of_node, CoerceDef, Kind, Repair, Scalar};
use crate::view::{Build, Key, KeyRef, Kind as ViewKind, Node};

type Def<'a> = CoerceDef<'a, Z<'a>>;

/// Coerces `value`; `None` when it stays unchanged.
pub fn walk<'a>(def: &Def<'a>, value: Z<'_>) -> Option<Owned> {
    let Some(scalar) = scalar_of_node(value) else {
        return walk_array(def, value);
    };
    let mut b = ZBuilder::new();
    Some(match decide(def, scalar)? {
        Repair::Null => Build::<Z>::null(&mut b),
        Repair::Bool(x) => Build::<Z>::bool(&mut b, x),
        Repair::Int(i) => Build::<Z>::int(&mut b, i),
        Repair::Float(f) => Build::<Z>::float(&mut b, f),
        Repair::String(s) => new_string(s.as_bytes()),
        Repair::Choice(i) => Owned::share(def.choices.get(i)?.1),
        Repair::Json => {
            let Scalar::Str(s) = scalar else { return None };
            let decoded = from_json(&decode_json(s)?);
            match walk(def, decoded.view()) {
                Some(again) => again,
                None => decoded,
            }
        }
        Repair::WrapList => {
            let item = match &def.items {
                Some(items) => walk(items, value),
                None => None,
            }
            .unwrap_or_else(|| Owned::share(value));
            let mut list = Table::new(1);
            Build::<Z>::push(&mut b, &mut list, item);
            Build::<Z>::end_arr(&mut b, list)
        }
    })
}

/// Walks list items or map properties; rebuilds the array only when something
/// changed, copying the other values out of any references (never writing
/// through the caller's references).
fn walk_array<'a>(def: &Def<'a>, value: Z<'_>) -> Option<Owned> {
    let ViewKind::Array(arr) = value.kind() else {
        return None;
    };
    let child = |k: KeyRef<'_>| -> Option<&Def<'a>> {
        match def.kind {
            Kind::List => def.items.as_deref(),
            Kind::Map => def.properties.iter().find(|(n, _)| *n == k).map(|(_, d)| d),
            _ => None,
        }
    };
    match def.kind {
        Kind::List if def.items.is_some() && arr.is_list() => {}
        Kind::Map if !def.properties.is_empty() => {}
        _ => return None,
    }
    // First pass: find the first change without allocating anything.
    let mut changes: Vec<(usize, Owned)> = Vec::new();
    let mut i = 0usize;
    let _ = arr.try_each(|k, v| {
        if let Some(d) = child(k.get()) {
            if let Some(new) = walk(d, v) {
                changes.push((i, new));
            }
        }
        i += 1;
        Ok::<(), ()>(())
    });
    if changes.is_empty() {
        return None;
    }
    let mut out = Table::new(arr.len() as u32);
    let mut changes = changes.into_iter().peekable();
    let mut i = 0usize;
    let _ = arr.try_each(|k, v| {
        let val = match changes.peek() {
            Some((at, _)) if *at == i => changes.next().map(|(_, new)| new),
            _ => None,
        }
        .unwrap_or_else(|| Owned::share(v));
        out.put_key(k, val);
        i += 1;
        Ok::<(), ()>(())
    });
    Some(out.into_owned())
}

/// A decoded JSON value as PHP's `json_decode($s, true)` gives it.
fn from_json(v: &Value) -> Owned {
    let mut b = ZBuilder::new();
    match v {
        Value::Null => Build::<Z>::null(&mut b),
        Value::Bool(x) => Build::<Z>::bool(&mut b, *x),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Build::<Z>::int(&mut b, i),
            None => Build::<Z>::float(&mut b, n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => new_string(s.as_bytes()),
        Value::Array(items) => {
            let mut t = Table::new(items.len() as u32);
            for item in items {
                Build::<Z>::push(&mut b, &mut t, from_json(item));
            }
            t.into_owned()
        }
        Value::Object(m) => {
            let t = Table::new(m.len() as u32);
            for (k, item) in m {
                let mut zv = from_json(item).into_raw();
                // SAFETY: the table is ours; the value's refcount moves into
                // it. Numeric string keys become int keys, as in PHP.
                unsafe {
                    match crate::json::php_key(k) {
                        KeyRef::Int(i) => zend_hash_index_update(t.raw(), i as u64, &mut *zv),
                        KeyRef::Str(_) => {
                            zend_hash_str_update(t.raw(), k.as_ptr().cast(), k.len(), &mut *zv)
                        }
                    };
                }
            }
            t.into_owned()
        }
    }
}
