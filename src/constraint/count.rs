//! `Count` → `minItems`/`maxItems` on lists, `minProperties`/`maxProperties` on maps.
//! It asks a list or map for entries (read broadly: a Count with no lower
//! bound counts too; B6 is then merely not made).

use super::length::min_max;
use crate::error::DefinitionError;
use crate::normalize::definition::Cat;
use crate::normalize::facets::{lower, raise, Facets, Rule};
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
