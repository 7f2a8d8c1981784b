//! `Length` → `minLength`/`maxLength` on strings (both count Unicode code points).
//! With a minimum of 1 or more the schema refuses `""` ([`refuses_empty`]).

use crate::error::DefinitionError;
use crate::model::facets::{narrow, Facets, Rule};
use crate::model::ty::Cat;
use crate::sym::Sym;
use crate::view::{Kind, Node};

/// Reads `N` (exactly N) or `{min, max, value}` (`value`, or the named
/// `exactly` of Symfony's constructor, is the exact count, which Symfony uses
/// only when neither `min` nor `max` is given); shared with `Count`.
pub fn min_max<'a, N: Node<'a>>(
    rule: &Rule<'_, 'a>,
    opts: N,
) -> Result<(Option<i64>, Option<i64>), DefinitionError> {
    match opts.kind() {
        Kind::Int(i) if i >= 0 => Ok((Some(i), Some(i))),
        Kind::Array(a) => {
            let min = rule.count_option(a, Sym::Min)?;
            let max = rule.count_option(a, Sym::Max)?;
            let value = rule.count_option(a, Sym::Value)?;
            let exactly = rule.count_option(a, Sym::Exactly)?;
            match (min, max, value.or(exactly)) {
                (None, None, Some(e)) => Ok((Some(e), Some(e))),
                _ => Ok((min, max)),
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
    // Symfony counts the characters of the value cast to a string.
    let fits = rule.cat == Cat::Str;
    bounds(
        rule,
        opts,
        fits,
        &mut facets.min_length,
        &mut facets.max_length,
    )
}

/// Reads the bounds ([`min_max`]) into `min` and `max` when the constraint
/// `fits` the input's type (else it is not applicable); shared with `Count`.
pub fn bounds<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    fits: bool,
    min: &mut Option<i64>,
    max: &mut Option<i64>,
) -> Result<(), DefinitionError> {
    let stated = min_max(rule, opts)?;
    if fits {
        narrow(min, max, stated);
    } else {
        rule.not_applicable();
    }
    Ok(())
}

/// Whether the stated minimum is 1 or more (0 when none, or when the options
/// are not ones normalize_schema reads): the schema refuses `""` (B6).
pub fn refuses_empty<'a, N: Node<'a>>(o: N) -> bool {
    let int = |key: Sym| match o.get(key).map(|n| n.kind()) {
        Some(Kind::Int(i)) => Some(i),
        _ => None,
    };
    let min = match o.kind() {
        Kind::Int(i) => i,
        Kind::Array(_) => match (int(Sym::Min), o.get(Sym::Max)) {
            (Some(m), _) => m,
            (None, Some(max)) if !matches!(max.kind(), Kind::Null) => 0,
            (None, _) => int(Sym::Value).or_else(|| int(Sym::Exactly)).unwrap_or(0),
        },
        _ => 0,
    };
    min >= 1
}
