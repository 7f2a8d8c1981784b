//! PCRE2's Unicode property tables, per claimed version. The generated
//! modules (tests/regex/build_ucd.php, run on the PHP that has that PCRE2)
//! hold every table of 10.42 (`ucd_10_42`: Unicode 14), and for each later
//! version only the code points each table loses and gains (`ucd_10_46`:
//! Unicode 16): a Unicode update changes a few ranges of a few tables, and
//! [`tables`] assembles a later version's tables once, at first use.
//! Mirrors `php/src/Ucd.php`.

use super::pcre::Version;
use super::{ucd_10_42, ucd_10_46};
use std::sync::OnceLock;

/// A range table: sorted, merged inclusive ranges of code points.
pub type Table = &'static [(u32, u32)];

/// Per table, by name (a leaf category, `Lu`, or a field of [`Tables`],
/// `graph`), a set of code points: what a later version's module lists as
/// removed from or added to 10.42's tables.
pub type Changes = &'static [(&'static str, Table)];

/// The property tables of one PCRE2 version.
pub struct Tables {
    /// The leaf general categories, by name (`Lu`, `Nd`...).
    pub gc: &'static [(&'static str, Table)],
    /// `[[:graph:]]`, `[[:print:]]`, `[[:punct:]]`, `[[:xdigit:]]` under UCP.
    pub graph: Table,
    pub print: Table,
    pub punct: Table,
    pub xdigit: Table,
    /// `\p{Xps}`, `\p{Xsp}`, `\p{Xuc}`.
    pub xps: Table,
    pub xsp: Table,
    pub xuc: Table,
}

/// The tables of `version`.
pub fn tables(version: Version) -> &'static Tables {
    static V10_46: OnceLock<Tables> = OnceLock::new();
    match version {
        Version::V10_42 => &ucd_10_42::TABLES,
        Version::V10_46 => {
            V10_46.get_or_init(|| patched(&ucd_10_42::TABLES, ucd_10_46::REMOVED, ucd_10_46::ADDED))
        }
    }
}

/// One leaf general category (`"Lu"`) of `version`; empty for an unknown name.
pub fn gc(version: Version, name: &str) -> Table {
    tables(version)
        .gc
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(&[], |(_, t)| *t)
}

/// `base` with, in each table, the code points `removed` lists for it taken
/// out and those `added` lists put in. Called once per version (the
/// `OnceLock` of [`tables`]), and its tables live as long as the process, as
/// the generated constants do: the ones it builds are leaked to be `'static`
/// like them.
fn patched(base: &Tables, removed: Changes, added: Changes) -> Tables {
    let listed = |changes: Changes, name: &str| -> Table {
        changes
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&[], |(_, t)| *t)
    };
    let table = |name: &str, table: Table| -> Table {
        let (out, into) = (listed(removed, name), listed(added, name));
        if out.is_empty() && into.is_empty() {
            return table;
        }
        Box::leak(toggled(&[table, out, into]).into_boxed_slice())
    };
    let gc: Vec<(&'static str, Table)> = base.gc.iter().map(|&(n, t)| (n, table(n, t))).collect();
    Tables {
        gc: Box::leak(gc.into_boxed_slice()),
        graph: table("graph", base.graph),
        print: table("print", base.print),
        punct: table("punct", base.punct),
        xdigit: table("xdigit", base.xdigit),
        xps: table("xps", base.xps),
        xsp: table("xsp", base.xsp),
        xuc: table("xuc", base.xuc),
    }
}

/// The code points that are in an odd number of `tables`, as a range table.
/// With a base table, code points of it to remove and code points outside it
/// to add (as the generator writes them), that is the patched table. Works
/// on the edges of the ranges (where membership starts, `lo`, and ends,
/// `hi + 1`): a point is an edge of the result when it is an edge in an odd
/// number of the tables.
fn toggled(tables: &[Table]) -> Vec<(u32, u32)> {
    let mut edges: Vec<u32> = tables
        .iter()
        .flat_map(|t| t.iter().flat_map(|&(lo, hi)| [lo, hi + 1]))
        .collect();
    edges.sort_unstable();
    let mut odd: Vec<u32> = Vec::with_capacity(edges.len());
    for edge in edges {
        if odd.last() == Some(&edge) {
            odd.pop();
        } else {
            odd.push(edge);
        }
    }
    odd.chunks(2).map(|p| (p[0], p[1] - 1)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sha256;

    /// One line per table, the leaf categories in order then `graph`,
    /// `print`, `punct`, `xdigit`, `xps`, `xsp`, `xuc`: its name, `:`, and
    /// its ranges as `lo-hi` in decimal joined by `,` (the serialization
    /// `tests/regex/tables_checksum.php` hashes too).
    fn canonical(t: &Tables) -> String {
        let named = [
            ("graph", t.graph),
            ("print", t.print),
            ("punct", t.punct),
            ("xdigit", t.xdigit),
            ("xps", t.xps),
            ("xsp", t.xsp),
            ("xuc", t.xuc),
        ];
        let mut out = String::new();
        for (name, table) in t.gc.iter().chain(&named) {
            let ranges: Vec<String> = table.iter().map(|(lo, hi)| format!("{lo}-{hi}")).collect();
            out.push_str(&format!("{name}:{}\n", ranges.join(",")));
        }
        out
    }

    /// Each version's assembled tables are the ones read from its PCRE2: the
    /// checksums are of the whole tables as read, so a regenerated table
    /// that differs must change them here and in tables_checksum.php.
    #[test]
    fn assembled_tables_match_the_readings() {
        assert_eq!(
            sha256::hex(canonical(tables(Version::V10_42)).as_bytes()),
            "621f534292667ac427aa161219a1dd0e640f3a3990273983e08325ba77224568"
        );
        assert_eq!(
            sha256::hex(canonical(tables(Version::V10_46)).as_bytes()),
            "8872fe11f3e6d72c0a9690db0bdd3411372731c44063e5fa1ec1c7444beee037"
        );
    }

    #[test]
    fn toggling_removes_and_adds() {
        let base: Table = &[(0x10, 0x1F), (0x30, 0x3F), (0x50, 0x50)];
        // Out of the base: a middle, an end, a whole range; into it: a new
        // range, one that joins two ranges, one beside a removed one.
        let removed: Table = &[(0x14, 0x15), (0x3F, 0x3F), (0x50, 0x50)];
        let added: Table = &[(0x0, 0x1), (0x20, 0x2F), (0x51, 0x60)];
        assert_eq!(
            toggled(&[base, removed, added]),
            [(0x0, 0x1), (0x10, 0x13), (0x16, 0x3E), (0x51, 0x60)]
        );
        assert_eq!(toggled(&[base]), base);
        assert!(toggled(&[base, base]).is_empty());
    }
}
