//! Reading one definition array: its type and the keys every type shares.
//!
//! Checks run in a fixed order (type, label, description, required, default,
//! examples, base_schema, then constraints, then items/properties), the same in
//! the PHP implementation, so that both report the same first error.

use crate::error::{DefinitionError, Path, Seg};
use crate::model::ty::Ty;
use crate::model::value_check::check_value;
use crate::sym::Sym;
use crate::view::{Kind, Node};

/// The keys of one definition, checked.
pub struct Def<'a, N> {
    pub ty: Ty,
    pub type_id: &'a [u8],
    /// The label and description: the node, and its text (checked once).
    pub label: Option<(N, &'a str)>,
    pub description: Option<(N, &'a str)>,
    pub required: bool,
    pub default: Option<N>,
    pub examples: Option<N>,
    pub base_schema: Option<N>,
    pub constraints: Option<N>,
    pub items: Option<N>,
    pub properties: Option<N>,
}

/// A string that must be valid UTF-8; `None` when absent, null or empty.
fn text<'a, N: Node<'a>>(
    def: N,
    key: Sym,
    path: &Path<'_>,
) -> Result<Option<(N, &'a str)>, DefinitionError> {
    match def.get(key) {
        None => Ok(None),
        Some(n) => match n.kind() {
            Kind::Null => Ok(None),
            Kind::Str(b"") => Ok(None),
            Kind::Str(_) => match n.utf8() {
                Some(t) => Ok(Some((n, t))),
                None => Err(path.error(&[Seg::Sym(key)], "must be valid UTF-8")),
            },
            _ => Err(path.error(&[Seg::Sym(key)], "must be a string")),
        },
    }
}

fn array_or_absent<'a, N: Node<'a>>(
    def: N,
    key: Sym,
    path: &Path<'_>,
) -> Result<Option<N>, DefinitionError> {
    match def.get(key) {
        None => Ok(None),
        Some(n) => match n.kind() {
            Kind::Array(a) => Ok(Some(a)),
            _ => Err(path.error(&[Seg::Sym(key)], "must be an array")),
        },
    }
}

impl<'a, N: Node<'a>> Def<'a, N> {
    #[inline(always)]
    pub fn read(def: N, path: &Path<'_>) -> Result<Def<'a, N>, DefinitionError> {
        let ty_node = def.get(Sym::Type);
        let type_id = match ty_node.map(|n| n.kind()) {
            None | Some(Kind::Null) => {
                return Err(path.error(&[Seg::Sym(Sym::Type)], "is required"))
            }
            Some(Kind::Str(b"")) => {
                return Err(path.error(&[Seg::Sym(Sym::Type)], "must not be empty"))
            }
            Some(Kind::Str(b)) if ty_node.is_some_and(|n| n.is_utf8()) => b,
            Some(Kind::Str(_)) => {
                return Err(path.error(&[Seg::Sym(Sym::Type)], "must be valid UTF-8"))
            }
            Some(_) => return Err(path.error(&[Seg::Sym(Sym::Type)], "must be a string")),
        };
        let ty = Ty::from_id(type_id);
        let label = text(def, Sym::Label, path)?;
        let description = text(def, Sym::Description, path)?;
        let required = match def.get(Sym::Required).map(|n| n.kind()) {
            None | Some(Kind::Null) => true,
            Some(Kind::Bool(b)) => b,
            Some(_) => return Err(path.error(&[Seg::Sym(Sym::Required)], "must be a boolean")),
        };
        let default = match def.get(Sym::Default) {
            Some(n) if !matches!(n.kind(), Kind::Null) => {
                check_value(n, path, Sym::Default)?;
                Some(n)
            }
            _ => None,
        };
        let examples = match def.get(Sym::Examples) {
            None => None,
            Some(n) => match n.kind() {
                Kind::Null => None,
                Kind::Array(a) if a.is_list() => {
                    check_value(a, path, Sym::Examples)?;
                    Some(a)
                }
                _ => return Err(path.error(&[Seg::Sym(Sym::Examples)], "must be a list")),
            },
        };
        let base_schema = if matches!(ty, Ty::Other | Ty::Entity) {
            match array_or_absent(def, Sym::BaseSchema, path)? {
                Some(b) => {
                    super::base_schema::check(b, path)?;
                    Some(b)
                }
                None => None,
            }
        } else {
            None
        };
        let constraints = array_or_absent(def, Sym::Constraints, path)?;
        let items = if ty == Ty::List {
            array_or_absent(def, Sym::Items, path)?
        } else {
            None
        };
        let properties = if ty == Ty::Map {
            array_or_absent(def, Sym::Properties, path)?
        } else {
            None
        };
        Ok(Def {
            ty,
            type_id,
            label,
            description,
            required,
            default,
            examples,
            base_schema,
            constraints,
            items,
            properties,
        })
    }
}
