//! B2: a string matching a choice case-insensitively after trimming becomes the
//! canonical choice, only when exactly one distinct choice matches.
//!
//! Folding is defined byte-wise so that Rust and PHP agree exactly: trim the PHP
//! `trim()` set (space, `\t`, `\n`, `\r`, `\0`, `\x0B`) from both ends, lowercase
//! ASCII `A`-`Z` only (PHP 8.2 `strtolower`), compare all other bytes exactly
//! (`"ÄRTICLE"` does not match `"ärticle"`). Values that are not valid UTF-8 or
//! longer than [`MAX_CHOICE_LEN`] bytes are never matched. Only for the kinds of
//! [`applies_to`]. Only string choices
//! take part; an exact (byte-identical) match means the value is already valid.

use super::Def;
use crate::model::ty::{Cat, Ty};
use crate::model::value::trim;
use crate::view::Node;

/// B2 applies to the types whose valid values are strings (the string kinds,
/// `decimal`, `datetime_iso8601`, `filter_format`), entity references and
/// other ids. For the
/// integer, float and boolean kinds a string choice could never be a valid
/// value (their string inputs go to the numeric and boolean rules instead).
pub fn applies_to(ty: Ty) -> bool {
    ty.cat() == Cat::Str || matches!(ty, Ty::Other | Ty::Entity)
}

/// Longest value B2 tries to match.
pub const MAX_CHOICE_LEN: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match<N> {
    /// The value is one of the choices: leave it (and apply no other rule).
    Exact,
    /// Exactly one distinct choice matches: use it (the node holding it).
    One(N),
    /// Several distinct choices match: leave it.
    Ambiguous,
    /// No choice matches (or no choices): other rules may apply.
    None,
}

pub fn fold_eq(a: &[u8], b: &[u8]) -> bool {
    trim(a).eq_ignore_ascii_case(trim(b))
}

/// Matches `s` against the string choices of `def` (read in place, twice
/// at most: for an exact match, then folded).
pub fn find<'a, N: Node<'a>>(def: &Def<N>, s: &[u8]) -> Match<N> {
    find_with(|f| def.each_choice(f), s)
}

/// Matches `s` against `choices` (string, node), in order.
pub fn find_in<N: Copy>(choices: &[(&[u8], N)], s: &[u8]) -> Match<N> {
    find_with(
        |f| {
            for &(c, n) in choices {
                if !f(c, n) {
                    break;
                }
            }
        },
        s,
    )
}

/// `each(f)` calls `f` with each choice in order until `f` returns false.
fn find_with<'c, N: Copy>(
    each: impl Fn(&mut dyn FnMut(&'c [u8], N) -> bool),
    s: &[u8],
) -> Match<N> {
    let (mut exact, mut any) = (false, false);
    each(&mut |c, _| {
        any = true;
        exact = c == s;
        !exact
    });
    if exact {
        return Match::Exact;
    }
    // No string choice at all: no second walk (the value's definition has
    // none of the constraints that offer choices, most often).
    if !any || s.len() > MAX_CHOICE_LEN || std::str::from_utf8(s).is_err() {
        return Match::None;
    }
    let mut found: Option<(&[u8], N)> = None;
    let mut ambiguous = false;
    each(&mut |c, n| {
        if fold_eq(c, s) {
            match found {
                None => found = Some((c, n)),
                Some((f, _)) if f == c => {}
                Some(_) => ambiguous = true,
            }
        }
        !ambiguous
    });
    match found {
        _ if ambiguous => Match::Ambiguous,
        Some((_, n)) => Match::One(n),
        None => Match::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching() {
        let c = [(&b"article"[..], 0), (&b"page"[..], 1)];
        assert_eq!(find_in(&c, b"Article"), Match::One(0));
        assert_eq!(find_in(&c, b" PAGE\n"), Match::One(1));
        assert_eq!(find_in(&c, b"page"), Match::Exact);
        assert_eq!(find_in(&c, b"pages"), Match::None);
        let d = [(&b"a"[..], 0), (&b"A"[..], 1)];
        assert_eq!(find_in(&d, b" a"), Match::Ambiguous);
        let e = [(&b"a"[..], 0), (&b"a"[..], 1)];
        assert_eq!(find_in(&e, b"A"), Match::One(0));
        assert_eq!(find_in(&c, b"ARTICLE\xff"), Match::None);
    }
}
