//! map → `type: object` with `properties` (A4: `{}` when there are none, never
//! `[]`), `required` listing the required properties (left out when none), and
//! A5: `additionalProperties: false`, on the root and on every map.

use super::definition::{valid_utf8, Def};
use super::Normalizer;
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Kind, Node};
use smallvec::SmallVec;

impl<'a, B> Normalizer<'_, 'a, B> {
    pub(super) fn map<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        out: &mut B::Obj,
        depth: usize,
    ) -> Result<(), DefinitionError>
    where
        B: Build<'a, N>,
    {
        let mut props = self.b.obj();
        let mut required: SmallVec<[N::Key; 16]> = SmallVec::new();
        if let Some(properties) = d.properties {
            properties.try_each(|name, pdef| {
                if let KeyRef::Str(s) = name.get() {
                    if !valid_utf8(s) {
                        return Err(self.path.error(
                            &[Seg::Sym(Sym::Properties)],
                            "property names must be valid UTF-8",
                        ));
                    }
                }
                let schema = self.child(
                    &[Seg::Sym(Sym::Properties), Seg::Key(name.get())],
                    pdef,
                    depth,
                )?;
                self.b.put_key(&mut props, name, schema);
                let optional = matches!(
                    pdef.get(Sym::Required).map(|n| n.kind()),
                    Some(Kind::Bool(false))
                );
                if !optional {
                    required.push(name);
                }
                Ok(())
            })?;
        }
        let props = self.b.end_obj(props);
        self.b.put(out, Sym::Properties, props);
        if !required.is_empty() {
            let mut arr = self.b.arr();
            for name in required {
                let v = self.b.key_string(name);
                self.b.push(&mut arr, v);
            }
            let v = self.b.end_arr(arr);
            self.b.put(out, Sym::Required, v);
        }
        let v = self.b.bool(false);
        self.b.put(out, Sym::AdditionalProperties, v);
        Ok(())
    }
}
