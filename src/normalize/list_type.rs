//! list → `type: array` with `items` from the item definition (none when the
//! list has no item definition). A `Choice` with `multiple: true` on the list
//! puts its choices on the items (an `enum` of the item schema, or of an
//! `items` of its own when there is no item definition).

use super::definition::Def;
use super::{nullable, Emit, Normalizer};
use crate::error::{DefinitionError, Seg};
use crate::model::facets::{Enum, Not};
use crate::sym::Sym;
use crate::view::{Build, Node};
use smallvec::SmallVec;

impl<'a, B> Normalizer<'_, 'a, B> {
    /// The `items` schema, if any, and whether an item can be neither null
    /// nor empty.
    pub(super) fn list<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        item_enums: &[(N, bool)],
        depth: usize,
    ) -> Result<(Option<B::Val>, bool), DefinitionError>
    where
        B: Emit<'a, N>,
    {
        if let Some(items) = d.items {
            let v = self.schema(&[Seg::Sym(Sym::Items)], items, depth + 1, item_enums)?;
            return Ok((Some(v), self.refused_empty));
        }
        if item_enums.is_empty() {
            return Ok((None, false));
        }
        Ok((Some(self.b.choice_items(item_enums)), false))
    }
}

/// The schema of the items of a list without an item definition that a
/// `Choice` with `multiple: true` puts its choices on: an `enum` of them
/// (`match: false`: a `not` of them); a second one in `allOf`.
pub fn choice_items<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    item_enums: &[(N, bool)],
) -> B::Val {
    let mut o = b.obj();
    let mut all_of = b.arr();
    let (mut has_enum, mut has_not, mut more) = (false, false, false);
    for (key, v) in choices(b, item_enums) {
        let first = if key == Sym::Not {
            &mut has_not
        } else {
            &mut has_enum
        };
        if *first {
            let v = super::one(b, key, v);
            b.push(&mut all_of, v);
            more = true;
        } else {
            *first = true;
            b.put(&mut o, key, v);
        }
    }
    if more {
        let v = b.end_arr(all_of);
        b.put(&mut o, Sym::AllOf, v);
    } else {
        drop(b.end_arr(all_of));
    }
    b.end_obj(o)
}

/// Each choice list as its keyword: `enum` (or `const`), or `not` for
/// `match: false`; an empty list that does not match says nothing.
pub fn choices<'a, N: Node<'a>, B: Build<'a, N>>(
    b: &mut B,
    item_enums: &[(N, bool)],
) -> SmallVec<[(Sym, B::Val); 2]> {
    let mut out = SmallVec::new();
    for (list, matches) in item_enums {
        if *matches {
            let e = if list.is_empty() {
                Enum::Nothing
            } else {
                Enum::List(*list)
            };
            out.push(nullable::enumeration(b, e, false));
        } else if !list.is_empty() {
            out.push((Sym::Not, nullable::not_schema(b, &Not::Enum(*list), false)));
        }
    }
    out
}
