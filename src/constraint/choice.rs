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
//!   [`super::NOT_APPLICABLE`].
//!
//! An unresolved `callback` is an error (the Drupal adapter resolves it).
//!
//! A value is rejected as Drupal's validators decide (the options read, not
//! checked, as Symfony's constraint objects hold them:
//! [`crate::model::value::option_flag`]; a `match` Symfony cannot
//! take, null or an array, leaves the constraint undecided):
//!
//! * `Choice` (without `multiple`): `in_array($v, $choices, true)`, strict
//!   (`2.0` is not the choice `2`); with `match: false` the choices are the
//!   forbidden values. Null passes. For a list's items, the list's `Choice`
//!   with `multiple: true` ([`each_of`]): the same for each item, null items
//!   included.
//! * `AllowedValues`: Drupal casts the value to its data type and the choices
//!   to the value's type, then compares strictly. Between two strings (B2 and
//!   B3 on the string kinds and decimal) the choices are cast as PHP does (an
//!   int to its digits, `true` to `"1"`, `false` and null to `""`; a float
//!   choice, which PHP prints by its `precision` setting, leaves the constraint
//!   undecided: it drops nothing). A repair that changes the PHP type (`"5"` →
//!   `5`, `5.0` → `5`, `1` → `true`, `"1e3"` → `1000.0`) leaves the cast value
//!   as it was for every original Drupal's PrimitiveType accepts, so it never
//!   changes AllowedValues' verdict. Null passes.
//!
//! Their string choices are offered to B2 ([`offered`]), unless `match` is
//! false.

