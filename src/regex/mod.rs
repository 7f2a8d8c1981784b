//! Translation of PHP PCRE patterns (Symfony/Drupal `Regex` constraint) into
//! ECMA-262 patterns for JSON Schema `pattern` (evaluated as `new RegExp(p, 'u')`).
//!
//! A pattern is produced only when it accepts exactly the strings `preg_match`
//! accepts on the PCRE2 PHP runs (10.42 and 10.46 are claimed, see `pcre`)
//! for every valid UTF-8 subject, and
//! when a backtracking engine (V8, and so ajv) cannot take exponential or
//! high polynomial time on it; otherwise the result is a [`Skip`] with a code
//! saying why. See docs/regex.md.
//!
//! Stages (mirrored one to one by `php/src/Regex/`): `pcre` (the running PCRE2
//! version), `delimiters` (split the PHP pattern), `parser` (one pass, explicit
//! stack, builds the `ir` tree), `rewrite` (exact simplifications at the edges
//! of the pattern), `bytes` (byte semantics without `u`), `backtrack`
//! (ambiguity analysis, with `dfa` rewriting what it flags), `emit` (ECMA
//! spelling); `charset`, `casefold` and `ucd` hold code point sets and PCRE2's
//! tables.

pub mod backtrack;
pub mod bytes;
pub mod casefold;
pub mod casefold_10_42;
pub mod casefold_10_46;
pub mod charset;
pub mod delimiters;
pub mod dfa;
pub mod emit;
pub mod ir;
pub mod parser;
pub mod pcre;
pub mod rewrite;
pub mod ucd;
pub mod ucd_10_42;
pub mod ucd_10_46;

/// Why a pattern was not translated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip {
    pub code: &'static str,
    pub message: String,
}

/// PCRE2 would refuse to compile the pattern (or PHP would refuse its delimiters).
pub const INVALID: &str = "regex_invalid";
/// A modifier (or inline option) other than i m s x u U D A n S X.
pub const MODIFIER: &str = "regex_unsupported_modifier";
/// A PCRE construct with no exact ECMA equivalent here.
pub const CONSTRUCT: &str = "regex_unsupported_construct";
/// Without `u` PCRE matches bytes; the construct could match part of a character.
pub const BYTES: &str = "regex_byte_semantics";
/// A construct that follows Unicode properties not tabulated here (`\b` under `u`, scripts...).
pub const UNICODE: &str = "regex_unicode";
/// Over a size, nesting or work cap.
pub const TOO_COMPLEX: &str = "regex_too_complex";
/// A backtracking engine could take exponential or high polynomial time on the
/// pattern, and no exact unambiguous form was found.
pub const BACKTRACKING: &str = "regex_backtracking";
/// The running PCRE2 is not the version the tables and proofs were made for.
pub const PCRE_VERSION: &str = "regex_pcre_version";

/// Longest source accepted, in bytes.
pub const MAX_SOURCE_BYTES: usize = 4096;
/// Deepest group nesting accepted.
pub const MAX_DEPTH: usize = 32;
/// Longest translated pattern, in bytes.
pub const MAX_OUTPUT_BYTES: usize = 32768;
/// Largest estimate of PCRE2's compiled size accepted (the real limit is 64 KiB).
pub const MAX_COST: u64 = 30000;
/// Work allowed per pattern, in the units every stage counts the same way in
/// both implementations (ranges and table entries read, tree nodes visited,
/// automaton states and transitions, product pairs and triples, sets of
/// states, expression nodes built).
pub const MAX_WORK: u64 = 200_000;
/// Largest intermediate structure accepted (automaton states, product pairs,
/// triples, sets of states in the route count, atoms, nodes of an expression
/// under construction): a second line of defence behind the work budget,
/// checked where each structure grows.
pub const MAX_STRUCTURE: usize = 50_000;

pub(crate) fn skip(code: &'static str, message: &str) -> Skip {
    Skip {
        code,
        message: message.to_string(),
    }
}

/// The work budget of one translation.
pub struct Work {
    used: u64,
    peak: usize,
}

impl Default for Work {
    fn default() -> Self {
        Work::new()
    }
}

impl Work {
    pub fn new() -> Self {
        Work { used: 0, peak: 0 }
    }

    /// The units counted so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// The largest intermediate structure seen so far (see [`Work::fits`]).
    pub fn peak(&self) -> usize {
        self.peak
    }

    /// Records the size of an intermediate structure that has just grown; a
    /// skip beyond [`MAX_STRUCTURE`].
    pub fn fits(&mut self, size: usize) -> Result<(), Skip> {
        self.peak = self.peak.max(size);
        if size > MAX_STRUCTURE {
            return Err(skip(
                TOO_COMPLEX,
                "pattern needs too large an automaton to translate",
            ));
        }
        Ok(())
    }

    /// Counts `n` units; a skip once the budget is spent.
    pub fn spend(&mut self, n: u64) -> Result<(), Skip> {
        self.used = self.used.saturating_add(n);
        if self.used > MAX_WORK {
            return Err(skip(
                TOO_COMPLEX,
                "pattern needs too much work to translate",
            ));
        }
        Ok(())
    }
}

