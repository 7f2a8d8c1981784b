//! `coerce_input`: repairs what models get wrong in a tool's input, only where
//! the repair is unambiguous, and leaves everything else unchanged.
//!
//! One module per rule (pure functions over [`Scalar`], the value model's); [`decide`] is the one
//! decision for a scalar; [`Coercer`] walks the value along the definition,
//! written once against [`Node`] (the value and the definition) and
//! [`Build`] (what changes), like `normalize`. The definition is checked
//! whole first ([`definition::check`]), then read lazily: no tree is built,
//! map properties are looked up by hash. Arrays are rebuilt only along the
//! paths that change; an unchanged value is not rebuilt at all
//! ([`coerce`] returns `None`: the caller returns the value itself).

pub mod boolean_string;
pub mod choice_match;
pub mod date_time;
pub mod decide;
pub mod definition;
pub mod empty_optional;
pub mod entity_id;
pub mod fenced_json;
pub mod guard;
pub mod int_boolean;
pub mod int_float;
pub mod integral_float;
pub mod json_string;
pub mod list_wrap;
pub mod null_string;
pub mod numeric_string;
pub mod timestamp;

pub use decide::decide;
pub use definition::Def;

use crate::error::{DefinitionError, Path, Seg};
use crate::model::ty::Ty;
use crate::model::value::Scalar;
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};

/// What the walker must do with a scalar. `None` from [`decide`] means
/// "unchanged".
#[derive(Debug, Clone, PartialEq)]
pub enum Repair<N> {
    /// Replace with null (B6).
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// Replace with this string (B3 canonical date-time).
    String(String),
    /// Replace with this choice of the definition, shared (B2).
    Choice(N),
    /// B1: decode the string as JSON ([`json_string`]); use the result,
    /// coerced with the same definition, or leave the string when it does
    /// not decode.
    Json,
    /// Issue 27: as [`Repair::Json`], with the text inside the string's
    /// markdown code fence ([`fenced_json`]).
    Fenced,
    /// Wrap the scalar in a one-item list; the item is coerced with `items`.
    WrapList,
}

/// `ToolSchema\coerce_input($value, $definition, $options)`: the coerced
/// value, or `None` when the value stays as it is.
pub fn coerce<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    value: N,
    definition: N,
    options: Option<N>,
) -> Result<Option<B::Val>, DefinitionError> {
    if let Some(o) = options {
        check_options(o)?;
    }
    definition::check(definition)?;
    Ok(Coercer { b }.value(Def::of(definition), value))
}

/// There are no options yet: any key is unknown (as for normalize's options,
/// a misspelt option is not silently ignored).
pub fn check_options<'a, N: Node<'a>>(options: N) -> Result<(), DefinitionError> {
    options.try_each(|key, _| {
        let mut p = Path::default();
        p.push(Seg::Sym(Sym::Options));
        Err(p.error(&[Seg::Key(key.get())], "unknown option"))
    })
}

/// `coerce_input` over serde_json values (PHP's value model, as
/// [`crate::json`]); `options` null or `{}`/`[]` for none.
pub fn coerce_json(
    value: &serde_json::Value,
    definition: &serde_json::Value,
    options: &serde_json::Value,
) -> Result<serde_json::Value, DefinitionError> {
    if !definition.is_object() && !definition.is_array() {
        return Err(Path::default().error(&[], "the definition must be an array"));
    }
    let options = (!options.is_null()).then_some(options);
    let mut b = crate::json::JsonBuilder;
    Ok(coerce(&mut b, value, definition, options)?.unwrap_or_else(|| value.clone()))
}

/// The walker: the value along the definition.
pub struct Coercer<'b, B> {
    pub b: &'b mut B,
}

/// Where the definitions of an array's entries come from.
#[derive(Clone, Copy)]
enum Children<N> {
    /// A list's items: every entry.
    Items(Def<N>),
    /// A map's properties: the entry under the same key. `solid`: the value
    /// has an entry that is neither null nor `""` (see [`Def::child`]); only
    /// asked when the map must not become empty.
    Properties { map: Def<N>, props: N, solid: bool },
}

impl<'a, N: Node<'a>> Children<N> {
    fn of(def: &Def<N>) -> Option<Children<N>> {
        match def.ty {
            Ty::List => def.items().map(Children::Items),
            Ty::Map => def.properties().map(|props| Children::Properties {
                map: *def,
                props,
                solid: false,
            }),
            _ => None,
        }
    }

    /// Whether the map's value must be looked at for a solid entry first.
    fn needs_solid(&self) -> bool {
        matches!(self, Children::Properties { map, .. } if !map.may_empty)
    }

