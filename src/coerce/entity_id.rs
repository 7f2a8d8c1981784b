//! Issue 27: an int ID for an entity input with a fixed type (`entity:T`,
//! `entity:T:B`), whose schema asks for the ID as a string
//! ([`crate::normalize::entity`]): an int `>= 0` becomes its decimal digits
//! (`1` → `"1"`). Negative ints, floats, bools, strings, and plain `entity`
//! (whose schema asks for `"TYPE:ID"`) stay unchanged.

use super::{Def, Repair};
use crate::model::ty::Ty;
use crate::model::value::Scalar;
use crate::normalize::entity;
use crate::sym::Sym;
use crate::view::{Kind, Node};

pub fn decide<'a, N: Node<'a>>(def: &Def<N>, v: Scalar<'_>) -> Option<Repair<N>> {
    match v {
        Scalar::Int(i) if i >= 0 && fixed_type(def) => Some(Repair::String(i.to_string())),
        _ => None,
    }
}

/// Whether `def` is an entity input with a fixed type.
pub fn fixed_type<'a, N: Node<'a>>(def: &Def<N>) -> bool {
    def.ty == Ty::Entity
        && matches!(def.node.get(Sym::Type).map(|t| t.kind()),
            Some(Kind::Str(id)) if entity::target(id).is_some())
}
