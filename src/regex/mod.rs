//! Translation of PHP PCRE patterns (Symfony/Drupal `Regex` constraint) into
//! ECMA-262 patterns for JSON Schema `pattern` (evaluated as `new RegExp(p, 'u')`).
//!
//! A pattern is produced only when it accepts exactly the strings `preg_match`
//! accepts (PHP 8.2, bundled PCRE2 10.42) for every valid UTF-8 subject;
//! otherwise the result is a [`Skip`] with a code saying why. See docs/regex.md.
//!
//! Stages (mirrored one to one by `php/src/Regex/`): `delimiters` (split the PHP
//! pattern), `parser` (one pass, explicit stack, builds the output), `charset`
//! (code point sets and PCRE2 tables), `emit` (ECMA spelling).

pub mod casefold;
pub mod charset;
pub mod delimiters;
pub mod emit;
pub mod parser;

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
/// A construct that follows Unicode properties (`\w`, `\b`, `\p{..}`...).
pub const UNICODE: &str = "regex_unicode";
/// Over a size or nesting cap.
pub const TOO_COMPLEX: &str = "regex_too_complex";

/// Longest source accepted, in bytes.
pub const MAX_SOURCE_BYTES: usize = 4096;
/// Deepest group nesting accepted.
pub const MAX_DEPTH: usize = 32;
/// Longest translated pattern, in bytes.
pub const MAX_OUTPUT_BYTES: usize = 32768;
/// Largest estimate of PCRE2's compiled size accepted (the real limit is 64 KiB).
pub const MAX_COST: u64 = 30000;

pub(crate) fn skip(code: &'static str, message: &str) -> Skip {
    Skip {
        code,
        message: message.to_string(),
    }
}

/// Translates a full PHP pattern (delimiters and modifiers included).
pub fn translate(source: &str) -> Result<String, Skip> {
    if source.len() > MAX_SOURCE_BYTES {
        return Err(skip(TOO_COMPLEX, "pattern is longer than 4096 bytes"));
    }
    if source.as_bytes().contains(&0) {
        return Err(skip(CONSTRUCT, "NUL bytes in patterns are not supported"));
    }
    let (body, modifiers) = delimiters::split(source)?;
    parser::Parser::new(body, &modifiers).run()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn ok(s: &str) -> String {
        match translate(s) {
            Ok(p) => p,
            Err(e) => panic!("{s}: {} {}", e.code, e.message),
        }
    }

    fn code(s: &str) -> &'static str {
        match translate(s) {
            Ok(p) => panic!("{s}: translated to {p}"),
            Err(e) => e.code,
        }
    }

    #[test]
    fn basics() {
        assert_eq!(ok("/^[a-z0-9-]+$/"), "^[\\-0-9a-z]+(?=\\n?$)");
        assert_eq!(ok("/^[a-z]+$/D"), "^[a-z]+$");
        assert_eq!(ok("#^\\d{3}$#D"), "^\\d{3}$");
        assert_eq!(ok("{^x$}uD"), "^x$");
        assert_eq!(ok("/^k$/iD"), "^[Kk]$");
        assert_eq!(ok("/^k$/iuD"), "^[Kk\\u{212A}]$");
        assert_eq!(code("/a/J"), MODIFIER);
        assert_eq!(code("/(a/"), INVALID);
        assert_eq!(code("/^.$/"), BYTES);
        assert_eq!(code("/\\w/u"), UNICODE);
        assert_eq!(code("/(?R)/"), CONSTRUCT);
    }

    #[test]
    fn case_folding_and_byte_runs() {
        assert_eq!(ok("/^s$/iuD"), "^[Ss\\u{17F}]$");
        assert_eq!(ok("/^\u{3C3}$/iuD"), "^[\\u{3A3}\\u{3C2}\\u{3C3}]$");
        assert_eq!(ok("/^\u{E9}$/iD"), "^\\u{E9}$");
        assert_eq!(ok("/^[^<>]*$/D"), "^[^<>]*$");
        assert_eq!(code("/^[^<]+[^>]+$/"), BYTES);
        assert_eq!(code("/^.{1,3}$/"), BYTES);
        assert_eq!(code("/(?>a*b|x*)b/"), CONSTRUCT);
        assert_eq!(ok("/^a++b$/D"), "^(?=(?<a1>a+))\\k<a1>b$");
        assert_eq!(ok("/^a$/m"), "(?:^|(?<=\\n)(?!$))a(?=\\n|$)");
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
        assert!(start.elapsed() < Duration::from_secs(2));
    }
}
