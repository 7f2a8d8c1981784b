//! map → `type: object`. A map that declares properties, and the root (the
//! tool's inputs), are closed: `properties` (A4: `{}` when there are none,
//! never `[]`), `required` listing the required properties (left out when
//! none), and A5: `additionalProperties: false`. A map below the root without
//! declared properties is free-form input (Drupal accepts any keys there) and
//! stays open: `type: object` only.

use super::definition::{valid_utf8, Def};
use super::{not_null, Normalizer};
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Node};
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
        let declared = d.properties.filter(|p| !p.is_empty());
        if declared.is_none() && depth > 0 {
            return Ok(());
        }
        let child_input = self.input_level(depth + 1);
        let mut props = self.b.obj();
        let mut required: SmallVec<[N::Key; 16]> = SmallVec::new();
        if let Some(properties) = declared {
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
                    &[],
                )?;
                self.b.put_key(&mut props, name, schema);
                if pdef.is_array() && not_null::required(pdef, child_input) {
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
