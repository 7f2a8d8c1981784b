//! [`DefNode`] for every [`crate::view::Node`]: the zval backend and the
//! serde_json backend both read definitions through the crate's one view trait,
//! so [`parse_definition`](super::parse_definition) takes any of them directly,
//! and [`decide`](super::decide) takes a value through [`scalar_of_node`].

use crate::sym::Sym;
use crate::view::{Key, KeyRef, Kind as ViewKind, Node};

use super::{DefNode, Scalar};

impl<'a, N: Node<'a>> DefNode<'a> for N {
    type Entries = std::vec::IntoIter<(KeyRef<'a>, Self)>;

    fn get(self, key: Sym) -> Option<Self> {
        Node::get(self, key)
    }
    fn is_null(self) -> bool {
        matches!(self.kind(), ViewKind::Null)
    }
    fn is_array(self) -> bool {
        Node::is_array(self)
    }
    fn as_str(self) -> Option<&'a [u8]> {
        match self.kind() {
            ViewKind::Str(s) => Some(s),
            _ => None,
        }
    }
    fn as_bool(self) -> Option<bool> {
        match self.kind() {
            ViewKind::Bool(b) => Some(b),
            _ => None,
        }
    }
    fn entries(self) -> Option<Self::Entries> {
        if !Node::is_array(self) {
            return None;
        }
        let mut out = Vec::with_capacity(self.len());
        let _ = self.try_each::<()>(|k, v| {
            out.push((k.get(), v));
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
