//! `PluginExists`, `EntityBundleExists` and `CountryCode`: enums that depend on
//! the site (core's country list is alterable), resolved
//! by the caller into `{choices: [...]}`. Emitted as `enum` up to
//! `derived_enum_limit` choices; above it, or unresolved (no `choices`, or options
//! that are not an array at all), left out with a warning.

use super::choice::{applies, check_choices};
use super::facets::{Facets, Rule};
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::Node;

pub const OVER_LIMIT: &str = "derived_enum_over_limit";
pub const UNRESOLVED: &str = "derived_enum_unresolved";

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    // A bare string (`'EntityBundleExists' => 'node'`) or options without
    // `choices` were not resolved by the caller.
    let Some(choices) = opts.get(Sym::Choices) else {
        if applies(rule.cat) {
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
    if !applies(rule.cat) {
        rule.not_applicable();
        return Ok(());
    }
    let n = list.len() as i64;
    let limit = rule.options.derived_enum_limit;
    if n > limit {
        rule.warn(
            OVER_LIMIT,
            format!("{n} choices are more than derived_enum_limit ({limit}); enum left out"),
        );
    } else {
        super::choice::push(rule, list, true, facets);
    }
    Ok(())
}
