//! The definition as coercion reads it: checked once, whole, up front
//! ([`check`]), then read lazily through [`Node`] while the value is walked
//! ([`Def`]): no tree is built, properties are looked up by hash.
//!
//! Only the keys coercion reads are checked: `type`, `required`, `items`
//! (lists), `properties` (maps), and in `constraints` the options of the
//! constraints that offer choices ([`crate::constraint::choices`]). The type
//! vocabulary is normalize's ([`Ty`]).

use crate::constraint::choice::{self, ChoiceOptions, Offered};
use crate::constraint::{self, choices, WITH_CHOICES};
use crate::error::{DefinitionError, Path, Seg};
use crate::model::ty::Ty;
use crate::model::vocab::MAX_DEPTH;
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};

/// `$def[$key]`, absent when null.
pub fn present<'a, N: Node<'a>>(node: N, key: Sym) -> Option<N> {
    node.get(key).filter(|n| !matches!(n.kind(), Kind::Null))
}

/// Checks the whole definition tree (the keys coercion reads), in the order
/// the PHP twin checks them, so that both report the same first error.
pub fn check<'a, N: Node<'a>>(definition: N) -> Result<(), DefinitionError> {
    check_node(definition, &mut Path::default(), 0)
}

fn check_node<'a, N: Node<'a>>(
    node: N,
    path: &mut Path<'a>,
    depth: usize,
) -> Result<(), DefinitionError> {
    if depth > MAX_DEPTH {
        return Err(path.error(&[], "nesting deeper than 64 levels"));
    }
    if !node.is_array() {
        return Err(path.error(&[], "must be an array"));
    }
    let ty = match present(node, Sym::Type).map(|t| t.kind()) {
        None => return Err(path.error(&[Seg::Sym(Sym::Type)], "is required")),
        Some(Kind::Str(s)) => Ty::from_id(s),
        Some(_) => return Err(path.error(&[Seg::Sym(Sym::Type)], "must be a string")),
    };
    match present(node, Sym::Required).map(|r| r.kind()) {
        None | Some(Kind::Bool(_)) => {}
        Some(_) => return Err(path.error(&[Seg::Sym(Sym::Required)], "must be a boolean")),
    }
    match ty {
        Ty::Any => Ok(()),
        Ty::List => match present(node, Sym::Items) {
            None => Ok(()),
            Some(items) if items.is_array() => {
                path.push(Seg::Sym(Sym::Items));
                let r = check_node(items, path, depth + 1);
                path.pop();
                r
            }
            Some(_) => Err(path.error(&[Seg::Sym(Sym::Items)], "must be an array")),
        },
        Ty::Map => match present(node, Sym::Properties) {
            None => Ok(()),
            Some(props) if props.is_array() => {
                path.push(Seg::Sym(Sym::Properties));
                let r = props.try_each(|name, child| {
                    path.push(Seg::Key(name.get()));
                    let r = if child.is_array() {
                        check_node(child, path, depth + 1)
                    } else {
                        Err(path.error(&[], "must be an array (a definition)"))
                    };
                    path.pop();
                    r
                });
                path.pop();
                r
            }
            Some(_) => Err(path.error(&[Seg::Sym(Sym::Properties)], "must be a map")),
        },
        _ => check_choices(node, path),
    }
}

