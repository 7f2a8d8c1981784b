//! The constraint catalogue: one module per Drupal constraint (or per family
//! that shares one validator), the one home of what it means. Each module
//! reads its options once into a typed value (`read`: the options as
//! Symfony's constraint object holds them, and the first thing
//! normalize_schema refuses in them, a [`Problem`]) that every consumer
//! reads: the facets it adds to the schema (`apply`, the only place a
//! problem is an error), whether a value violates it (`rejects`, what
//! coerce's guard asks), which choices it offers the enum repair B2
//! ([`choices`]), and whether it makes an optional value refuse null, ask
//! for entries or refuse `""`. The PHP twin has the same modules
//! (php/src/Constraint/).
//!
//! This file is the one dispatch: which module answers for each id.
//!
//! Ids are those Drupal core 10.6, 11.3, 11.4 and the Tool module discover
//! (plus the Symfony names a site module may register as plugins:
//! `GreaterThan`, `Url`, `Ip`, ...). A known id whose meaning the schema does
//! not state is reported with [`UNSTATED`] ([`unstated`]); an id the
//! normalizer does not know at all is left out silently (a custom plugin).

pub mod blank;
pub mod choice;
pub mod comparison;
pub mod count;
pub mod derived_enum;
pub mod extension_name;
pub mod fixed_value;
pub mod format;
pub mod is_null;
pub mod length;
pub mod not_blank;
pub mod not_null;
pub mod range;
pub mod regex;
pub mod sign;
pub mod unstated;

use crate::error::{DefinitionError, Seg};
use crate::model::facets::{Facets, Rule};
use crate::model::ty::Ty;
use crate::model::value::{Number, V};
use crate::sym::Sym;
use crate::view::{Key, Kind, Node};
use choice::{ChoiceOptions, Offered};

pub use crate::model::vocab::{NOT_APPLICABLE, UNSTATED};

/// What normalize_schema refuses in a constraint's options (each module's
/// `read` notes the first; coercion reads the options as the constraint
/// object holds them, and refuses none): the option (`None`: the options
/// themselves), and why.
#[derive(Clone, Copy, Debug)]
pub struct Problem(pub Option<Sym>, pub &'static str);

impl Problem {
    /// The `\ValueError` at the constraint (or its option).
    pub fn error(self, rule: &Rule<'_, '_>) -> DefinitionError {
        rule.error(self.0.map(Seg::Sym).as_slice(), self.1)
    }

    /// A flag (the option `key`) that is not a bool or null (or absent).
    pub fn flag<'a, N: Node<'a>>(option: Option<N>, key: Sym) -> Option<Problem> {
        match option.map(Node::kind) {
            None | Some(Kind::Null | Kind::Bool(_)) => None,
            Some(_) => Some(Problem(Some(key), "must be a boolean")),
        }
    }

    /// A count that is not a non-negative int or null (or absent).
    pub fn count(n: Number, key: Sym) -> Option<Problem> {
        match n {
            Number::Unset | Number::Int(0..) => None,
            _ => Some(Problem(Some(key), "must be a non-negative integer or null")),
        }
    }
}

/// Reads the constraint `name` into `facets`: the one place `rule.name` and
/// `rule.id` are set.
pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    name: N::Key,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    rule.name = name.get();
    let Some(id) = name.sym() else {
        unstated::apply(rule);
        return Ok(());
    };
    rule.id = id;
    match id {
        Sym::Length => length::apply(rule, opts, facets),
        Sym::Count => count::apply(rule, opts, facets),
        Sym::Range => range::apply(rule, opts, facets),
        Sym::GreaterThan | Sym::GreaterThanOrEqual | Sym::LessThan | Sym::LessThanOrEqual => {
            comparison::apply(rule, opts, facets)
        }
        Sym::Positive | Sym::PositiveOrZero | Sym::Negative | Sym::NegativeOrZero => {
            sign::apply(rule, facets);
            Ok(())
        }
        Sym::Choice | Sym::AllowedValues => choice::apply(rule, opts, facets),
        Sym::PluginExists | Sym::EntityBundleExists | Sym::CountryCode => {
            derived_enum::apply(rule, opts, facets)
        }
        Sym::FixedValue | Sym::IdenticalTo => fixed_value::apply(rule, opts, facets),
        Sym::NotBlank => not_blank::apply(rule, opts, facets),
        Sym::NotNull => not_null::apply(facets),
        Sym::NullConstraint => is_null::apply(facets),
        Sym::Blank => blank::apply(rule, facets),
        Sym::Email | Sym::Url | Sym::Uuid | Sym::Ip | Sym::Date | Sym::DateOnly | Sym::DateTime => {
            format::apply(rule, opts, facets)
        }
        Sym::Regex => regex::apply(rule, opts, facets),
        Sym::ExtensionName => extension_name::apply(rule, facets),
        // No JSON Schema meaning: left out.
        _ => Ok(()),
    }
}

