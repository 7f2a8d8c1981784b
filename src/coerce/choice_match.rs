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

use super::Kind;

/// B2 applies to the kinds whose valid values are strings: string kinds,
/// `decimal`, `datetime_iso8601` and other ids. For integer, float, boolean and
/// timestamp a string choice could never be a valid value (their string inputs
/// go to the numeric and boolean rules instead).
pub fn applies_to(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::String | Kind::Decimal | Kind::DateTime | Kind::Other
    )
}

/// Longest value B2 tries to match.
pub const MAX_CHOICE_LEN: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    /// The value is one of the choices: leave it (and apply no other rule).
    Exact,
    /// Exactly one distinct choice matches: use it (index into the choices).
    One(usize),
    /// Several distinct choices match: leave it.
    Ambiguous,
    /// No choice matches (or no choices): other rules may apply.
    None,
}

pub fn is_trim_byte(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0 | 0x0B)
}

pub fn trim(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&c| !is_trim_byte(c)).unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|&c| !is_trim_byte(c))
        .map_or(start, |e| e + 1);
    &s[start..end]
}

pub fn fold_eq(a: &[u8], b: &[u8]) -> bool {
    trim(a).eq_ignore_ascii_case(trim(b))
}

pub fn find<N>(choices: &[(&[u8], N)], s: &[u8]) -> Match {
    if choices.is_empty() {
        return Match::None;
    }
    if choices.iter().any(|(c, _)| *c == s) {
        return Match::Exact;
    }
    if s.len() > MAX_CHOICE_LEN || std::str::from_utf8(s).is_err() {
        return Match::None;
    }
    let mut found: Option<usize> = None;
    for (i, (c, _)) in choices.iter().enumerate() {
        if fold_eq(c, s) {
            match found {
                None => found = Some(i),
                Some(j) if choices[j].0 == *c => {}
                Some(_) => return Match::Ambiguous,
            }
        }
    }
    found.map_or(Match::None, Match::One)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching() {
        let c = [(&b"article"[..], ()), (&b"page"[..], ())];
        assert_eq!(find(&c, b"Article"), Match::One(0));
        assert_eq!(find(&c, b" PAGE\n"), Match::One(1));
        assert_eq!(find(&c, b"page"), Match::Exact);
        assert_eq!(find(&c, b"pages"), Match::None);
        let d = [(&b"a"[..], ()), (&b"A"[..], ())];
        assert_eq!(find(&d, b" a"), Match::Ambiguous);
        let e = [(&b"a"[..], ()), (&b"a"[..], ())];
        assert_eq!(find(&e, b"A"), Match::One(0));
        assert_eq!(find(&c, b"ARTICLE\xff"), Match::None);
    }
}
