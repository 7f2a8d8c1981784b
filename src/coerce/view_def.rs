//! Adapter from the crate's generic value view ([`crate::view::Node`], which the
//! zval backend implements) to [`DefNode`], so a walker over any `Node` backend
//! can call [`parse_definition`](super::parse_definition) as
//! `parse_definition(ViewDef(node))` and [`decide`](super::decide) with
//! [`scalar_of_node`].

use crate::sym::Sym;
use crate::view::{KeyRef, Kind as ViewKind, Node};

use super::{DefNode, Key, Scalar};

/// A `view::Node` read as a definition node.
#[derive(Debug, Clone, Copy)]
pub struct ViewDef<N>(pub N);

impl<'a, N: Node<'a>> DefNode<'a> for ViewDef<N> {
    type Entries = std::vec::IntoIter<(Key<'a>, Self)>;

    fn get(self, key: Sym) -> Option<Self> {
        self.0.get(key).map(ViewDef)
    }
    fn is_null(self) -> bool {
        matches!(self.0.kind(), ViewKind::Null)
    }
    fn is_array(self) -> bool {
        self.0.is_array()
    }
    fn as_str(self) -> Option<&'a [u8]> {
        match self.0.kind() {
            ViewKind::Str(s) => Some(s),
            _ => None,
        }
    }
    fn as_bool(self) -> Option<bool> {
        match self.0.kind() {
            ViewKind::Bool(b) => Some(b),
            _ => None,
        }
    }
    fn entries(self) -> Option<Self::Entries> {
        if !self.0.is_array() {
            return None;
        }
        let mut out = Vec::with_capacity(self.0.len());
        let _ = self.0.try_each::<()>(|k, v| {
            let key = match k {
                KeyRef::Int(i) => Key::Int(i),
                KeyRef::Str(s) => Key::Str(s),
            };
            out.push((key, ViewDef(v)));
            Ok(())
        });
        Some(out.into_iter())
    }
}

/// A `view::Node` value as a scalar for [`decide`](super::decide); `None` for
/// arrays, objects and anything else (which stay unchanged unless walked).
pub fn scalar_of_node<'a, N: Node<'a>>(n: N) -> Option<Scalar<'a>> {
    Some(match n.kind() {
        ViewKind::Null => Scalar::Null,
        ViewKind::Bool(b) => Scalar::Bool(b),
        ViewKind::Int(i) => Scalar::Int(i),
        ViewKind::Float(f) => Scalar::Float(f),
        ViewKind::Str(s) => Scalar::Str(s),
        ViewKind::Array(_) | ViewKind::Other => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coerce::{decide, parse_definition, Repair};
    use serde_json::json;

    #[test]
    fn same_summary_as_json_backend() {
        let d = json!({"type": "map", "properties": {
            "kind": {"type": "string", "constraints": {"Choice": {"choices": ["article", "page"]}}},
            "n": {"type": "integer", "required": false},
            "tags": {"type": "list", "items": {"type": "boolean"}}
        }});
        let a = parse_definition(&d).expect("valid");
        let b = parse_definition(ViewDef(&d)).expect("valid");
        assert_eq!(a.properties.len(), b.properties.len());
        let kind = &b.properties[0].1;
        assert_eq!(kind.choices.len(), 2);
        let v = json!("Page");
        let s = scalar_of_node(&v).expect("scalar");
        assert_eq!(decide(kind, s), Some(Repair::Choice(1)));
        let bad = json!({"type": "map", "properties": {"x": {"type": 5}}});
        let e = parse_definition(ViewDef(&bad)).expect_err("bad");
        assert_eq!(e.to_string(), "properties.x.type: must be a string");
    }
}
