//! list → `type: array` with `items` from the item definition (none when the list
//! has no item definition).

use super::definition::Def;
use super::Normalizer;
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Build, Node};

impl<'a, B> Normalizer<'_, 'a, B> {
    pub(super) fn list<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        out: &mut B::Obj,
        depth: usize,
    ) -> Result<(), DefinitionError>
    where
        B: Build<'a, N>,
    {
        if let Some(items) = d.items {
            let v = self.child(&[Seg::Sym(Sym::Items)], items, depth)?;
            self.b.put(out, Sym::Items, v);
        }
        Ok(())
    }
}
