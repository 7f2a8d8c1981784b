//! `Length` → `minLength`/`maxLength` on strings (both count Unicode code points).

use super::definition::Cat;
use super::facets::{lower, raise, Facets, Rule};
use crate::error::DefinitionError;
use crate::sym::Sym;
use crate::view::{Kind, Node};

/// Reads `N` (exactly N) or `{min, max, exactly}`; shared with `Count`.
pub fn min_max<'a, N: Node<'a>>(
    rule: &Rule<'_, 'a>,
    opts: N,
) -> Result<(Option<i64>, Option<i64>), DefinitionError> {
    match opts.kind() {
        Kind::Int(i) if i >= 0 => Ok((Some(i), Some(i))),
        Kind::Array(a) => {
            let min = rule.count_option(a, Sym::Min)?;
            let max = rule.count_option(a, Sym::Max)?;
            match rule.count_option(a, Sym::Exactly)? {
                Some(e) => Ok((Some(e), Some(e))),
                None => Ok((min, max)),
            }
        }
        _ => Err(rule.error(&[], "must be a non-negative integer or an array of options")),
    }
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let (min, max) = min_max(rule, opts)?;
    if rule.cat != Cat::Str {
        // Symfony counts the characters of the value cast to a string.
        rule.not_applicable();
        return Ok(());
    }
    if let Some(m) = min {
        raise(&mut facets.min_length, m);
    }
    if let Some(m) = max {
        lower(&mut facets.max_length, m);
    }
    Ok(())
}
