//! `Count` → `minItems`/`maxItems` on lists, `minProperties`/`maxProperties` on maps.
//! Its options are `Length`'s ([`super::length::read`]). It asks a list or
//! map for entries (read broadly: a Count with no lower bound counts too; B6
//! is then merely not made).

use super::length;
use crate::error::DefinitionError;
use crate::model::facets::{narrow, Facets, Rule};
use crate::model::ty::Cat;
use crate::view::Node;

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let stated = length::read(opts).stated(rule)?;
    if matches!(rule.cat, Cat::List | Cat::Map) {
        narrow(&mut facets.min_count, &mut facets.max_count, stated);
    } else {
        rule.not_applicable();
    }
    Ok(())
}
