//! `PluginExists`, `EntityBundleExists` and `CountryCode`: enums that depend on
//! the site (core's country list is alterable), resolved
//! by the caller into `{choices: [...]}`. Emitted as `enum` up to
//! `derived_enum_limit` choices; above it, or unresolved (no `choices`, or options
//! that are not an array at all), left out with a warning. The values are
//! names: on another type than a string (or `any`) Drupal rejects every value.
//! EntityBundleExists refuses null too (its validator throws on a non-string).
//!
//! Their resolved choices are offered to B2 as a `Choice`'s are: core's
//! CountryCode is a Symfony Choice of the country codes, strict (`"de"` is
//! not `"DE"`; checked on Drupal 10.6), so B2 makes `"de"` the `"DE"` Drupal
//! accepts.

use super::choice::{self, check_choices, Offered};
use crate::error::{DefinitionError, Seg};
use crate::model::facets::{Facets, Rule};
use crate::model::ty::Cat;
use crate::sym::Sym;
use crate::view::Node;

pub const OVER_LIMIT: &str = "derived_enum_over_limit";
pub const UNRESOLVED: &str = "derived_enum_unresolved";

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    if rule.id == REFUSES_NULL {
        facets.null_refused_nested = true;
    }
    // The values are names: only strings (or `any`).
    let applies = matches!(rule.cat, Cat::Str | Cat::Any);
    // A bare string (`'EntityBundleExists' => 'node'`) or options without
    // `choices` were not resolved by the caller.
    let (Offered::ListUnderChoices(choices) | Offered::ChoicesNotArray(choices)) =
        choice::read(opts, Offered::Nothing).offered
    else {
        if applies {
            rule.warn(
                UNRESOLVED,
                "choices were not resolved; enum left out".to_owned(),
            );
        } else {
            rule.not_applicable();
        }
        return Ok(());
    };
    let list = check_choices(rule, choices, &[Seg::Sym(Sym::Choices)])?;
    if !applies {
        rule.not_applicable();
        return Ok(());
    }
    let n = list.len() as i64;
    let limit = rule.derived_enum_limit;
    if n > limit {
        rule.warn(
            OVER_LIMIT,
            format!("{n} choices are more than derived_enum_limit ({limit}); enum left out"),
        );
    } else {
        choice::push(rule, list, true, facets);
    }
    Ok(())
}

/// The one whose validator refuses null: EntityBundleExists' throws on a
/// non-string.
pub const REFUSES_NULL: Sym = Sym::EntityBundleExists;
