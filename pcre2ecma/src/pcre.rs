//! Stage `pcre`: the PCRE2 versions the translation is made for. Every table
//! (case folding, Unicode properties) and every reading of the syntax that
//! differs between versions is kept per [`Version`]; a version is claimed
//! only when the regex differential runs on it with no disagreement
//! (docs/regex.md): PCRE2 10.42 (PHP 8.2, Debian 12) and 10.46 (PHP 8.4,
//! Debian 13). On any other version every pattern is skipped.
//! Mirrors `php/src/Pcre.php`.

use super::ir::{Assert, Look, Node};
use super::{skip, Skip, PCRE_VERSION};
use std::sync::OnceLock;

/// A claimed PCRE2 version: what the parser and the tables consult.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// PCRE2 10.42 (Unicode 14): `{,n}` and `{ n }` are literals, `\w` has
    /// no marks, caseless `\p{Lu}` is `\p{Lu}`, and its first-code-unit
    /// optimisation answers `(?=a)b?a` wrongly (see `lookahead_bug`).
    V10_42,
    /// PCRE2 10.46 (Unicode 16): `{,n}` is `{0,n}`, spaces and tabs are
    /// allowed inside quantifier braces, `\w` adds Mn and Pc, `[:xdigit:]`
    /// the fullwidth hex digits, caseless `\p{Lu}`/`\p{Ll}`/`\p{Lt}` are `\p{L&}`.
    V10_46,
}

impl Version {
    /// From 10.43 on: `{,n}` is a quantifier, and spaces and tabs may stand
    /// after `{`, around the comma and before `}` of a quantifier.
    pub fn perl_braces(self) -> bool {
        self == Version::V10_46
    }

    /// From 10.45 on: under caseless matching `\p{Lu}`, `\p{Ll}` and
    /// `\p{Lt}` (and their negations) are `\p{L&}`.
    pub fn caseless_cased_letters(self) -> bool {
        self == Version::V10_46
    }

    /// From 10.43 on: `\w` under UCP is L, N, Mn and Pc.
    pub fn word_with_marks(self) -> bool {
        self == Version::V10_46
    }
}

/// PHP 8.2's `PCRE_VERSION` (the default without [`set_version`]).
pub const SUPPORTED: &str = "10.42 2022-12-11";

/// The version numbers claimed, as shown in messages.
pub const CLAIMED: &str = "10.42, 10.46";

/// Environment variable that replaces the version PHP reports, when set and
/// not empty: for tests of the version branches only (read once per process).
pub const OVERRIDE_ENV: &str = "TOOL_SCHEMA_PCRE_VERSION";

static VERSION: OnceLock<String> = OnceLock::new();

/// Records the version PHP reports (`PCRE_VERSION`), once, at module startup.
/// Without a call (Rust callers, tests) [`SUPPORTED`] is assumed.
pub fn set_version(version: &str) {
    let _ = VERSION.set(version.to_owned());
}

/// The version translations are checked against: the override, else what
/// [`set_version`] recorded, else [`SUPPORTED`].
pub fn version() -> String {
    static OVERRIDE: OnceLock<Option<String>> = OnceLock::new();
    let from_env = || std::env::var(OVERRIDE_ENV).ok().filter(|v| !v.is_empty());
    if let Some(v) = OVERRIDE.get_or_init(from_env) {
        return v.clone();
    }
    VERSION
        .get()
        .cloned()
        .unwrap_or_else(|| SUPPORTED.to_owned())
}

/// The claimed version `version` names (the release date is not compared),
/// or a skip.
pub fn check(version: &str) -> Result<Version, Skip> {
    let number = version.split(' ').next().unwrap_or("");
    match number {
        "10.42" => return Ok(Version::V10_42),
        "10.46" => return Ok(Version::V10_46),
        _ => {}
    }
    let shown: String = number
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .take(20)
        .collect();
    Err(skip(
        PCRE_VERSION,
        &format!(
            "PCRE2 {} is not a version the translation was verified on ({})",
            if shown.is_empty() {
                "(unknown)"
            } else {
                &shown
            },
            CLAIMED
        ),
    ))
}

/// The message of a pattern PCRE2 answers wrongly ([`first_unit_bug`]).
pub fn first_unit_message(v: Version) -> &'static str {
    match v {
        Version::V10_42 => "PCRE2 10.42 answers this pattern wrongly (a lookahead at the start and a required literal: its first code unit optimisation, fixed in 10.45)",
        Version::V10_46 => "PCRE2 10.46 answers this pattern wrongly (a lookahead at the start and a required literal written in the other letter case: its first code unit optimisation)",
    }
}

