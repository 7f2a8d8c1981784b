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
//!   input level (a map property, a list item). On an input itself Drupal
//!   skips validation of an optional null value, so it changes nothing there.

use super::definition::{Cat, Ty};
use super::facets::{raise, Facets, Not};
use super::MAX_DEPTH;
use crate::sym::Sym;
use crate::view::{Build, Kind, Node};

/// Whether the definition `def` refuses null (and emptiness): `required`
/// (default true), or a `NotNull` constraint below the input level.
pub fn required<'a, N: Node<'a>>(def: N, input_level: bool) -> bool {
    match def.get(Sym::Required).map(|n| n.kind()) {
        Some(Kind::Bool(false)) => {
            !input_level
                && def
                    .get(Sym::Constraints)
                    .and_then(|c| c.get(Sym::NotNull))
                    .is_some()
        }
        _ => true,
    }
}

/// Adds what a required container needs to be non-empty.
/// `items`: the list's item definition; `any_required`: a map declares a
/// required property.
pub fn container<'a, N: Node<'a>>(
    cat: Cat,
    items: Option<N>,
    any_required: bool,
    facets: &mut Facets<N>,
) {
    match cat {
        Cat::List => {
            raise(&mut facets.min_count, 1);
            // A required item can be neither null nor empty (its own NotNull).
            if !items.is_some_and(|i| required(i, false)) {
                facets.nots.push(Not::EmptyItems(items));
            }
        }
        Cat::Map if !any_required => {
            raise(&mut facets.min_count, 1);
            facets.nots.push(Not::NullValues);
        }
        _ => {}
    }
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
pub fn not_empty_items<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, items: Option<N>) -> B::Val {
    let mut o = b.obj();
    let v = b.sym(Sym::Array);
    b.put(&mut o, Sym::Type, v);
    let v = empty_item(b, items, 0);
    b.put(&mut o, Sym::Items, v);
    b.end_obj(o)
}

/// The schema under `not` for [`Not::NullValues`]: a map of null values.
pub fn not_null_values<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B) -> B::Val {
    let mut o = b.obj();
    let v = b.sym(Sym::Object);
    b.put(&mut o, Sym::Type, v);
    let v = null_type(b);
    b.put(&mut o, Sym::AdditionalProperties, v);
    b.end_obj(o)
}
