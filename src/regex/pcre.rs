//! Stage `pcre`: the PCRE2 version the translation is made for. Every table
//! (case folding, Unicode properties) and every proof in docs/regex.md holds
//! for PCRE2 10.42, the version PHP 8.2 bundles; newer PCRE2 reads some
//! patterns differently (10.43: `{,3}` is a quantifier, Unicode 15, `\w` with
//! marks), so on any other version every pattern is skipped.
//! Mirrors `php/src/Regex/Pcre.php`.

use super::{skip, Skip, PCRE_VERSION};
use std::sync::OnceLock;

/// The version the tables were made for (PHP's `PCRE_VERSION` on PHP 8.2).
pub const SUPPORTED: &str = "10.42 2022-12-11";

/// Environment variable that replaces the version PHP reports, when set and
/// not empty: for tests of the refusal only (read once per process).
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

/// A skip unless `version` is PCRE2 10.42 (the release date is not compared).
pub fn check(version: &str) -> Result<(), Skip> {
    let number = version.split(' ').next().unwrap_or("");
    if number == "10.42" {
        return Ok(());
    }
    let shown: String = number
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .take(20)
        .collect();
    Err(skip(
        PCRE_VERSION,
        &format!(
            "PCRE2 {} is not the version the translation was made for (10.42)",
            if shown.is_empty() {
                "(unknown)"
            } else {
                &shown
            }
        ),
    ))
}
