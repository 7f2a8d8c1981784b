//! `ExtensionName`: the `pattern` Drupal checks
//! (ExtensionDiscovery::PHP_FUNCTION_PATTERN), as [`super::regex`] states it.

use crate::error::DefinitionError;
use crate::model::facets::{Facets, Rule};

pub const PATTERN: &str = "/^[a-zA-Z_\\x80-\\xff][a-zA-Z0-9_\\x80-\\xff]*$/";

pub fn apply<N>(rule: &mut Rule<'_, '_>, facets: &mut Facets<N>) -> Result<(), DefinitionError> {
    super::regex::apply_source(rule, PATTERN, true, facets)
}
