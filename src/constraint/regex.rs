//! `Regex` → `pattern` (or `not: {pattern}` for `match: false`) when the PCRE
//! pattern translates exactly to ECMA-262 ([`pcre2ecma`]); otherwise nothing,
//! and a warning whose code says why. `htmlPattern` is not used. A `pattern`
//! reads `$` as PCRE's `D` modifier does ([`pcre2ecma::translate_end_only`]:
//! plain `$`, not `\n?$`; a subject that matches only because `$` matched
//! before its final newline is refused, a canonical-subset tightening, issue
//! 30); a `not: {pattern}` is the exact translation (a tighter pattern under
//! `not` would accept more than Drupal).

use super::Problem;
use crate::error::DefinitionError;
use crate::model::facets::{Facets, Not, Pattern, Rule};
use crate::model::ty::Cat;
use crate::sym::Sym;
use crate::view::{Kind, Node};
use std::cell::RefCell;
use std::collections::HashMap;

/// A `Regex`'s options, read once: `/.../flags`, or `{pattern, match}` (values
/// must match the pattern, or with a false `match` must not); `Err`: what
/// normalize_schema refuses in them.
pub fn read<'a, N: Node<'a>>(opts: N) -> Result<(&'a str, bool), Problem> {
    let (source, matches) = match opts.kind() {
        Kind::Str(s) => (s, true),
        Kind::Array(a) => {
            let source = match a.get(Sym::Pattern).map(|n| n.kind()) {
                Some(Kind::Str(s)) => s,
                None | Some(Kind::Null) => return Err(Problem(Some(Sym::Pattern), "is required")),
                Some(_) => return Err(Problem(Some(Sym::Pattern), "must be a string")),
            };
            let matches = match a.get(Sym::Match).map(|n| n.kind()) {
                None | Some(Kind::Null) => true,
                Some(Kind::Bool(b)) => b,
                Some(_) => return Err(Problem(Some(Sym::Match), "must be a boolean")),
            };
            (source, matches)
        }
        _ => return Err(Problem(None, "must be a string or an array of options")),
    };
    match std::str::from_utf8(source) {
        Ok(source) => Ok((source, matches)),
        Err(_) => Err(Problem(
            opts.is_array().then_some(Sym::Pattern),
            "must be valid UTF-8",
        )),
    }
}

pub fn apply<'a, N: Node<'a>>(
    rule: &mut Rule<'_, 'a>,
    opts: N,
    facets: &mut Facets<N>,
) -> Result<(), DefinitionError> {
    let (source, matches) = read(opts).map_err(|p| p.error(rule))?;
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
    match translate_cached(source, matches) {
        Ok(p) if matches => facets.patterns.push(Pattern::Text(p)),
        Ok(p) => facets.nots.push(Not::Pattern(p)),
        Err((code, message)) => rule.warn(code, message),
    }
    Ok(())
}

/// Whether a `Regex`'s stated pattern (only one that translates is stated)
/// refuses `""` (B6): the pattern does not match it, or, with `match: false`,
/// does.
pub fn refuses_empty<'a, N: Node<'a>>(o: N) -> bool {
    read(o).is_ok_and(|(source, matches)| {
        pcre2ecma::matches_empty(source, matches).is_some_and(|m| m != matches)
    })
}

type Translation = Result<String, (&'static str, String)>;

/// Translations by source: a tool catalogue uses the same few patterns on
/// every call, and translation is deterministic. Bounded by bytes (sources,
/// translations and messages, plus a per-entry overhead): emptied when a new
/// entry would pass [`CACHE_BYTES`]; a source longer than [`CACHE_ENTRY_MAX`]
/// is translated but not kept. Kept across requests on purpose (the patterns
/// recur on every request of a worker), like PHP's own PCRE cache: at most
/// [`CACHE_BYTES`] plus one entry per thread, outside `memory_limit`.
struct Cache {
    /// Exact translations (`not: {pattern}`).
    map: HashMap<String, Translation>,
    /// Translations with `$` as under `D` (`pattern`).
    end_only: HashMap<String, Translation>,
    bytes: usize,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache {
        map: HashMap::new(),
        end_only: HashMap::new(),
        bytes: 0,
    });
}

/// The most the cache holds, in bytes.
pub const CACHE_BYTES: usize = 256 * 1024;
/// The longest source the cache keeps, in bytes.
pub const CACHE_ENTRY_MAX: usize = 16 * 1024;
/// What an entry costs besides its text (the map's slot, two `String`s).
const ENTRY_OVERHEAD: usize = 96;

fn entry_bytes(source: &str, t: &Translation) -> usize {
    let text = match t {
        Ok(p) => p.len(),
        Err((_, message)) => message.len(),
    };
    source.len() + text + ENTRY_OVERHEAD
}

/// The bytes the cache of this thread holds now (for tests).
pub fn cache_bytes() -> usize {
    CACHE.with(|cache| cache.borrow().bytes)
}

/// The translation of `source` for a `pattern` (`end_only`: `$` as under
/// `D`) or for a `not: {pattern}`.
fn translate_cached(source: &str, end_only: bool) -> Translation {
    CACHE.with(|cache| {
        {
            let c = cache.borrow();
            let map = if end_only { &c.end_only } else { &c.map };
            if let Some(hit) = map.get(source) {
                return hit.clone();
            }
        }
        let t = if end_only {
            pcre2ecma::translate_end_only(source)
        } else {
            pcre2ecma::translate(source)
        }
        .map_err(|s| (s.code, s.message));
        if source.len() <= CACHE_ENTRY_MAX {
            let size = entry_bytes(source, &t);
            let mut cache = cache.borrow_mut();
            if cache.bytes + size > CACHE_BYTES {
                cache.map.clear();
                cache.end_only.clear();
                cache.bytes = 0;
            }
            cache.bytes += size;
            let map = if end_only {
                &mut cache.end_only
            } else {
                &mut cache.map
            };
            map.insert(source.to_owned(), t.clone());
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::{cache_bytes, translate_cached, CACHE_BYTES, CACHE_ENTRY_MAX};

    #[test]
    fn the_cache_is_bounded_by_bytes() {
        // Many distinct patterns of 4 KiB: the cache never passes its bound.
        let mut most = 0;
        for i in 0..500 {
            let source = format!("/^{}{i}$/", "a".repeat(4096));
            let _ = translate_cached(&source, true);
            assert!(
                cache_bytes() <= CACHE_BYTES,
                "{} bytes after {i}",
                cache_bytes()
            );
            most = most.max(cache_bytes());
        }
        // It was used (emptied when full, then filled again).
        assert!(most > CACHE_BYTES * 3 / 4, "{most}");
        // A source over the entry bound is translated, not kept.
        let before = cache_bytes();
        let huge = format!("/^{}$/", "b".repeat(CACHE_ENTRY_MAX));
        let _ = translate_cached(&huge, true);
        assert_eq!(cache_bytes(), before);
    }
}
