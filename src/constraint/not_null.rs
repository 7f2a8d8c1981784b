//! `NotNull`: makes an optional definition required below the input level,
//! and a list or map non-empty at every level ([`crate::normalize::not_null`]:
//! what Drupal's NotNull means). Its validator refuses null: coercion never
//! makes the value null.

use crate::error::DefinitionError;
use crate::model::facets::Facets;

pub fn apply<N>(facets: &mut Facets<N>) -> Result<(), DefinitionError> {
    facets.not_null = true;
    Ok(())
}
