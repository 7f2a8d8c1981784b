//! Drupal's NotNull: what `required` means below the root, and the `NotNull`
//! constraint.
//!
//! - A required list or map must not be empty: NotNull treats an empty list
//!   (or one whose items are all empty: null, maps of null values, lists of
//!   empty items) and a map whose values are all null as null. A required
//!   list gets `minItems: 1`, and, when its items may be empty,
//!   `not: {type: array, items: <empty item>}`; a required map with no
//!   required property gets `minProperties: 1` and
//!   `not: {type: object, additionalProperties: {type: null}}`. The root map
//!   (the tool's inputs) is not validated as a whole by Drupal, so it is exempt.
//! - The `NotNull` constraint makes an optional definition required below the
//!   input level (a map property, a list item), and a list or map non-empty
//!   at every level: on an input Drupal skips an optional null value, not an
//!   empty one.
//! - Other constraints whose validators refuse null (NotBlank,
//!   EntityBundleExists) and a lower count on a list or map make a definition
//!   refuse null below the input level too.

use super::definition::Def;
use crate::model::facets::{raise, Facets, Not};
use crate::model::ty::{Cat, Ty};
use crate::model::vocab::MAX_DEPTH;
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};

/// Whether the definition refuses null: `required` (default true); below the
/// input level also a `NotNull` constraint, a constraint whose validator
/// refuses null ([`Facets::null_refused_nested`]: NotBlank, EntityBundleExists),
/// or a lower count on a list or map (Drupal validates a null list or map
/// below the input level as an empty one).
pub fn refuses_null<'a, N: Node<'a>>(d: &Def<'a, N>, f: &Facets<N>, input_level: bool) -> bool {
    d.required
        || (!input_level
            && (f.not_null
                || f.null_refused_nested
                || (matches!(d.ty.cat(), Cat::List | Cat::Map)
                    && f.min_count.is_some_and(|m| m >= 1))))
}

/// Whether a list or map must not be empty as Drupal's NotNull sees it:
/// required, or with a `NotNull` constraint (even on an optional input: Drupal
/// skips a null input, not an empty one). Not the root map: Drupal never
/// validates the tool's inputs as a whole.
pub fn non_empty<'a, N: Node<'a>>(d: &Def<'a, N>, f: &Facets<N>, depth: usize) -> bool {
    (d.required || f.not_null) && !(depth == 0 && d.ty.cat() == Cat::Map)
}

/// A non-empty list: at least one item, and, unless an item can be neither
/// null nor empty (a required item: its own NotNull), not only empty items.
pub fn list<N>(items: Option<N>, item_never_empty: bool, facets: &mut Facets<N>) {
    raise(&mut facets.min_count, 1);
    if !item_never_empty {
        facets.nots.push(Not::EmptyItems(items));
    }
}

/// Whether the guard of a non-empty list or map is among `facets.nots`: it
/// refuses the empty container itself, so a lower count of 1 says nothing
/// more and is not written (the shortest form, CONTRACT "The schema a model
/// reads").
pub fn implies_min_one<N>(facets: &Facets<N>) -> bool {
    facets
        .nots
        .iter()
        .any(|n| matches!(n, Not::EmptyItems(_) | Not::NullValues))
}

/// A non-empty map with no property that refuses null: at least one property,
/// and not only null values.
pub fn map<N>(facets: &mut Facets<N>) {
    raise(&mut facets.min_count, 1);
    facets.nots.push(Not::NullValues);
}

/// The schema of an empty item of a list whose item definition is `def`
/// (ItemList::isEmpty()): null; a map item with only null values; a list item
/// of empty items. Null passes it too.
pub fn empty_item<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    def: Option<N>,
    depth: usize,
) -> B::Val {
    let ty = def
        .and_then(|d| d.get(Sym::Type))
        .map(|t| match t.kind() {
            Kind::Str(s) => Ty::from_id(s),
            _ => Ty::Other,
        })
        .unwrap_or(Ty::Any);
    let mut o = b.obj();
    // `type` names the container or null, so that ajv's strict mode
    // (strictTypes) accepts the keyword beside it; other values cannot be
    // items of such a list anyway.
    match ty.cat() {
        Cat::Map => {
            let t = or_null(b, Sym::Object);
            b.put(&mut o, Sym::Type, t);
            let n = null_type(b);
            b.put(&mut o, Sym::AdditionalProperties, n);
        }
        // Deeper than any valid definition: everything counts as empty
        // (stricter, never looser).
        Cat::List if depth >= MAX_DEPTH => {}
        Cat::List => {
            let t = or_null(b, Sym::Array);
            b.put(&mut o, Sym::Type, t);
            let items = def.and_then(|d| d.get(Sym::Items)).filter(|i| i.is_array());
            let v = empty_item(b, items, depth + 1);
            b.put(&mut o, Sym::Items, v);
        }
        _ => {
            let v = b.sym(Sym::Null);
            b.put(&mut o, Sym::Type, v);
        }
    }
    b.end_obj(o)
}

/// `[t, "null"]`.
fn or_null<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, t: Sym) -> B::Val {
    let mut a = b.arr();
    let v = b.sym(t);
    b.push(&mut a, v);
    let v = b.sym(Sym::Null);
    b.push(&mut a, v);
    b.end_arr(a)
}

fn null_type<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B) -> B::Val {
    let mut o = b.obj();
    let v = b.sym(Sym::Null);
    b.put(&mut o, Sym::Type, v);
    b.end_obj(o)
}

/// The schema under `not` for [`Not::EmptyItems`]: a list of empty items.
/// `type` only when the schema it sits in lets null through (`null_ok`), so
/// that null still passes the `not`; otherwise the outer `type: array` has
/// already refused every value that is not a list. An empty list is a list
/// of empty items, so the `not` refuses it too: the guard states
/// `minItems: 1` (see [`implies_min_one`]).
pub fn not_empty_items<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    items: Option<N>,
    null_ok: bool,
) -> B::Val {
    let mut o = b.obj();
    if null_ok {
        let v = b.sym(Sym::Array);
        b.put(&mut o, Sym::Type, v);
    }
    let v = empty_item(b, items, 0);
    b.put(&mut o, Sym::Items, v);
    b.end_obj(o)
}

/// The schema under `not` for [`Not::NullValues`]: a map of null values
/// (`type` only with `null_ok`, as for [`not_empty_items`]; the empty map
/// is one, so the guard states `minProperties: 1`).
pub fn not_null_values<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, null_ok: bool) -> B::Val {
    let mut o = b.obj();
    if null_ok {
        let v = b.sym(Sym::Object);
        b.put(&mut o, Sym::Type, v);
    }
    let v = null_type(b);
    b.put(&mut o, Sym::AdditionalProperties, v);
    b.end_obj(o)
}
