//! `Regex` → `pattern` (or `not: {pattern}` for `match: false`) when the PCRE
//! pattern translates exactly to ECMA-262 ([`crate::regex`]); otherwise nothing,
//! and a warning whose code says why. `htmlPattern` is not used.

use super::definition::Cat;
use super::facets::{Facets, Not, Pattern, Rule};
use crate::error::{DefinitionError, Seg};
use crate::sym::Sym;
use crate::view::{Kind, Node};
use std::cell::RefCell;
use std::collections::HashMap;

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
    apply_source(rule, source, matches, facets)
}

/// A PCRE pattern (`/.../flags`) that values must match (`matches`) or must not.
pub fn apply_source<N>(
    rule: &mut Rule<'_, '_>,
    source: &str,
    matches: bool,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    if rule.cat != Cat::Str {
        rule.not_applicable();
        return Ok(());
    }
    match translate_cached(source) {
        Ok(p) if matches => facets.patterns.push(Pattern::Text(p)),
        Ok(p) => facets.nots.push(Not::Pattern(p)),
        Err((code, message)) => rule.warn(code, message),
    }
    Ok(())
}

type Translation = Result<String, (&'static str, String)>;

thread_local! {
    /// Translations by source: a tool catalogue uses the same few patterns on
    /// every request, and translation is deterministic. Bounded: emptied when
    /// full.
    static CACHE: RefCell<HashMap<String, Translation>> = RefCell::new(HashMap::new());
}

const CACHE_LIMIT: usize = 512;

fn translate_cached(source: &str) -> Translation {
    CACHE.with(|cache| {
        if let Some(hit) = cache.borrow().get(source) {
            return hit.clone();
        }
        let t = crate::regex::translate(source).map_err(|s| (s.code, s.message));
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(source.to_owned(), t.clone());
        t
    })
}