/// Translates a full PHP pattern (delimiters and modifiers included), for the
/// PCRE2 version PHP reports ([`pcre::version`]).
pub fn translate(source: &str) -> Result<String, Skip> {
    translate_for(source, &pcre::version())
}

/// [`translate`] for a given PCRE2 version string (as PHP's `PCRE_VERSION`).
pub fn translate_for(source: &str, pcre_version: &str) -> Result<String, Skip> {
    translate_with(source, pcre_version, &mut Work::new())
}

/// [`translate_for`] counting its work in `work` (tests read [`Work::used`]).
pub fn translate_with(source: &str, pcre_version: &str, work: &mut Work) -> Result<String, Skip> {
    let version = pcre::check(pcre_version)?;
    if source.len() > MAX_SOURCE_BYTES {
        return Err(skip(TOO_COMPLEX, "pattern is longer than 4096 bytes"));
    }
    if source.as_bytes().contains(&0) {
        return Err(skip(CONSTRUCT, "NUL bytes in patterns are not supported"));
    }
    let (body, modifiers) = delimiters::split(source)?;
    let parsed = parser::parse(body, &modifiers, version, work)?;
    if pcre::first_unit_bug(&parsed.root, parsed.anchored, version) {
        return Err(skip(PCRE_VERSION, pcre::first_unit_message(version)));
    }
    let mut root = rewrite::apply(parsed.root, parsed.anchored);
    if !modifiers.utf {
        bytes::check(&root)?;
    }
    root = backtrack::ensure(root, work)?;
    let out = emit::pattern(&root);
    if out.len() > MAX_OUTPUT_BYTES {
        return Err(skip(TOO_COMPLEX, "translated pattern would be too long"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn ok(s: &str) -> String {
        match translate_for(s, pcre::SUPPORTED) {
            Ok(p) => p,
            Err(e) => panic!("{s}: {} {}", e.code, e.message),
        }
    }

    fn code(s: &str) -> &'static str {
        match translate_for(s, pcre::SUPPORTED) {
            Ok(p) => panic!("{s}: translated to {p}"),
            Err(e) => e.code,
        }
    }

    #[test]
    fn basics() {
        assert_eq!(ok("/^[a-z0-9-]+$/"), "^[\\-0-9a-z]+\\n?$");
        assert_eq!(ok("/^[a-z]+$/D"), "^[a-z]+$");
        assert_eq!(ok("#^\\d{3}$#D"), "^[0-9]{3}$");
        assert_eq!(ok("{^x$}uD"), "^x$");
        assert_eq!(ok("/^k$/iD"), "^[Kk]$");
        assert_eq!(ok("/^k$/iuD"), "^[Kk\\u{212A}]$");
        assert_eq!(ok("/^\\w+$/D"), "^[0-9A-Z_a-z]+$");
        assert_eq!(code("/a/J"), MODIFIER);
        assert_eq!(code("/(a/"), INVALID);
        assert_eq!(code("/^.$/"), BYTES);
        assert_eq!(code("/\\b/u"), UNICODE);
        assert_eq!(code("/(?R)/"), CONSTRUCT);
    }

    #[test]
    fn pcre_version_is_checked() {
        assert!(translate_for("/^a$/", "10.42 2022-12-11").is_ok());
        assert!(translate_for("/^a$/", "10.46 2025-08-27").is_ok());
        for v in [
            "10.43 2024-02-16",
            "10.45 2025-02-05",
            "10.40 2022-04-14",
            "",
            "garbage",
        ] {
            let e = translate_for("/^a$/", v).expect_err("other versions are refused");
            assert_eq!(e.code, PCRE_VERSION, "{v}");
        }
    }

    #[test]
    fn versions_read_differently() {
        let on = |v: &str, s: &str| translate_for(s, v).map_err(|e| e.code);
        let (old, new) = ("10.42 2022-12-11", "10.46 2025-08-27");
        assert_eq!(on(old, "/^a{,2}$/D").as_deref(), Ok("^a\\{,2\\}$"));
        assert_eq!(on(new, "/^a{,2}$/D").as_deref(), Ok("^a{0,2}$"));
        assert_eq!(on(new, "/^a{ 1, 2 }$/D").as_deref(), Ok("^a{1,2}$"));
        assert_eq!(on(new, "/^a{,}$/D").as_deref(), Ok("^a\\{,\\}$"));
        assert_eq!(on(old, "/^a\\xz$/D").as_deref(), Ok("^a\\x00z$"));
        assert_eq!(on(new, "/^a\\xz$/D"), Err(INVALID));
        assert_eq!(on(old, "/(?<=ab?)x/"), Err(INVALID));
        assert_eq!(on(new, "/(?<=ab?)x/").as_deref(), Ok("(?<=ab?)x"));
        assert_eq!(on(new, "/(?<=a*)x/"), Err(INVALID));
        assert_ne!(on(old, "/^\\p{Lu}$/iuD"), on(new, "/^\\p{Lu}$/iuD"));
        assert_eq!(on(new, "/^\\p{Lu}$/iuD"), on(new, "/^\\p{L&}$/uD"));
    }

    #[test]
    fn first_code_unit_bug() {
        let on = |v: &str, s: &str| translate_for(s, v).map_err(|e| e.code);
        let (old, new) = ("10.42 2022-12-11", "10.46 2025-08-27");
        for p in ["/(?=a)b?a/", "/(?=a)b?a./", "/(?:(?=a))b?a/", "/(?=a)b?A/i"] {
            assert_eq!(on(old, p), Err(PCRE_VERSION), "{p}");
        }
        assert_eq!(on(new, "/(?=a)b?a/").as_deref(), Ok("(?=a)b?a"));
        assert_eq!(on(new, "/(?=a)b?A/i"), Err(PCRE_VERSION));
        for p in [
            "/^(?=a)b?a/",
            "/(?=a)a.*/",
            "/(?=.)b?a/",
            "/(?=a)x?b/",
            "/(?=a*)b?a/",
        ] {
            assert!(on(old, p).is_ok(), "{p}");
        }
    }

    #[test]
    fn negative_lookahead_folded() {
        assert_eq!(ok("/^(?!\\.)[a-z0-9_.]+$/"), "^[0-9_a-z][.0-9_a-z]*\\n?$");
        assert_eq!(ok("/^(?!\\.)[a-z.]*$/D"), "^(?!\\.)[.a-z]*$");
        assert_eq!(ok("/^(?!ab)[a-z]+$/D"), "^(?!ab)[a-z]+$");
    }

    #[test]
    fn dollar_at_the_end_needs_no_lookahead() {
        assert_eq!(ok("/^a$/"), "^a\\n?$");
        assert_eq!(ok("/^(?:a|b$)$/"), "^(?:a|b(?=\\n?$))\\n?$");
        assert_eq!(ok("/^a$|^b$/"), "^a\\n?$|^b\\n?$");
        assert_eq!(ok("/a$/m"), "a(?:\\n|$)");
        assert_eq!(ok("/^a/m"), "(?:^|\\n)a");
        assert_eq!(ok("/^a$/m"), "(?:^|\\n)a(?:\\n|$)");
    }

    #[test]
    fn case_folding_and_byte_runs() {
        assert_eq!(ok("/^s$/iuD"), "^[Ss\\u{17F}]$");
        assert_eq!(ok("/^\u{3C3}$/iuD"), "^[\\u{3A3}\\u{3C2}\\u{3C3}]$");
        assert_eq!(ok("/^\u{E9}$/iD"), "^\\u{E9}$");
        assert_eq!(ok("/^[^<>]*$/D"), "^[^<>]*$");
        assert_eq!(ok("{^(?:[^\\d]*)$}D"), "^[^0-9]*$");
        assert_eq!(ok("/[^a-z\\-]/"), "[^\\-a-z]");
        assert_eq!(
            ok("/^[a-z_\\x80-\\xff][a-z0-9_\\x80-\\xff]*$/D"),
            "^[^\\x00-\\^`{-\\x7F][^\\x00-/:-\\^`{-\\x7F]*$"
        );
        assert_eq!(code("/^[^<]+[^>]+$/"), BYTES);
        assert_eq!(code("/^.{1,3}$/"), BYTES);
        assert_eq!(code("/(?>a*b|x*)b/"), CONSTRUCT);
        assert_eq!(ok("/^a++b$/D"), "^a+b$");
        assert_eq!(ok("/^a++a$/D"), "^(?=(?<a1>a+))\\k<a1>a$");
    }

    #[test]
    fn backtracking_is_refused_or_rewritten() {
        assert_eq!(ok("/^(a|a)*$/"), "^a*\\n?$");
        assert_eq!(code("/^(a|a\\b)*$/"), BACKTRACKING);
        assert_eq!(
            ok("/^[a-z0-9]([_.-]?[a-z0-9]+)*$/D"),
            "^[0-9a-z](?:[\\-._]?[0-9a-z])*$"
        );
        assert_eq!(
            ok("/^([a-z0-9]+([._][a-z0-9])* ?)+$/D"),
            "^[0-9a-z](?:[ ._]?[0-9a-z])* ?$"
        );
    }

    #[test]
    fn huge_and_deep_inputs_are_fast() {
        let start = Instant::now();
        let deep = format!("/{}/", "(".repeat(100_000));
        assert_eq!(code(&deep), TOO_COMPLEX);
        let big = format!("/{}/", "a".repeat(1 << 20));
        assert_eq!(code(&big), TOO_COMPLEX);
        let nested = format!("/{}a{}/u", "(?:".repeat(40), ")".repeat(40));
        assert_eq!(code(&nested), TOO_COMPLEX);
        let blowup = "/(?:(?:(?:a{100}){100}){100})/";
        assert_eq!(code(blowup), TOO_COMPLEX);
        let digits = format!("/^{}$/u", "\\d".repeat(2000));
        assert_eq!(code(&digits), TOO_COMPLEX);
        let wide = format!("/{}/iu", "[\\x{100}-\\x{2000}]".repeat(204));
        assert_eq!(code(&wide), TOO_COMPLEX);
        assert!(start.elapsed() < Duration::from_secs(2));
    }
}
