//! `Regex` → `pattern` (or `not: {pattern}` for `match: false`) when the PCRE
//! pattern translates exactly to ECMA-262 ([`crate::regex`]); otherwise nothing,
//! and a warning whose code says why. `htmlPattern` is not used.

use super::definition::Cat;
use super::facets::{Facets, Pattern, Rule};
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Kind, Node};

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let (source, matches) = match opts.kind() {
        Kind::Str(s) => (s, true),
        Kind::Array(a) => {
            let source = match a.get(Sym::Pattern).map(|n| n.kind()) {
                Some(Kind::Str(s)) => s,
                None | Some(Kind::Null) => {
                    return Err(rule.error(&[Seg::Sym(Sym::Pattern)], "is required"))
                }
                Some(_) => return Err(rule.error(&[Seg::Sym(Sym::Pattern)], "must be a string")),
            };
            let matches = match a.get(Sym::Match).map(|n| n.kind()) {
                None | Some(Kind::Null) => true,
                Some(Kind::Bool(b)) => b,
                Some(_) => return Err(rule.error(&[Seg::Sym(Sym::Match)], "must be a boolean")),
            };
            (source, matches)
        }
        _ => return Err(rule.error(&[], "must be a string or an array of options")),
    };
    let Ok(source) = std::str::from_utf8(source) else {
        let extra: &[Seg<'_>] = if opts.is_array() {
            &[Seg::Sym(Sym::Pattern)]
        } else {
            &[]
        };
        return Err(rule.error(extra, "must be valid UTF-8"));
    };
    if rule.cat != Cat::Str {
        return Ok(());
    }
    match crate::regex::translate(source) {
        Ok(p) if matches => facets.patterns.push(Pattern::Text(p)),
        Ok(p) => facets.not_patterns.push(p),
        Err(skip) => rule.warn(skip.code, skip.message),
    }
    Ok(())
}
