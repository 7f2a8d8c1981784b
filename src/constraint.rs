//! The constraint catalogue: one module per Drupal constraint (or per family
//! that shares one validator), the one home of what it means. Each module
//! reads and checks its options (the only place they are validated), adds
//! its facets to the schema (`apply`), and, where it has an answer, says
//! whether a value violates it (`rejects`, what coerce's guard asks), which
//! choices it offers the enum repair B2 (`offered`), and whether it makes an
//! optional value refuse null, ask for entries or refuse `""`. The PHP twin
//! has the same modules (php/src/Constraint/).
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

use crate::error::DefinitionError;
use crate::model::facets::{Facets, Rule};
use crate::model::ty::Ty;
use crate::model::value::V;
use crate::sym::Sym;
use crate::view::{Key, Node};
use choice::Offered;

pub use crate::model::vocab::{NOT_APPLICABLE, UNSTATED};

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
        Sym::Choice => choice::rejects(o, v, true),
        Sym::AllowedValues => choice::allowed_rejects(ty, o, v),
        Sym::IdenticalTo | Sym::FixedValue => fixed_value::rejects(o, v),
        Sym::NotBlank => Some(not_blank::rejects(o, v)),
        Sym::Range => range::rejects(o, v),
        Sym::GreaterThan | Sym::GreaterThanOrEqual | Sym::LessThan | Sym::LessThanOrEqual => {
            comparison::rejects(name, o, v)
        }
        Sym::Positive | Sym::PositiveOrZero | Sym::Negative | Sym::NegativeOrZero => {
            sign::rejects(name, v)
        }
        _ => None,
    }
}

/// The constraints that offer choices to B2 ([`offered`]), in the order
/// coercion reads them.
pub const WITH_CHOICES: [Sym; 5] = [
    Sym::Choice,
    Sym::AllowedValues,
    Sym::PluginExists,
    Sym::EntityBundleExists,
    Sym::CountryCode,
];

/// The choices the constraint `name` (one of [`WITH_CHOICES`]) offers.
#[inline]
pub fn offered<'a, N: Node<'a>>(name: Sym, options: N) -> Offered<N> {
    match name {
        Sym::Choice | Sym::AllowedValues => choice::offered(options),
        _ => derived_enum::offered(options),
    }
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
            .is_some_and(not_blank::refuses_null)
}

/// Whether a constraint of a list or map asks for entries: Drupal validates a
/// null list or map below the input level as an empty one.
#[inline]
pub fn asks_for_entries<'a, N: Node<'a>>(constraints: N) -> bool {
    constraints.get(Sym::NotBlank).is_some()
        || constraints.get(Sym::Count).is_some()
        || constraints
            .get(Sym::Choice)
            .is_some_and(choice::asks_for_entries)
}

/// Whether a constraint of a string makes the schema refuse `""` (B6).
pub fn refuses_empty<'a, N: Node<'a>>(constraints: N) -> bool {
    constraints.any(|name, o| match name.sym() {
        Some(Sym::Length) => length::refuses_empty(o),
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
