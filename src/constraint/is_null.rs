//! Symfony's `Null` (its class IsNull): nothing but null.

use crate::error::DefinitionError;
use crate::model::facets::{Enum, Facets};

pub fn apply<N>(facets: &mut Facets<N>) -> Result<(), DefinitionError> {
    facets.enums.push(Enum::Nothing);
    Ok(())
}