/// Whether PCRE2 10.42 may answer the pattern wrongly through its first code
/// unit optimisation. When the pattern itself sets no first code unit,
/// 10.42 takes the one a leading lookahead asserts (`(?=a)`: every match
/// starts with `a`), then looks for the required code unit (the last literal
/// every match holds) only after the match's first character, and counts
/// both in the minimum length: `/(?=a)b?a/` fails on "a" and "xa". When the
/// two units differ the match holds both anyway; 10.45 takes the asserted
/// unit only then, but compares the units as written: under `i`,
/// `/(?=a)b?A/i` still fails on "a" in 10.46.
///
/// The check over-approximates PCRE2's: the ASCII characters a leading
/// positive lookahead may assert as the first unit (`find_firstassertedcu()`:
/// through `first_significant_code()`, which skips negative lookaheads,
/// lookbehinds, `\b` and `\B`, groups, every branch, repeats of at least
/// one, to a literal in the lookahead), against the ASCII characters of
/// every literal outside lookarounds (a set of one or two code points: a
/// character, or one with its other case under `i`), letter case ignored;
/// unless the pattern starts with a character (past zero-width items) and
/// so has a first code unit of its own. On 10.46 one of the two must be a
/// pair (a caseless literal, which may be written in the other case: two
/// single code points that are the same character are the same unit).
/// `anchored`: the tree starts with the `^` the `A` modifier put there,
/// which is no opcode in PCRE2.
pub fn first_unit_bug(root: &Node, anchored: bool, v: Version) -> bool {
    let items = root.items();
    let body = if anchored && matches!(items.first(), Some(Node::Assert(Assert::Start))) {
        &items[1..]
    } else {
        items
    };
    if starts_with_char(body) {
        // The pattern sets its own first code unit: no asserted one is taken.
        return false;
    }
    let Some(asserted) = leading_units(body, false) else {
        return false;
    };
    let mut literals = [0u8; 128];
    for item in body {
        literal_units(item, &mut literals);
    }
    let pair_needed = v == Version::V10_46;
    (0..128).any(|c| {
        asserted[c] != 0
            && literals[c] != 0
            && (!pair_needed || (asserted[c] | literals[c]) & PAIR != 0)
    })
}

/// Whether the first item that reads a character, past the zero-width ones,
/// is one fixed code point (PCRE2 then has a first code unit of its own).
fn starts_with_char(items: &[Node]) -> bool {
    for item in items {
        match item {
            Node::Assert(Assert::WordB | Assert::NotWordB) | Node::Look(..) => continue,
            Node::Set(s) => {
                return s.set.ranges.len() == 1 && s.set.ranges[0].0 == s.set.ranges[0].1
            }
            _ => return false,
        }
    }
    false
}

/// A unit from a set of one code point.
const SINGLE: u8 = 1;
/// A unit from an ASCII letter with its other case (a caseless literal).
const PAIR: u8 = 2;

/// The ASCII characters (lower case) of a set of one or two code points,
/// marked [`SINGLE`] or [`PAIR`].
fn mark_literal(set: &super::charset::CharSet, into: &mut [u8; 128]) {
    let size: u64 = set
        .ranges
        .iter()
        .map(|&(lo, hi)| u64::from(hi - lo) + 1)
        .sum();
    if size > 2 {
        return;
    }
    // A pair is a letter with its other case; other pairs are classes, which
    // are no unit at all (marked as single code points: no case to differ).
    let pair = size == 2
        && set.ranges.len() == 2
        && (0x41..=0x5A).contains(&set.ranges[0].0)
        && set.ranges[1].0 == set.ranges[0].0 + 0x20;
    let mark = if pair { PAIR } else { SINGLE };
    for &(lo, hi) in &set.ranges {
        for cp in lo..=hi.min(0x7F) {
            into[(cp as u8).to_ascii_lowercase() as usize] |= mark;
        }
    }
}

/// The first units (ASCII, lower case) the first significant item of
/// `items` may assert (`in_look`: inside a positive lookahead, where
/// literals count), or `None` where PCRE2 finds none: as in
/// `find_firstassertedcu()`, every branch of an alternation must assert one.
fn leading_units(items: &[Node], in_look: bool) -> Option<[u8; 128]> {
    for item in items {
        return match item {
            Node::Assert(Assert::WordB | Assert::NotWordB) => continue,
            Node::Look(Look::NegAhead | Look::Behind | Look::NegBehind, _) => continue,
            Node::Look(Look::Ahead, body) => leading_units(body.items(), true),
            Node::Assert(_) => None,
            Node::Set(s) => {
                let mut units = [0u8; 128];
                if in_look {
                    mark_literal(&s.set, &mut units);
                }
                units.iter().any(|&u| u != 0).then_some(units)
            }
            Node::Cat(inner) => leading_units(inner, in_look),
            Node::Alt(branches) => {
                let mut units = [0u8; 128];
                for b in branches {
                    let got = leading_units(b.items(), in_look)?;
                    for c in 0..128 {
                        units[c] |= got[c];
                    }
                }
                Some(units)
            }
            Node::Repeat(r) if r.min >= 1 => leading_units(r.body.items(), in_look),
            Node::Repeat(_) => None,
        };
    }
    None
}

/// Marks the units of every literal of the tree outside lookarounds (the
/// required code unit PCRE2 may pick; one it takes from a lookahead is a
/// character after the lookahead's first, so never at the match start).
fn literal_units(node: &Node, into: &mut [u8; 128]) {
    match node {
        Node::Set(s) => mark_literal(&s.set, into),
        Node::Assert(_) | Node::Look(..) => {}
        Node::Cat(items) | Node::Alt(items) => {
            for item in items {
                literal_units(item, into);
            }
        }
        Node::Repeat(r) => literal_units(&r.body, into),
    }
}