    fn set_solid(&mut self, value: bool) {
        if let Children::Properties { solid, .. } = self {
            *solid = value;
        }
    }

    /// The definition of the entry under `key`.
    fn child(&self, key: KeyRef<'_>) -> Option<Def<N>> {
        match *self {
            Children::Items(d) => Some(d),
            Children::Properties { map, props, solid } => {
                props.find(key).map(|p| map.child(p, false, solid))
            }
        }
    }
}

/// Whether an array has an entry that is neither null, `""` nor `"null"`
/// (B6 and null_string may make those null).
fn has_solid_entry<'a, N: Node<'a>>(arr: N) -> bool {
    arr.any(|_, v| match v.kind() {
        Kind::Null | Kind::Str(b"") => false,
        Kind::Str(s) => !null_string::is_null_word(s),
        _ => true,
    })
}

impl<B> Coercer<'_, B> {
    /// Coerces `value`; `None` when it stays unchanged.
    pub fn value<'a, N: Node<'a>>(&mut self, def: Def<N>, value: N) -> Option<B::Val>
    where
        B: Build<'a, N>,
    {
        match value.kind() {
            Kind::Array(arr) => self.array(def, arr),
            kind => {
                let s = Scalar::of(kind)?;
                self.scalar(def, s, &|b: &mut B| b.keep(value))
            }
        }
    }

    /// Coerces the scalar `s`; `None` when it stays unchanged. `same` makes
    /// the unchanged scalar (the input shared, or a decoded JSON scalar).
    pub fn scalar<'a, N: Node<'a>>(
        &mut self,
        def: Def<N>,
        s: Scalar<'_>,
        same: &dyn Fn(&mut B) -> B::Val,
    ) -> Option<B::Val>
    where
        B: Build<'a, N>,
    {
        let b = &mut *self.b;
        Some(match decide(&def, s)? {
            Repair::Null => b.null(),
            Repair::Bool(x) => b.bool(x),
            Repair::Int(i) => b.int(i),
            Repair::Float(f) => b.float(f),
            Repair::String(t) => b.string(&t),
            Repair::Choice(n) => b.share(n),
            Repair::Json => {
                let Scalar::Str(text) = s else { return None };
                self.json(def, text)?
            }
            Repair::Fenced => {
                let Scalar::Str(text) = s else { return None };
                self.json(def, fenced_json::inner(text)?)?
            }
            Repair::WrapList => {
                let item = def
                    .items()
                    .and_then(|items| self.scalar(items, s, same))
                    .unwrap_or_else(|| same(self.b));
                let b = &mut *self.b;
                let mut list = b.arr_for(1);
                b.push(&mut list, item);
                b.end_arr(list)
            }
        })
    }

    /// Walks a list's items or a map's properties. Nothing is allocated until
    /// the first entry that changes; then a new array is made with the
    /// entries before it shared, and the rest put as they come.
    fn array<'a, N: Node<'a>>(&mut self, def: Def<N>, arr: N) -> Option<B::Val>
    where
        B: Build<'a, N>,
    {
        let mut children = Children::of(&def)?;
        if matches!(children, Children::Items(_)) && !arr.is_list() {
            return None;
        }
        if children.needs_solid() {
            children.set_solid(has_solid_entry(arr));
        }
        let mut out: Option<B::Arr> = None;
        let mut seen = 0usize;
        arr.each(|key, v| {
            let child = match children {
                Children::Items(d) => Some(d),
                // A hash lookup with the key's own hash (zval backend).
                Children::Properties { map, props, solid } => {
                    props.find_key(key).map(|p| map.child(p, false, solid))
                }
            };
            let new = child.and_then(|d| self.value(d, v));
            match (&mut out, new) {
                (None, None) => {}
                (None, Some(new)) => {
                    let b = &mut *self.b;
                    let mut o = b.arr_for(arr.len());
                    let mut i = 0;
                    let _ = arr.try_each(|k, before| {
                        if i == seen {
                            return Err(());
                        }
                        i += 1;
                        let val = b.keep(before);
                        b.put_arr_key(&mut o, k, val);
                        Ok(())
                    });
                    b.put_arr_key(&mut o, key, new);
                    out = Some(o);
                }
                (Some(o), new) => {
                    let b = &mut *self.b;
                    let val = new.unwrap_or_else(|| b.keep(v));
                    b.put_arr_key(o, key, val);
                }
            }
            seen += 1;
        });
        out.map(|o| self.b.end_arr(o))
    }
}
