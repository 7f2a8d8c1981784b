//! map → `type: object`. A map that declares properties, and the root (the
//! tool's inputs), are closed: `properties` (A4: `{}` when there are none,
//! never `[]`), `required` listing the properties that refuse null (left out
//! when none), and A5: `additionalProperties: false`. A map below the root
//! without declared properties is free-form input (Drupal accepts any keys
//! there) and stays open: `type: object` only.

use super::definition::Def;
use super::{Emit, Normalizer};
use crate::error::{DefinitionError, Seg};
use crate::model::vocab::valid_utf8;
use crate::sym::Sym;
use crate::view::{Build, Key, KeyRef, Node};
use smallvec::SmallVec;

/// A map's normalized properties: the keywords of a closed map (`None` for an
/// open one), and whether a property refuses null.
pub type Properties<V> = (Option<Closed<V>>, bool);

/// The keywords of a closed map, built before the map's own keywords.
pub struct Closed<V> {
    properties: V,
    required: Option<V>,
}

impl<'a, B> Normalizer<'_, 'a, B> {
    /// Normalizes the properties.
    pub(super) fn map<N: Node<'a>>(
        &mut self,
        d: &Def<'a, N>,
        depth: usize,
    ) -> Result<Properties<B::Val>, DefinitionError>
    where
        B: Emit<'a, N>,
    {
        let declared = d.properties.filter(|p| !p.is_empty());
        if declared.is_none() && depth > 0 {
            return Ok((None, false));
        }
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
                let schema = self.schema(
                    &[Seg::Sym(Sym::Properties), Seg::Key(name.get())],
                    pdef,
                    depth + 1,
                    &[],
                )?;
                self.b.put_key(&mut props, name, schema);
                if self.refused_null {
                    required.push(name);
                }
                Ok(())
            })?;
        }
        let any_required = !required.is_empty();
        let properties = self.b.end_obj(props);
        let required = if any_required {
            let mut arr = self.b.arr();
            for name in required {
                let v = self.b.key_string(name);
                self.b.push(&mut arr, v);
            }
            Some(self.b.end_arr(arr))
        } else {
            None
        };
        Ok((
            Some(Closed {
                properties,
                required,
            }),
            any_required,
        ))
    }
}

impl<V> Closed<V> {
    /// `properties` and `required`.
    pub fn into_parts(self) -> (V, Option<V>) {
        (self.properties, self.required)
    }
}

/// Writes a closed map's keywords.
pub fn put<'a, N: Node<'a>, B: Build<'a, N>>(b: &mut B, out: &mut B::Obj, c: Closed<B::Val>) {
    b.put(out, Sym::Properties, c.properties);
    if let Some(r) = c.required {
        b.put(out, Sym::Required, r);
    }
    let v = b.bool(false);
    b.put(out, Sym::AdditionalProperties, v);
}
