//! Symfony's `Blank`: `""` or null (`maxLength: 0` on strings, else nothing
//! but null). On a list or map below the input level Drupal validates null as
//! an empty list or map (`[]`), which Blank refuses: null is refused there
//! too, and nothing is accepted (measured on Drupal 10.6; the differential
//! found it on seed 9).

use crate::error::DefinitionError;
use crate::model::facets::{lower, Enum, Facets, Rule};
use crate::model::ty::Cat;

pub fn apply<N>(rule: &Rule<'_, '_>, facets: &mut Facets<N>) -> Result<(), DefinitionError> {
    match rule.cat {
        Cat::Str => lower(&mut facets.max_length, 0),
        Cat::List | Cat::Map => {
            facets.enums.push(Enum::Nothing);
            facets.null_refused_nested = true;
        }
        _ => facets.enums.push(Enum::Nothing),
    }
    Ok(())
}
