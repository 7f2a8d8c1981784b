//! `Count` → `minItems`/`maxItems` on lists, `minProperties`/`maxProperties` on maps.

use super::definition::Cat;
use super::facets::{lower, raise, Facets, Rule};
use super::length::min_max;
use crate::error::DefinitionError;
use crate::view::Node;

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let (min, max) = min_max(rule, opts)?;
    if !matches!(rule.cat, Cat::List | Cat::Map) {
        rule.not_applicable();
        return Ok(());
    }
    if let Some(m) = min {
        raise(&mut facets.min_count, m);
    }
    if let Some(m) = max {
        lower(&mut facets.max_count, m);
    }
    Ok(())
}
