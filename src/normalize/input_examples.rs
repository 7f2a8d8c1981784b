//! `input_examples` (issue 30): whole example inputs of a tool for Anthropic's
//! tool definitions (`input_examples`, beside `input_schema`), built from the
//! examples of the tool's input definitions, and only those that validate
//! against the schema the tool is sent with. `fit_budget()` returns them per
//! tool with the `anthropic` profile (README, "A whole tool list").
//!
//! The examples: for k = 0, 1, ... (at most [`MAX`], and at most the longest
//! `examples` list of a property), an object with, in the definition's order,
//! each property's k-th example; a property whose list is shorter gives its
//! last example when it is required and is left out when it is optional; a
//! required property without examples gives its `default`, or nothing (the
//! object then misses it and the schema refuses it). An example is kept only
//! when [`validates`] says yes against the schema sent: every keyword it reads
//! holds; a keyword it cannot decide (`pattern`, `multipleOf`, one it does not
//! know) drops the example (never one the API could refuse). `format` is an
//! annotation there, as in JSON Schema 2020-12. An empty list or map in an
//! example is never an object (PHP cannot tell `[]` from `{}`): refused where
//! the schema wants an object.

use crate::model::vocab::{cmp, Num};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};
use std::cmp::Ordering;

/// The most examples per tool.
pub const MAX: usize = 3;

/// The `input_examples` of the tool whose root definition is `def`, sent
/// with `schema`; `None` when there is none.
pub fn build<'a, 'v, N: Node<'a>, S: Node<'v>, B: Build<'a, N>>(
    b: &mut B,
    def: N,
    schema: S,
) -> Option<B::Val> {
    let properties = def.get(Sym::Properties).filter(|p| p.is_array())?;
    let longest = {
        let mut n = 0;
        properties.each(|_, p| n = n.max(examples(p).map_or(0, Node::len)));
        n.min(MAX)
    };
    let mut out: Option<B::Arr> = None;
    for k in 0..longest {
        let mut entries: Vec<(N::Key, N)> = Vec::new();
        properties.each(|name, p| {
            if let Some(v) = pick(p, k) {
                entries.push((name, v));
            }
        });
        if entries.is_empty() || !object_validates(schema, &entries) {
            continue;
        }
        let mut o = b.obj();
        for (name, v) in entries {
            let v = b.share(v);
            b.put_key(&mut o, name, v);
        }
        let o = b.end_obj(o);
        let arr = out.get_or_insert_with(|| b.arr());
        b.push(arr, o);
    }
    out.map(|a| b.end_arr(a))
}

/// A property's `examples`, when a non-empty list.
fn examples<'a, N: Node<'a>>(p: N) -> Option<N> {
    p.get(Sym::Examples)
        .filter(|e| e.is_array() && e.is_list() && !e.is_empty())
}

fn required<'a, N: Node<'a>>(p: N) -> bool {
    !matches!(
        p.get(Sym::Required).map(Node::kind),
        Some(Kind::Bool(false))
    )
}

/// The value a property gives to the k-th example.
fn pick<'a, N: Node<'a>>(p: N, k: usize) -> Option<N> {
    match examples(p) {
        Some(e) => {
            let n = e.len();
            if k < n {
                nth(e, k)
            } else if required(p) {
                nth(e, n - 1)
            } else {
                None
            }
        }
        None if required(p) => p
            .get(Sym::Default)
            .filter(|d| !matches!(d.kind(), Kind::Null)),
        None => None,
    }
}

fn nth<'a, N: Node<'a>>(list: N, k: usize) -> Option<N> {
    let mut i = 0;
    let mut found = None;
    list.each(|_, v| {
        if i == k {
            found = Some(v);
        }
        i += 1;
    });
    found
}

/// Whether the object of `entries` validates against the root `schema`.
fn object_validates<'a, 'v, N: Node<'a>, S: Node<'v>>(schema: S, entries: &[(N::Key, N)]) -> bool {
    let found = |name: KeyRef<'_>| {
        entries
            .iter()
            .find(|(k, _)| k.get() == name)
            .map(|(_, v)| *v)
    };
    let mut ok = Some(true);
    schema.each(|key, kw| {
        if ok != Some(true) {
            return;
        }
        ok = match key.sym() {
            Some(Sym::Type) => Some(type_names(kw, |t| t == b"object")),
            Some(Sym::Properties) => {
                let mut r = Some(true);
                for (name, v) in entries {
                    r = and(
                        r,
                        kw.find(name.get())
                            .map_or(Some(false), |s| validates(s, *v)),
                    );
                }
                r
            }
            Some(Sym::Required) => Some(kw.all(|_, n| match n.kind() {
                Kind::Str(s) => found(crate::view::php_key(s)).is_some(),
                _ => false,
            })),
            Some(Sym::AdditionalProperties) => match kw.kind() {
                Kind::Bool(true) => Some(true),
                Kind::Bool(false) => {
                    let props = schema.get(Sym::Properties);
                    Some(
                        entries
                            .iter()
                            .all(|(name, _)| props.is_some_and(|p| p.find(name.get()).is_some())),
                    )
                }
                _ => None,
            },
            Some(Sym::MinProperties) => count_at_least(kw, entries.len()),
            Some(Sym::MaxProperties) => count_at_most(kw, entries.len()),
            Some(s) if annotation(s) => Some(true),
            _ => None,
        };
    });
    ok == Some(true)
}

