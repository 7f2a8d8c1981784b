//! PCRE2's case sets and Unicode tables as the crate assembles them per
//! claimed version (10.42's whole tables; a later version's built from them
//! and its differences, src/casefold_10_46.rs and src/ucd_10_46.rs) are the
//! ones read from that PCRE2: their FNV-1a checksums, over the serializations
//! below, are those of the whole tables as read. tests/regex/tables_checksum.php
//! hashes the PHP twin's tables the same way to the same values, so a
//! regenerated table that differs changes them in both places. The checksum
//! guards against a table assembled wrongly, not against tampering.

use pcre2ecma::pcre_tables::{patched_sets, sets, tables, toggled, Tables, Version};

/// FNV-1a, 64 bits, as 16 hex digits (PHP's `hash('fnv1a64', ...)`).
fn fnv1a64(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// The sets one per line, each as its members in decimal joined by `,`.
fn canonical_sets(sets: &[&[u32]]) -> String {
    let mut out = String::new();
    for set in sets {
        let members: Vec<String> = set.iter().map(u32::to_string).collect();
        out.push_str(&members.join(","));
        out.push('\n');
    }
    out
}

/// One line per table, the leaf categories in order then `graph`, `print`,
/// `punct`, `xdigit`, `xps`, `xsp`, `xuc`: its name, `:`, and its ranges as
/// `lo-hi` in decimal joined by `,`.
fn canonical_tables(t: &Tables) -> String {
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

#[test]
fn fnv1a64_is_phps() {
    assert_eq!(fnv1a64(b""), "cbf29ce484222325");
    assert_eq!(fnv1a64(b"a"), "af63dc4c8601ec8c");
}

#[test]
fn assembled_tables_match_the_readings() {
    let sums = |v: Version| {
        (
            fnv1a64(canonical_sets(sets(v)).as_bytes()),
            fnv1a64(canonical_tables(tables(v)).as_bytes()),
        )
    };
    assert_eq!(
        sums(Version::V10_42),
        ("38dd9f53f304903c".into(), "38cd4fba25ae8744".into())
    );
    assert_eq!(
        sums(Version::V10_46),
        ("1f64ca9c1d2bc577".into(), "a81f721a44c72dca".into())
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
    assert_eq!(patched_sets(BASE, removed, ADDED), want);
}

#[test]
fn toggling_removes_and_adds() {
    let base: &[(u32, u32)] = &[(0x10, 0x1F), (0x30, 0x3F), (0x50, 0x50)];
    // Out of the base: a middle, an end, a whole range; into it: a new
    // range, one that joins two ranges, one beside a removed one.
    let removed: &[(u32, u32)] = &[(0x14, 0x15), (0x3F, 0x3F), (0x50, 0x50)];
    let added: &[(u32, u32)] = &[(0x0, 0x1), (0x20, 0x2F), (0x51, 0x60)];
    assert_eq!(
        toggled(&[base, removed, added]),
        [(0x0, 0x1), (0x10, 0x13), (0x16, 0x3E), (0x51, 0x60)]
    );
    assert_eq!(toggled(&[base]), base);
    assert!(toggled(&[base, base]).is_empty());
}
