//! PCRE2's Unicode property tables, one generated module per claimed version
//! (`ucd_10_42`: Unicode 14, `ucd_10_46`: Unicode 16; both written by
//! tests/regex/build_ucd.php from the PHP that runs that PCRE2).
//! Mirrors `php/src/Ucd.php`.

use super::pcre::Version;
use super::{ucd_10_42, ucd_10_46};

/// A range table: sorted, merged inclusive ranges of code points.
pub type Table = &'static [(u32, u32)];

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
    match version {
        Version::V10_42 => &ucd_10_42::TABLES,
        Version::V10_46 => &ucd_10_46::TABLES,
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
