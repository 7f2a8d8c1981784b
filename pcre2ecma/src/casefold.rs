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
fn patched(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sha256;

    /// The sets one per line, each as its members in decimal joined by `,`
    /// (the serialization `tests/regex/tables_checksum.php` hashes too).
    fn canonical(sets: &[&[u32]]) -> String {
        let mut out = String::new();
        for set in sets {
            let members: Vec<String> = set.iter().map(u32::to_string).collect();
            out.push_str(&members.join(","));
            out.push('\n');
        }
        out
    }

    /// Each version's assembled table is the one read from its PCRE2: the
    /// checksums are of the whole tables as read, so a regenerated table
    /// that differs must change them here and in tables_checksum.php.
    #[test]
    fn assembled_sets_match_the_readings() {
        assert_eq!(
            sha256::hex(canonical(sets(Version::V10_42)).as_bytes()),
            "e2cc0b4a40199077a56ccdb1ea03f86428e675cedc29b10de89bc636d52d71ae"
        );
        assert_eq!(
            sha256::hex(canonical(sets(Version::V10_46)).as_bytes()),
            "c0245b5f7bc378082298d56b48a317d48177aa3e6719ac4371da4fb2d0ecabc1"
        );
        assert_eq!(sets(Version::V10_42).len(), 1424);
        assert_eq!(sets(Version::V10_46).len(), 1454);
    }

    #[test]
    fn patch_removes_changes_and_adds() {
        static BASE: &[&[u32]] = &[&[0x41, 0x61], &[0x42, 0x62], &[0x43, 0x63]];
        static ADDED: &[&[u32]] = &[&[0x40, 0x60], &[0x42, 0x62, 0x100]];
        let removed: &[&[u32]] = &[&[0x42, 0x62], &[0x43, 0x63]];
        let want: &[&[u32]] = &[&[0x40, 0x60], &[0x41, 0x61], &[0x42, 0x62, 0x100]];
        assert_eq!(patched(BASE, removed, ADDED), want);
    }
}
