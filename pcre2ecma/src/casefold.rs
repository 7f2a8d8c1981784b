//! PCRE2's caseless sets under `/iu`, per claimed version. The generated
//! modules (tests/regex/build_casefold.php, run on the PHP that has that
//! PCRE2) hold one whole table, 10.42's (`casefold_10_42`), and for each later
//! version only its differences from it (`casefold_10_46`): most sets are the
//! same in every version, and [`sets`] assembles a later version's table
//! once, at first use.
//! Mirrors `php/src/CaseFold.php`.

use super::pcre::Version;
use super::{casefold_10_42, casefold_10_46};
use std::sync::OnceLock;

/// The case sets of `version`: each one set of code points that match each
/// other caselessly, the sets in the order of their smallest member.
pub fn sets(version: Version) -> &'static [&'static [u32]] {
    static V10_46: OnceLock<Vec<&'static [u32]>> = OnceLock::new();
    match version {
        Version::V10_42 => casefold_10_42::CASE_SETS,
        Version::V10_46 => V10_46.get_or_init(|| {
            patched(
                casefold_10_42::CASE_SETS,
                casefold_10_46::REMOVED,
                casefold_10_46::ADDED,
            )
        }),
    }
}

/// The sets of `base` without those in `removed`, with those in `added`:
/// each set is whole in one of the three lists (a changed set is removed and
/// added), and sets never share a member, so ordering by the smallest member
/// restores the generator's order.
pub fn patched(
    base: &'static [&'static [u32]],
    removed: &[&[u32]],
    added: &'static [&'static [u32]],
) -> Vec<&'static [u32]> {
    let mut out: Vec<&'static [u32]> = base
        .iter()
        .copied()
        .filter(|set| !removed.contains(set))
        .chain(added.iter().copied())
        .collect();
    out.sort_unstable_by_key(|set| set[0]);
    out
}
