//! Symfony's `Blank`: `""` or null (`maxLength: 0` on strings, else nothing
//! but null).

use crate::error::DefinitionError;
use crate::normalize::definition::Cat;
use crate::normalize::facets::{lower, Enum, Facets, Rule};

pub fn apply<N>(rule: &Rule<'_, '_>, facets: &mut Facets<N>) -> Result<(), DefinitionError> {
    match rule.cat {
        Cat::Str => lower(&mut facets.max_length, 0),
        _ => facets.enums.push(Enum::Nothing),
    }
    Ok(())
}
