//! `Choice` and `AllowedValues` → `enum`. Options: a list of choices, or
//! `{choices: [...]}`. `multiple: true` (the value is a list of choices) is left
//! out; an unresolved `callback` is an error (the Drupal adapter resolves it).

use super::definition::Cat;
use super::facets::{Enum, Facets, Rule};
use super::value_check::check_scalar;
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};
use smallvec::{smallvec, SmallVec};

/// Checks that `list` is a list of scalars; `extra` is the path to it.
pub fn check_choices<'a, N: Node<'a>>(
    rule: &Rule<'_, 'a>,
    list: N,
    extra: &[Seg<'a>],
) -> Result<N, DefinitionError> {
    let list = match list.kind() {
        Kind::Array(a) if a.is_list() => a,
        _ => return Err(rule.error(extra, "must be a list")),
    };
    let mut trail: SmallVec<[Seg<'a>; 8]> =
        smallvec![Seg::Sym(Sym::Constraints), Seg::Key(rule.name)];
    trail.extend_from_slice(extra);
    list.try_each(|k, v| {
        trail.push(Seg::Key(k.get()));
        let r = check_scalar(v, rule.path, &trail);
        trail.pop();
        r
    })?;
    Ok(list)
}

pub fn applies(cat: Cat) -> bool {
    !matches!(cat, Cat::List | Cat::Map)
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let list = match opts.kind() {
        Kind::Array(a) if a.is_list() => check_choices(rule, a, &[])?,
        Kind::Array(a) => match a.get(Sym::Choices) {
            Some(c) => check_choices(rule, c, &[Seg::Sym(Sym::Choices)])?,
            None if a.get(Sym::Callback).is_some() => {
                return Err(rule.error(
                    &[Seg::Sym(Sym::Callback)],
                    "must be resolved into choices before normalizing",
                ))
            }
            None => return Err(rule.error(&[Seg::Sym(Sym::Choices)], "is required")),
        },
        _ => return Err(rule.error(&[], "must be an array")),
    };
    let multiple = matches!(
        opts.get(Sym::Multiple).map(|n| n.kind()),
        Some(Kind::Bool(true))
    );
    if applies(rule.cat) && !multiple {
        facets.enums.push(Enum::List(list));
    }
    Ok(())
}