/// Whether the constraint `name` (options `o`) on a value of type `ty`
/// rejects `v` (coerce's guard); `None`: undecided, or not a constraint the
/// guard reads.
#[inline]
pub fn rejects<'a, N: Node<'a>>(name: Sym, o: N, ty: Ty, v: V<'_>) -> Option<bool> {
    match name {
        Sym::Choice => choice::read(o, Offered::NotArray).rejects(v, true),
        Sym::AllowedValues => choice::read(o, Offered::NotArray).allowed_rejects(ty, v),
        Sym::IdenticalTo | Sym::FixedValue => fixed_value::rejects(o, v),
        Sym::NotBlank => Some(not_blank::read(o).rejects(v)),
        Sym::Range => range::rejects(range::read(o), v),
        Sym::GreaterThan | Sym::GreaterThanOrEqual | Sym::LessThan | Sym::LessThanOrEqual => {
            comparison::rejects(name, comparison::read(o), v)
        }
        Sym::Positive | Sym::PositiveOrZero | Sym::Negative | Sym::NegativeOrZero => {
            sign::rejects(name, v)
        }
        _ => None,
    }
}

/// The constraints that offer choices to B2 ([`choices`]), in the order
/// coercion reads them.
pub const WITH_CHOICES: [Sym; 5] = [
    Sym::Choice,
    Sym::AllowedValues,
    Sym::PluginExists,
    Sym::EntityBundleExists,
    Sym::CountryCode,
];

/// The options of the constraint `name` (one of [`WITH_CHOICES`]), read
/// ([`choice::read`]): the choices it offers. A derived enum given as a
/// bare string (not resolved; normalize warns about it) offers none.
#[inline]
pub fn choices<'a, N: Node<'a>>(name: Sym, options: N) -> ChoiceOptions<N> {
    let bare = match name {
        Sym::Choice | Sym::AllowedValues => Offered::NotArray,
        _ => Offered::Nothing,
    };
    choice::read(options, bare)
}

/// Whether a constraint of `constraints` has a validator that refuses null:
/// coercion never makes such a value null (B6), at any level. (Looked up by
/// name, as [`asks_for_entries`]: coercion asks it of every optional
/// definition.)
#[inline]
pub fn refuses_null<'a, N: Node<'a>>(constraints: N) -> bool {
    constraints.get(Sym::NotNull).is_some()
        || constraints.get(derived_enum::REFUSES_NULL).is_some()
        || constraints
            .get(Sym::NotBlank)
            .is_some_and(|o| !not_blank::read(o).allow_null)
}

/// Whether a constraint of a list or map asks for entries: Drupal validates a
/// null list or map below the input level as an empty one.
#[inline]
pub fn asks_for_entries<'a, N: Node<'a>>(constraints: N) -> bool {
    constraints.get(Sym::NotBlank).is_some()
        || constraints.get(Sym::Count).is_some()
        || constraints
            .get(Sym::Choice)
            .is_some_and(|o| choice::read(o, Offered::NotArray).asks_for_entries())
}

/// Whether a constraint of a string makes the schema refuse `""` (B6).
pub fn refuses_empty<'a, N: Node<'a>>(constraints: N) -> bool {
    constraints.any(|name, o| match name.sym() {
        Some(Sym::Length) => length::read(o).refuses_empty(),
        Some(Sym::Regex) => regex::refuses_empty(o),
        Some(s) => format::only_strings(s),
        None => false,
    })
}

/// Whether a constraint refuses every value but a string
/// ([`crate::normalize::base_type::strings_only`]).
pub fn only_strings<'a, N: Node<'a>>(constraints: N) -> bool {
    constraints.any(|name, _| name.sym().is_some_and(format::only_strings))
}

/// Whether a constraint reads the value's PHP string form (`Length`,
/// `Regex`: a number or boolean is cast, an array makes it throw), which
/// JSON Schema states for strings only: an `any` with one is narrowed to a
/// string ([`crate::normalize::base_type::strings_only`], issue 30).
pub fn reads_string_form<'a, N: Node<'a>>(constraints: N) -> bool {
    constraints.get(Sym::Length).is_some() || constraints.get(Sym::Regex).is_some()
}