fn check_choices<'a, N: Node<'a>>(node: N, path: &mut Path<'a>) -> Result<(), DefinitionError> {
    let Some(constraints) = present(node, Sym::Constraints) else {
        return Ok(());
    };
    if !constraints.is_array() {
        return Err(path.error(&[Seg::Sym(Sym::Constraints)], "must be an array"));
    }
    for name in WITH_CHOICES {
        let Some(options) = constraints.get(name) else {
            continue;
        };
        let at = [Seg::Sym(Sym::Constraints), Seg::Sym(name)];
        let with_choices = [at[0], at[1], Seg::Sym(Sym::Choices)];
        let (list, at): (N, &[Seg<'_>]) = match choices(name, options).offered {
            Offered::List(list) => (list, &at),
            Offered::ListUnderChoices(list) => (list, &with_choices),
            Offered::Nothing => continue,
            Offered::NotArray => return Err(path.error(&at, "must be an array")),
            Offered::ChoicesNotArray(_) => {
                return Err(path.error(&with_choices, "must be an array"))
            }
        };
        list.try_each(|key, choice| {
            if !choice.is_array() {
                return Ok(());
            }
            let mut segs: smallvec::SmallVec<[Seg<'_>; 4]> = at.iter().copied().collect();
            segs.push(Seg::Key(key.get()));
            Err(path.error(&segs, "must be a scalar"))
        })?;
    }
    Ok(())
}

/// A constraint of `node` says `yes` ([`constraint::refuses_null`],
/// [`constraint::asks_for_entries`]).
fn any<'a, N: Node<'a>>(node: N, yes: impl FnOnce(N) -> bool) -> bool {
    node.get(Sym::Constraints).is_some_and(yes)
}

/// One checked definition: its node, type and `required`, read once when the
/// walk reaches it, and what its place in the value allows; the rest is read
/// from the node when needed.
#[derive(Clone, Copy)]
pub struct Def<N> {
    pub node: N,
    pub ty: Ty,
    pub required: bool,
    /// B6 may make this value null (see [`Def::child`]).
    pub may_null: bool,
    /// (A list or map) this value may become empty: Drupal's NotNull, which
    /// a required list or map has, treats an empty list or map as null. It
    /// is optional, and, for a list item, its list may become empty too.
    pub may_empty: bool,
    /// For a list's items: the options of the list's `Choice` with
    /// `multiple: true`, which each item must satisfy ([`super::guard`]).
    pub each_choice_of: Option<ChoiceOptions<N>>,
}

impl<'a, N: Node<'a>> Def<N> {
    /// Reads a definition [`check`] has accepted: the root (the input itself).
    pub fn of(node: N) -> Def<N> {
        let ty = match node.get(Sym::Type).map(|t| t.kind()) {
            Some(Kind::Str(s)) => Ty::from_id(s),
            _ => Ty::Any,
        };
        // A constraint whose validator refuses null (normalize's not_null)
        // makes a null repair (B6) wrong below the input level: never made.
        let required = !matches!(
            node.get(Sym::Required).map(|r| r.kind()),
            Some(Kind::Bool(false))
        ) || any(node, constraint::refuses_null);
        Def {
            node,
            ty,
            required,
            may_null: true,
            may_empty: !required,
            each_choice_of: None,
        }
    }

    /// The definition of a child of this list (`item`) or map.
    ///
    /// B6 never makes a list item null: a null item is an empty item, and a
    /// list of empty items is an empty list to Drupal. A map property may
    /// become null when the map may become empty, or when another of its
    /// entries holds a value that is neither null nor `""` (`solid`): Drupal's
    /// Map::isEmpty() asks whether every value is null. Emptiness goes up
    /// through list items (ItemList::isEmpty() asks its map and list items),
    /// not through map properties (a list or map property is an array).
    pub fn child(&self, node: N, item: bool, solid: bool) -> Def<N> {
        let mut d = Def::of(node);
        // Below the input level Drupal validates a null list or map as an
        // empty one (normalize's not_null): a constraint that asks for
        // entries refuses null there.
        if matches!(d.ty, Ty::List | Ty::Map) && any(node, constraint::asks_for_entries) {
            d.required = true;
        }
        d.may_null = !item && (self.may_empty || solid);
        d.may_empty = !d.required && (!item || self.may_empty);
        d
    }

    /// The item definition of a list (`None`: items are not walked).
    pub fn items(&self) -> Option<Def<N>> {
        if self.ty != Ty::List {
            return None;
        }
        let mut d = self.child(present(self.node, Sym::Items)?, true, false);
        d.each_choice_of = present(self.node, Sym::Constraints).and_then(choice::each_of);
        Some(d)
    }

    /// The `properties` of a map, when it has any.
    pub fn properties(&self) -> Option<N> {
        if self.ty != Ty::Map {
            return None;
        }
        present(self.node, Sym::Properties).filter(|p| !p.is_empty())
    }

    /// Calls `f` with each string choice of the choice constraints, in order,
    /// with the node holding it, until `f` says stop (returns false). The
    /// choices of a constraint whose `match` is false are forbidden values,
    /// not choices: they are left out.
    pub fn each_choice(&self, mut f: impl FnMut(&'a [u8], N) -> bool) {
        let Some(constraints) = present(self.node, Sym::Constraints) else {
            return;
        };
        for name in WITH_CHOICES {
            let Some(options) = constraints.get(name) else {
                continue;
            };
            // The choices of a false `match` are forbidden values.
            let o = choices(name, options);
            let (Some(list), Some(true) | None) = (o.list(), o.matches) else {
                continue;
            };
            if list.any(|_, choice| matches!(choice.kind(), Kind::Str(s) if !f(s, choice))) {
                return;
            }
        }
    }
}
