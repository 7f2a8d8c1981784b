//! PCRE2's caseless sets under `/iu`, one generated module per claimed
//! version (`casefold_10_42`, `casefold_10_46`: tests/regex/build_casefold.php
//! run on the PHP that has that PCRE2).
//! Mirrors `php/src/CaseFold.php`.

use super::pcre::Version;
use super::{casefold_10_42, casefold_10_46};

/// The case sets of `version`: each one set of code points that match each
/// other caselessly.
pub fn sets(version: Version) -> &'static [&'static [u32]] {
    match version {
        Version::V10_42 => casefold_10_42::CASE_SETS,
        Version::V10_46 => casefold_10_46::CASE_SETS,
    }
}
