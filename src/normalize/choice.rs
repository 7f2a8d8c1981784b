//! `Choice` and `AllowedValues` → `enum`. Options: a list of choices, or
//! `{choices: [...], multiple, min, max, match}`.
//!
//! - `match: false` (the value must not be a choice) → `not: {enum: [...]}`.
//! - `multiple: true` on a list (each item is a choice) → the items' `enum`,
//!   `min`/`max` → `minItems`/`maxItems`.
//! - An empty choice list accepts no value but null: `enum: [null]` (never
//!   `enum: []`, which nothing satisfies and validators refuse), with a warning.
//! - On a list without `multiple`, with `multiple` on a single value, or
//!   `AllowedValues` on a list, a map, `any` or an entity at all (Drupal's
//!   validator wants primitive data and throws), Drupal rejects every value:
//!   [`super::constraint::NOT_APPLICABLE`].
//!
//! An unresolved `callback` is an error (the Drupal adapter resolves it).

use super::definition::{Cat, Ty};
use super::facets::{lower, raise, Enum, Facets, Not, Rule};
use super::value_check::check_scalar;
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};
use smallvec::{smallvec, SmallVec};

pub const EMPTY: &str = "choice_empty";

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

/// Single values (not lists or maps): what an enum of scalars can restrict.
pub fn applies(cat: Cat) -> bool {
    !matches!(cat, Cat::List | Cat::Map)
}

/// A boolean option, `default` when absent or null.
pub fn flag<'a, N: Node<'a>>(
    rule: &Rule<'_, 'a>,
    opts: N,
    key: Sym,
    default: bool,
) -> Result<bool, DefinitionError> {
    match opts.get(key).map(|n| n.kind()) {
        None | Some(Kind::Null) => Ok(default),
        Some(Kind::Bool(b)) => Ok(b),
        Some(_) => Err(rule.error(&[Seg::Sym(key)], "must be a boolean")),
    }
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    which: Sym,
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
    // The bare-list form has no options.
    let options = !opts.is_list();
    let multiple = options && flag(rule, opts, Sym::Multiple, false)?;
    let matches = !options || flag(rule, opts, Sym::Match, true)?;
    let (min, max) = if options {
        (
            rule.count_option(opts, Sym::Min)?,
            rule.count_option(opts, Sym::Max)?,
        )
    } else {
        (None, None)
    };
    match (rule.cat, multiple) {
        // Drupal's AllowedValues wants a single (primitive) value: on a list it throws.
        (Cat::List, true) if which == Sym::Choice => {
            facets.item_enums.push((list, matches));
            if let Some(m) = min {
                raise(&mut facets.min_count, m);
            }
            if let Some(m) = max {
                lower(&mut facets.max_count, m);
            }
        }
        (Cat::List | Cat::Map, _) | (_, true) => rule.not_applicable(),
        // AllowedValues checks primitive data only: on `any` or an entity
        // Drupal throws.
        _ if which == Sym::AllowedValues && matches!(rule.ty, Ty::Any | Ty::Entity) => {
            rule.not_applicable()
        }
        _ => {
            push(rule, list, matches, facets);
            // Drupal's AllowedValues casts its choices to the value's type;
            // Symfony's Choice compares strictly.
            if which == Sym::Choice && rule.cat == Cat::Int && matches && !list.is_empty() {
                if let Some(e) = facets.enums.pop() {
                    facets.enums.push(strict_on_int(e));
                }
            }
        }
    }
    Ok(())
}

/// The enum (or forbidden enum) a choice list says, for a single value.
pub fn push<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    list: N,
    matches: bool,
    facets: &mut Facets<N>,
) {
    if !matches {
        if !list.is_empty() {
            facets.nots.push(Not::Enum(list));
        }
    } else if list.is_empty() {
        rule.warn(
            EMPTY,
            "the choice list is empty: no value but null is accepted".to_owned(),
        );
        facets.enums.push(Enum::Nothing);
    } else {
        facets.enums.push(Enum::List(list));
    }
}

/// A strict choice list (Symfony's Choice, IdenticalTo) on an integer: the
/// floats in it can never match (see [`Enum::Ints`]).
pub fn strict_on_int<N: Copy>(e: Enum<N>) -> Enum<N> {
    match e {
        Enum::List(list) => Enum::Ints(list),
        e => e,
    }
}