fn annotation(s: Sym) -> bool {
    matches!(
        s,
        Sym::Description | Sym::Title | Sym::Default | Sym::Examples | Sym::Format
    )
}

fn and(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

fn count_at_least<'v, S: Node<'v>>(kw: S, n: usize) -> Option<bool> {
    match kw.kind() {
        Kind::Int(m) => Some(i64::try_from(n).unwrap_or(i64::MAX) >= m),
        _ => None,
    }
}

fn count_at_most<'v, S: Node<'v>>(kw: S, n: usize) -> Option<bool> {
    match kw.kind() {
        Kind::Int(m) => Some(i64::try_from(n).unwrap_or(i64::MAX) <= m),
        _ => None,
    }
}

/// Whether `type` (a name or a list of names) names a type `is` accepts.
fn type_names<'v, S: Node<'v>>(t: S, mut is: impl FnMut(&[u8]) -> bool) -> bool {
    match t.kind() {
        Kind::Str(s) => is(s),
        Kind::Array(list) => list.any(|_, n| matches!(n.kind(), Kind::Str(s) if is(s))),
        _ => false,
    }
}

/// A value's JSON type names: `integer` for an integral number too.
fn has_type<'a, N: Node<'a>>(v: N, t: &[u8]) -> bool {
    match (v.kind(), t) {
        (Kind::Null, b"null") | (Kind::Bool(_), b"boolean") | (Kind::Str(_), b"string") => true,
        (Kind::Int(_), b"integer" | b"number") => true,
        (Kind::Float(f), b"number") => f.is_finite(),
        (Kind::Float(f), b"integer") => f.is_finite() && f.trunc() == f,
        (Kind::Array(a), b"array") => a.is_empty() || a.is_list(),
        (Kind::Array(a), b"object") => !a.is_empty() && !a.is_list(),
        _ => false,
    }
}

fn num<'a, N: Node<'a>>(v: N) -> Option<Num> {
    match v.kind() {
        Kind::Int(i) => Some(Num::Int(i)),
        Kind::Float(f) if f.is_finite() => Some(Num::Float(f)),
        _ => None,
    }
}

/// JSON equality: numbers by value, strings by bytes, arrays and maps deeply.
fn equal<'a, 'v, N: Node<'a>, S: Node<'v>>(v: N, s: S) -> bool {
    match (v.kind(), s.kind()) {
        (Kind::Null, Kind::Null) => true,
        (Kind::Bool(a), Kind::Bool(b)) => a == b,
        (Kind::Str(a), Kind::Str(b)) => a == b,
        (Kind::Array(a), Kind::Array(b)) => {
            a.len() == b.len()
                && a.is_list() == b.is_list()
                && a.all(|k, x| b.find(k.get()).is_some_and(|y| equal(x, y)))
        }
        _ => match (num(v), num(s)) {
            (Some(a), Some(b)) => cmp(a, b) == Ordering::Equal,
            _ => false,
        },
    }
}

/// UTF-8 code points of a string.
fn chars(s: &[u8]) -> usize {
    s.iter().filter(|&&c| (c & 0xC0) != 0x80).count()
}

/// Whether `v` validates against `schema`: `Some(true)`/`Some(false)`, or
/// `None` when a keyword it reads cannot be decided here.
pub fn validates<'a, 'v, N: Node<'a>, S: Node<'v>>(schema: S, v: N) -> Option<bool> {
    let Kind::Array(_) = schema.kind() else {
        return match schema.kind() {
            Kind::Bool(b) => Some(b),
            _ => None,
        };
    };
    let mut ok = Some(true);
    schema.each(|key, kw| {
        if ok != Some(false) {
            ok = and(ok, keyword(schema, key.sym(), kw, v));
        }
    });
    ok
}

/// Whether `v` satisfies the keyword `key` (with value `kw`) of `schema`;
/// `None` when the keyword is not one checked here.
fn keyword<'a, 'v, N: Node<'a>, S: Node<'v>>(
    schema: S,
    key: Option<Sym>,
    kw: S,
    v: N,
) -> Option<bool> {
    match key {
        Some(Sym::Type) => Some(type_names(kw, |t| has_type(v, t))),
        Some(Sym::Enum) => match kw.kind() {
            Kind::Array(list) => Some(list.any(|_, c| equal(v, c))),
            _ => None,
        },
        Some(Sym::Const) => Some(equal(v, kw)),
        Some(Sym::AnyOf) => any_of(kw, v),
        Some(Sym::OneOf) => one_of(kw, v),
        Some(Sym::AllOf) => match kw.kind() {
            Kind::Array(list) => {
                let mut r = Some(true);
                list.each(|_, s| r = and(r, validates(s, v)));
                r
            }
            _ => None,
        },
        Some(Sym::Not) => validates(kw, v).map(|b| !b),
        Some(
            s @ (Sym::MinLength
            | Sym::MaxLength
            | Sym::Minimum
            | Sym::Maximum
            | Sym::ExclusiveMinimum
            | Sym::ExclusiveMaximum),
        ) => bound(s, kw, v),
        Some(Sym::Items) => match v.kind() {
            Kind::Array(a) if a.is_empty() || a.is_list() => {
                let mut r = Some(true);
                a.each(|_, x| r = and(r, validates(kw, x)));
                r
            }
            _ => Some(true),
        },
        Some(Sym::MinItems | Sym::MaxItems) => match v.kind() {
            Kind::Array(a) if a.is_empty() || a.is_list() => {
                if key == Some(Sym::MinItems) {
                    count_at_least(kw, a.len())
                } else {
                    count_at_most(kw, a.len())
                }
            }
            _ => Some(true),
        },
        Some(
            Sym::Properties
            | Sym::Required
            | Sym::AdditionalProperties
            | Sym::MinProperties
            | Sym::MaxProperties,
        ) => match v.kind() {
            Kind::Array(a) if !a.is_empty() && !a.is_list() => object_keyword(schema, key, kw, a),
            _ => Some(true),
        },
        Some(s) if annotation(s) => Some(true),
        _ => None,
    }
}

/// A length or a numeric bound on `v` (values of other types pass).
fn bound<'a, 'v, N: Node<'a>, S: Node<'v>>(key: Sym, kw: S, v: N) -> Option<bool> {
    match key {
        Sym::MinLength | Sym::MaxLength => match (v.kind(), kw.kind()) {
            (Kind::Str(s), Kind::Int(m)) => {
                let n = i64::try_from(chars(s)).unwrap_or(i64::MAX);
                Some(if key == Sym::MinLength {
                    n >= m
                } else {
                    n <= m
                })
            }
            (_, Kind::Int(_)) => Some(true),
            _ => None,
        },
        s @ (Sym::Minimum | Sym::Maximum | Sym::ExclusiveMinimum | Sym::ExclusiveMaximum) => {
            match (num(v), num(kw)) {
                (Some(x), Some(bound)) => Some(match (s, cmp(x, bound)) {
                    (Sym::Minimum, o) => o != Ordering::Less,
                    (Sym::Maximum, o) => o != Ordering::Greater,
                    (Sym::ExclusiveMinimum, o) => o == Ordering::Greater,
                    (_, o) => o == Ordering::Less,
                }),
                (None, Some(_)) => Some(true),
                _ => None,
            }
        }
        _ => None,
    }
}

/// One object keyword on a (non-empty) map value.
fn object_keyword<'a, 'v, N: Node<'a>, S: Node<'v>>(
    schema: S,
    which: Option<Sym>,
    kw: S,
    map: N,
) -> Option<bool> {
    match which {
        Some(Sym::Properties) => {
            let mut r = Some(true);
            map.each(|k, x| {
                if let Some(s) = kw.find(k.get()) {
                    r = and(r, validates(s, x));
                }
            });
            r
        }
        Some(Sym::Required) => Some(kw.all(|_, n| match n.kind() {
            Kind::Str(s) => map.find(crate::view::php_key(s)).is_some(),
            _ => false,
        })),
        Some(Sym::AdditionalProperties) => {
            let props = schema.get(Sym::Properties);
            let mut r = Some(true);
            map.each(|k, x| {
                if props.is_none_or(|p| p.find(k.get()).is_none()) {
                    r = and(r, validates(kw, x));
                }
            });
            r
        }
        Some(Sym::MinProperties) => count_at_least(kw, map.len()),
        _ => count_at_most(kw, map.len()),
    }
}

fn any_of<'a, 'v, N: Node<'a>, S: Node<'v>>(kw: S, v: N) -> Option<bool> {
    let Kind::Array(list) = kw.kind() else {
        return None;
    };
    let mut r = Some(false);
    list.each(|_, s| {
        r = match (r, validates(s, v)) {
            (Some(true), _) | (_, Some(true)) => Some(true),
            (Some(false), Some(false)) => Some(false),
            _ => None,
        };
    });
    r
}

fn one_of<'a, 'v, N: Node<'a>, S: Node<'v>>(kw: S, v: N) -> Option<bool> {
    let Kind::Array(list) = kw.kind() else {
        return None;
    };
    let mut yes = 0;
    let mut unknown = false;
    list.each(|_, s| match validates(s, v) {
        Some(true) => yes += 1,
        Some(false) => {}
        None => unknown = true,
    });
    if unknown {
        None
    } else {
        Some(yes == 1)
    }
}
