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
pub fn toggled(tables: &[Table]) -> Vec<(u32, u32)> {
    // Plain loops, not a flat_map over `[lo, hi + 1]` arrays: valgrind
    // (60-valgrind) takes an array iterator's partly initialised state, as
    // optimized, for a read of uninitialised memory.
    let mut edges: Vec<u32> = Vec::new();
    for t in tables {
        for &(lo, hi) in t.iter() {
            edges.push(lo);
            edges.push(hi + 1);
        }
    }
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