use crate::error::{DefinitionError, Seg};
use crate::model::facets::{narrow, Enum, Facets, Not, Rule};
use crate::model::ty::{Cat, Ty};
use crate::model::value::option_flag;
use crate::model::value::Scalar;
use crate::model::value::V;
use crate::model::value_check::check_scalar;
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
    let stated = if options {
        (
            rule.count_option(opts, Sym::Min)?,
            rule.count_option(opts, Sym::Max)?,
        )
    } else {
        (None, None)
    };
    match (rule.cat, multiple) {
        // Drupal's AllowedValues wants a single (primitive) value: on a list it throws.
        (Cat::List, true) if rule.id == Sym::Choice => {
            facets.item_enums.push((list, matches));
            narrow(&mut facets.min_count, &mut facets.max_count, stated);
        }
        (Cat::List | Cat::Map, _) | (_, true) => rule.not_applicable(),
        // AllowedValues checks primitive data only: on `any` or an entity
        // Drupal throws.
        _ if rule.id == Sym::AllowedValues && matches!(rule.ty, Ty::Any | Ty::Entity) => {
            rule.not_applicable()
        }
        _ => {
            push(rule, list, matches, facets);
            // Drupal's AllowedValues casts its choices to the value's type;
            // Symfony's Choice compares strictly.
            if rule.id == Sym::Choice && rule.cat == Cat::Int && matches && !list.is_empty() {
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

/// What the options of a constraint offering choices hold.
pub enum Offered<N> {
    /// A list of choices: the options themselves, or their `choices`.
    List { list: N, under_choices: bool },
    /// Nothing to match: a derived enum given as a bare string (not
    /// resolved), or options without `choices` that are not a list (other
    /// options only, `callback`, ...).
    Nothing,
    /// The options are not an array.
    NotArray,
    /// `choices` is not an array.
    ChoicesNotArray,
}

/// The choices `Choice`/`AllowedValues` options offer.
#[inline]
pub fn offered<'a, N: Node<'a>>(options: N) -> Offered<N> {
    if !options.is_array() {
        return Offered::NotArray;
    }
    match options.get(Sym::Choices) {
        Some(list) if list.is_array() => Offered::List {
            list,
            under_choices: true,
        },
        Some(_) => Offered::ChoicesNotArray,
        None if options.is_list() => Offered::List {
            list: options,
            under_choices: false,
        },
        None => Offered::Nothing,
    }
}

/// Whether the options ask for a choice: not a false `match`
/// ([`option_flag`]).
#[inline]
pub fn matches_choices<'a, N: Node<'a>>(options: N) -> bool {
    !options.is_array() || option_flag(options, Sym::Match, true, true) != Some(false)
}

#[inline]
fn multiple<'a, N: Node<'a>>(options: N) -> bool {
    options.is_array() && option_flag(options, Sym::Multiple, false, false) == Some(true)
}

/// A `multiple` Choice with a `min` asks a list for entries (read broadly: a
/// Count with no lower bound counts too; B6 is then merely not made).
#[inline]
pub fn asks_for_entries<'a, N: Node<'a>>(options: N) -> bool {
    multiple(options)
        && options
            .get(Sym::Min)
            .is_some_and(|m| !matches!(m.kind(), Kind::Null))
}

/// The options of a list's `Choice` with `multiple: true` (of its
/// `constraints`), which each item must satisfy.
#[inline]
pub fn each_of<'a, N: Node<'a>>(constraints: N) -> Option<N> {
    constraints
        .get(Sym::Choice)
        .filter(|o| multiple(*o) && o.get(Sym::Choices).is_some_and(|c| c.is_array()))
}

/// The choice list of a `Choice`/`AllowedValues` as its validator reads it
/// (the PHP twin's `ChoiceList`).
struct ChoiceList<N> {
    list: N,
    /// A value must be one of the choices (`match`, default true).
    matches: bool,
    /// The value is a list of choices (`multiple`, default false).
    multiple: bool,
}

/// The choice list of a `Choice`/`AllowedValues`, or `None` when its options
/// give none.
fn choice_list<'a, N: Node<'a>>(options: N) -> Option<ChoiceList<N>> {
    let Offered::List {
        list,
        under_choices,
    } = offered(options)
    else {
        return None;
    };
    Some(ChoiceList {
        list,
        matches: !under_choices || option_flag(options, Sym::Match, true, true)?,
        multiple: under_choices && option_flag(options, Sym::Multiple, false, false)?,
    })
}

/// `in_array($v, $list, true)` (the choices are scalars: an array is none).
fn contains<'a, N: Node<'a>>(list: N, v: V<'_>) -> bool {
    let V::Scalar(v) = v else { return false };
    list.try_each(|_, c| match Scalar::of(c.kind()) {
        Some(c) if c == v => Err(()),
        _ => Ok(()),
    })
    .is_err()
}

/// Symfony's Choice: `match xor in_array($v, $choices, true)`. `single`: the
/// constraint of a single value (null passes; `multiple` there rejects every
/// value: undecided); otherwise a list's `multiple` choice, for one item.
pub fn rejects<'a, N: Node<'a>>(options: N, v: V<'_>, single: bool) -> Option<bool> {
    let l = choice_list(options)?;
    if single && l.multiple {
        return None;
    }
    if single && v == V::Scalar(Scalar::Null) {
        return Some(false);
    }
    Some(l.matches != contains(l.list, v))
}

/// Drupal's AllowedValues between strings.
pub fn allowed_rejects<'a, N: Node<'a>>(ty: Ty, options: N, v: V<'_>) -> Option<bool> {
    let V::Scalar(Scalar::Str(s)) = v else {
        return None;
    };
    if ty.cat() != Cat::Str {
        return None;
    }
    let l = choice_list(options)?;
    if l.multiple {
        return None;
    }
    // DecimalData::getCastedValue(): `$this->getString() ?: '0.0'`.
    let s: &[u8] = if ty == Ty::Decimal && (s.is_empty() || s == b"0") {
        b"0.0"
    } else {
        s
    };
    let mut found = false;
    let mut undecided = false;
    let _ = l.list.try_each(|_, c| {
        let text: std::borrow::Cow<'_, [u8]> = match c.kind() {
            Kind::Str(c) => c.into(),
            Kind::Int(i) => i.to_string().into_bytes().into(),
            Kind::Bool(true) => (&b"1"[..]).into(),
            Kind::Bool(false) | Kind::Null => (&b""[..]).into(),
            _ => {
                undecided = true;
                return Err(());
            }
        };
        found = *text == *s;
        if found {
            Err(())
        } else {
            Ok(())
        }
    });
    if undecided {
        return None;
    }
    Some(l.matches != found)
}

#[cfg(test)]
mod tests {
    use crate::model::value::{Scalar, V};
    use serde_json::json;

    #[test]
    fn a_choice_is_strict() {
        let o = json!([1, 2.0]);
        let rejects = |s| super::rejects(&o, V::Scalar(s), true);
        assert_eq!(rejects(Scalar::Int(2)), Some(true));
        assert_eq!(rejects(Scalar::Float(2.0)), Some(false));
        assert_eq!(rejects(Scalar::Str(b"1")), Some(true));
        assert_eq!(rejects(Scalar::Null), Some(false));
    }
}
