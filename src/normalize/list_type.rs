//! list → `type: array` with `items` from the item definition (none when the
//! list has no item definition). A `Choice` with `multiple: true` on the list
//! puts its choices on the items (an `enum` of the item schema, or of an
//! `items` of its own when there is no item definition).

use super::definition::Def;
use super::{nullable, Emit, Normalizer};
use crate::error::{DefinitionError, Seg};
use crate::model::facets::Not;
use crate::sym::Sym;
use crate::view::Node;

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
        {
            let b = &mut *self.b;
            let mut o = b.obj();
            let mut all_of = b.arr();
            let (mut has_enum, mut has_not, mut more) = (false, false, false);
            for (list, matches) in item_enums {
                let (key, v) = if *matches {
                    let e = if list.is_empty() {
                        crate::model::facets::Enum::Nothing
                    } else {
                        crate::model::facets::Enum::List(*list)
                    };
                    nullable::enumeration(b, e, false)
                } else if list.is_empty() {
                    continue;
                } else {
                    (Sym::Not, nullable::not_schema(b, &Not::Enum(*list), false))
                };
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
            Ok((Some(b.end_obj(o)), false))
        }
    }
}
