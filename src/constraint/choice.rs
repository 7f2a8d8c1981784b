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
//! The options are read once ([`read`]): the choice list, the options as
//! Symfony's constraint object holds them
//! ([`crate::model::value::option_flag`]), and what normalize_schema
//! refuses in them. A value is rejected as Drupal's validators decide (a
//! `match` Symfony cannot take, null or an array, leaves the constraint
//! undecided):
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
//! Their string choices are offered to B2 ([`crate::constraint::choices`]),
//! unless `match` is false.

use super::Problem;
use crate::error::{DefinitionError, Seg};
use crate::model::facets::{narrow, Enum, Facets, Not, Rule};
use crate::model::ty::{Cat, Ty};
use crate::model::value::{option_flag, Number, Scalar, V};
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

/// What the options of a constraint offering choices hold.
#[derive(Clone, Copy)]
pub enum Offered<N> {
    /// A list of choices: the options themselves.
    List(N),
    /// A list of choices: the options' `choices`.
    ListUnderChoices(N),
    /// Nothing to match: a derived enum given as a bare string (not
    /// resolved), or options without `choices` that are not a list (other
    /// options only, `callback`, ...).
    Nothing,
    /// The options are not an array.
    NotArray,
    /// `choices` is not an array.
    ChoicesNotArray(N),
}

/// The options of a `Choice` or `AllowedValues` (or of a derived enum,
/// [`super::derived_enum`]), read once ([`read`]): the choice list, and the
/// options as the constraint object holds them.
#[derive(Clone, Copy)]
pub struct ChoiceOptions<N> {
    pub offered: Offered<N>,
    /// `match` (default true), a declared `bool`: `None` when the object
    /// cannot hold it (null or an array: a TypeError, undecided).
    pub matches: Option<bool>,
    /// `multiple` (default false): the value is a list of choices.
    pub multiple: bool,
    pub min: Number,
    pub max: Number,
    /// A `callback` is given (without `choices`: unresolved).
    pub callback: bool,
    /// The first option normalize_schema refuses: `multiple`, `match`
    /// (not a bool or null), `min`, `max` (not a non-negative int or null).
    pub problem: Option<Problem>,
}

/// Reads the options; `bare`: what options that are not an array hold
/// ([`Offered::NotArray`], an error, for `Choice`/`AllowedValues`;
/// [`Offered::Nothing`] for a derived enum given as a bare string). Inlined
/// into each caller, which reads a field or two of what it gives.
#[inline(always)]
pub fn read<'a, N: Node<'a>>(options: N, bare: Offered<N>) -> ChoiceOptions<N> {
    let choices = options.get(Sym::Choices);
    let offered = match choices {
        _ if !options.is_array() => bare,
        Some(list) if list.is_array() => Offered::ListUnderChoices(list),
        Some(other) => Offered::ChoicesNotArray(other),
        None if options.is_list() => Offered::List(options),
        None => Offered::Nothing,
    };
    // A list of choices holds no options; the others (rare) are looked up
    // when the options hold more than `choices`.
    let more =
        !matches!(offered, Offered::List(_)) && options.len() > usize::from(choices.is_some());
    let get = |key| more.then(|| options.get(key)).flatten();
    let (multiple, matches) = (get(Sym::Multiple), get(Sym::Match));
    let (min, max) = (Number::of(get(Sym::Min)), Number::of(get(Sym::Max)));
    ChoiceOptions {
        offered,
        matches: option_flag(matches, true, true),
        multiple: option_flag(multiple, false, false) == Some(true),
        min,
        max,
        callback: get(Sym::Callback).is_some(),
        problem: Problem::flag(multiple, Sym::Multiple)
            .or(Problem::flag(matches, Sym::Match))
            .or(Problem::count(min, Sym::Min))
            .or(Problem::count(max, Sym::Max)),
    }
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let o = read(opts, Offered::NotArray);
    let list = match o.offered {
        Offered::List(list) => check_choices(rule, list, &[])?,
        Offered::ListUnderChoices(list) | Offered::ChoicesNotArray(list) => {
            check_choices(rule, list, &[Seg::Sym(Sym::Choices)])?
        }
        Offered::Nothing if o.callback => {
            return Err(rule.error(
                &[Seg::Sym(Sym::Callback)],
                "must be resolved into choices before normalizing",
            ))
        }
        Offered::Nothing => return Err(rule.error(&[Seg::Sym(Sym::Choices)], "is required")),
        Offered::NotArray => return Err(rule.error(&[], "must be an array")),
    };
    if let Some(p) = o.problem {
        return Err(p.error(rule));
    }
    // Null is the default to normalize_schema.
    let (multiple, matches) = (o.multiple, o.matches.unwrap_or(true));
    let stated = (o.min.count().flatten(), o.max.count().flatten());
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

/// The options of a list's `Choice` with `multiple: true` (of its
/// `constraints`), which each item must satisfy.
#[inline]
pub fn each_of<'a, N: Node<'a>>(constraints: N) -> Option<ChoiceOptions<N>> {
    let o = read(constraints.get(Sym::Choice)?, Offered::NotArray);
    (o.multiple && matches!(o.offered, Offered::ListUnderChoices(_))).then_some(o)
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

impl<'a, N: Node<'a>> ChoiceOptions<N> {
    /// The choice list, where the options hold one.
    pub fn list(self) -> Option<N> {
        match self.offered {
            Offered::List(list) | Offered::ListUnderChoices(list) => Some(list),
            _ => None,
        }
    }

    /// A `multiple` Choice with a `min` asks a list for entries (read
    /// broadly: a Count with no lower bound counts too; B6 is then merely
    /// not made).
    pub fn asks_for_entries(self) -> bool {
        self.multiple && self.min != Number::Unset
    }

    /// Symfony's Choice: `match xor in_array($v, $choices, true)`.
    /// `single`: the constraint of a single value (null passes; `multiple`
    /// there rejects every value: undecided); otherwise a list's `multiple`
    /// choice, for one item.
    pub fn rejects(self, v: V<'_>, single: bool) -> Option<bool> {
        let (list, matches) = (self.list()?, self.matches?);
        if single && self.multiple {
            return None;
        }
        if single && v == V::Scalar(Scalar::Null) {
            return Some(false);
        }
        Some(matches != contains(list, v))
    }

    /// Drupal's AllowedValues between strings.
    pub fn allowed_rejects(self, ty: Ty, v: V<'_>) -> Option<bool> {
        let V::Scalar(Scalar::Str(s)) = v else {
            return None;
        };
        if ty.cat() != Cat::Str || self.multiple {
            return None;
        }
        let (list, matches) = (self.list()?, self.matches?);
        // DecimalData::getCastedValue(): `$this->getString() ?: '0.0'`.
        let s: &[u8] = if ty == Ty::Decimal && (s.is_empty() || s == b"0") {
            b"0.0"
        } else {
            s
        };
        let mut found = false;
        let mut undecided = false;
        let _ = list.try_each(|_, c| {
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
        Some(matches != found)
    }
}

#[cfg(test)]
mod tests {
    use crate::model::value::{Scalar, V};
    use serde_json::json;

    #[test]
    fn a_choice_is_strict() {
        let o = json!([1, 2.0]);
        let o = super::read(&o, super::Offered::NotArray);
        let rejects = |s| o.rejects(V::Scalar(s), true);
        assert_eq!(rejects(Scalar::Int(2)), Some(true));
        assert_eq!(rejects(Scalar::Float(2.0)), Some(false));
        assert_eq!(rejects(Scalar::Str(b"1")), Some(true));
        assert_eq!(rejects(Scalar::Null), Some(false));
    }
}
