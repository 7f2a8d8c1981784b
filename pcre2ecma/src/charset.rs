//! Stage `charset`: sets of code points as sorted, merged, inclusive ranges,
//! plus the fixed tables of PCRE2 (the Unicode ones per version, from `ucd`
//! and `casefold`; `\d` under `/u` is the version's Nd category).
//! Mirrors `php/src/CharSet.php`.

use super::casefold;
use super::pcre::Version;
use super::ucd;
use std::sync::OnceLock;

/// Highest Unicode code point.
pub const MAX_CP: u32 = 0x10FFFF;

/// `\s` (and `[:space:]`) under `/u`.
pub const SPACE_UCP: &[(u32, u32)] = &[
    (0x9, 0xD),
    (0x20, 0x20),
    (0x85, 0x85),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x180E, 0x180E),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
];

/// `\h` (and `[:blank:]`) under `/u`.
pub const HSPACE_UCP: &[(u32, u32)] = &[
    (0x9, 0x9),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x180E, 0x180E),
    (0x2000, 0x200A),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
];

/// `\v` under `/u`.
pub const VSPACE_UCP: &[(u32, u32)] = &[(0xA, 0xD), (0x85, 0x85), (0x2028, 0x2029)];

/// `\h` without `/u` (bytes).
pub const HSPACE_BYTES: &[(u32, u32)] = &[(0x9, 0x9), (0x20, 0x20), (0xA0, 0xA0)];
/// `\v` without `/u` (bytes).
pub const VSPACE_BYTES: &[(u32, u32)] = &[(0xA, 0xD), (0x85, 0x85)];
/// `\d`, `[:digit:]` without `/u`.
pub const DIGIT_ASCII: &[(u32, u32)] = &[(0x30, 0x39)];
/// `\s`, `[:space:]` without `/u`.
pub const SPACE_ASCII: &[(u32, u32)] = &[(0x9, 0xD), (0x20, 0x20)];
/// `\w`, `[:word:]` without `/u`.
pub const WORD_ASCII: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];

/// A POSIX class by name (`None` for an unknown name). Under `/u` PCRE2 reads
/// `alpha alnum word upper lower punct graph print` (and from 10.43
/// `xdigit`) as Unicode properties (tables in `ucd`); the others keep their
/// ASCII or `\d`/`\s` meaning.
pub fn posix(name: &str, utf: bool, v: Version) -> Option<CharSet> {
    let ascii: &'static [(u32, u32)] = match name {
        "alpha" => &[(0x41, 0x5A), (0x61, 0x7A)],
        "upper" => &[(0x41, 0x5A)],
        "lower" => &[(0x61, 0x7A)],
        "punct" => &[(0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)],
        "graph" => &[(0x21, 0x7E)],
        "print" => &[(0x20, 0x7E)],
        "alnum" => &[(0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)],
        "word" => WORD_ASCII,
        "digit" => DIGIT_ASCII,
        "space" => SPACE_ASCII,
        "xdigit" => &[(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)],
        "blank" => &[(0x9, 0x9), (0x20, 0x20)],
        "cntrl" => &[(0x0, 0x1F), (0x7F, 0x7F)],
        "ascii" => &[(0x0, 0x7F)],
        _ => return None,
    };
    if !utf {
        return Some(CharSet::from_table(ascii));
    }
    Some(match name {
        "digit" => CharSet::from_table(ucd::gc(v, "Nd")),
        "space" => CharSet::from_table(SPACE_UCP),
        "blank" => CharSet::from_table(HSPACE_UCP),
        "cntrl" => CharSet::from_table(&[(0x0, 0x1F), (0x7F, 0x9F)]),
        "alpha" => category('L', v),
        "alnum" => category('L', v).union_with(&category('N', v)),
        "word" => word_ucp(v),
        "upper" => CharSet::from_table(ucd::gc(v, "Lu")),
        "lower" => CharSet::from_table(ucd::gc(v, "Ll")),
        "punct" => CharSet::from_table(ucd::tables(v).punct),
        "graph" => CharSet::from_table(ucd::tables(v).graph),
        "print" => CharSet::from_table(ucd::tables(v).print),
        "xdigit" => CharSet::from_table(ucd::tables(v).xdigit),
        _ => CharSet::from_table(ascii),
    })
}

/// A major general category (`L`, `N`, ...): the union of its leaves.
pub fn category(major: char, v: Version) -> CharSet {
    let mut out = CharSet::new();
    for &(name, table) in ucd::tables(v).gc {
        if name.starts_with(major) {
            out = out.union_with(&CharSet::from_table(table));
        }
    }
    out
}

/// `\w` under `/u`: letters, numbers and `_` in PCRE2 10.42; from 10.43
/// letters, numbers, Mn and Pc (which holds `_`).
pub fn word_ucp(v: Version) -> CharSet {
    let extra = if v.word_with_marks() {
        CharSet::from_table(ucd::gc(v, "Mn")).union_with(&CharSet::from_table(ucd::gc(v, "Pc")))
    } else {
        CharSet::from_table(&[(0x5F, 0x5F)])
    };
    category('L', v)
        .union_with(&category('N', v))
        .union_with(&extra)
}

/// `\p{name}` under `/u`: general categories (`L`, `Lu`, `L&`...), `Any` and
/// PCRE2's `Xan Xps Xsp Xwd Xuc`, with PCRE2's loose matching of the name
/// (case, spaces, `-` and `_` ignored). `None` for scripts, binary properties
/// and unknown names. `caseless`: under `i`, where from PCRE2 10.45 on `Lu`,
/// `Ll` and `Lt` are `L&` (10.42 does not fold properties).
pub fn property(name: &str, caseless: bool, v: Version) -> Option<CharSet> {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Some(match key.as_str() {
        "any" => CharSet::from_table(&[(0, MAX_CP)]),
        "l&" | "lc" => cased_letters(v),
        "lu" | "ll" | "lt" if caseless && v.caseless_cased_letters() => cased_letters(v),
        "xan" => category('L', v).union_with(&category('N', v)),
        "xwd" => word_ucp(v),
        "xps" => CharSet::from_table(ucd::tables(v).xps),
        "xsp" => CharSet::from_table(ucd::tables(v).xsp),
        "xuc" => CharSet::from_table(ucd::tables(v).xuc),
        k if k.len() == 1 => {
            let major = k.chars().next()?.to_ascii_uppercase();
            if !"CLMNPSZ".contains(major) {
                return None;
            }
            category(major, v)
        }
        k if k.len() == 2 => {
            let (_, table) = ucd::tables(v)
                .gc
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(k))?;
            CharSet::from_table(table)
        }
        _ => return None,
    })
}

/// `\p{L&}`: Ll, Lt and Lu.
fn cased_letters(v: Version) -> CharSet {
    CharSet::from_table(ucd::gc(v, "Ll"))
        .union_with(&CharSet::from_table(ucd::gc(v, "Lt")))
        .union_with(&CharSet::from_table(ucd::gc(v, "Lu")))
}

/// A set of code points: sorted, non-overlapping, non-adjacent inclusive ranges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CharSet {
    pub ranges: Vec<(u32, u32)>,
}

impl CharSet {
    pub fn new() -> Self {
        CharSet { ranges: Vec::new() }
    }

    /// A set from a table of ranges (sorted tables are read in one pass).
    pub fn from_table(table: &[(u32, u32)]) -> Self {
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(table.len());
        for &(lo, hi) in table {
            match out.last_mut() {
                Some(last) if lo < last.0 => return CharSet::from_unsorted(table.to_vec()),
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
        CharSet { ranges: out }
    }

    /// A set from ranges in any order (each with `lo <= hi`): sorts and merges once.
    pub fn from_unsorted(mut ranges: Vec<(u32, u32)>) -> Self {
        ranges.sort_unstable();
        CharSet::from_table(&ranges)
    }

    /// The complement within `0..=max`.
    pub fn complement(&self, max: u32) -> CharSet {
        let mut out = CharSet::new();
        let mut next: u32 = 0;
        let mut done = false;
        for &(a, b) in &self.ranges {
            if a > max {
                break;
            }
            if a > next {
                out.ranges.push((next, a - 1));
            }
            if b >= max {
                done = true;
                break;
            }
            next = b + 1;
        }
        if !done {
            out.ranges.push((next, max));
        }
        out
    }

    pub fn contains(&self, cp: u32) -> bool {
        let i = self.ranges.partition_point(|&(_, b)| b < cp);
        self.ranges.get(i).is_some_and(|&(a, _)| a <= cp)
    }

    /// Whether any member is `>= cp`.
    pub fn has_from(&self, cp: u32) -> bool {
        self.ranges.last().is_some_and(|&(_, b)| b >= cp)
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The union, by one merge of the two sorted lists.
    pub fn union_with(&self, other: &CharSet) -> CharSet {
        let (a, b) = (&self.ranges, &other.ranges);
        let mut all: Vec<(u32, u32)> = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let take_a = j >= b.len() || (i < a.len() && a[i].0 <= b[j].0);
            let r = if take_a { a[i] } else { b[j] };
            if take_a {
                i += 1;
            } else {
                j += 1;
            }
            match all.last_mut() {
                Some(last) if r.0 <= last.1.saturating_add(1) => last.1 = last.1.max(r.1),
                _ => all.push(r),
            }
        }
        CharSet { ranges: all }
    }

    /// The intersection.
    pub fn intersect(&self, other: &CharSet) -> CharSet {
        let (a, b) = (&self.ranges, &other.ranges);
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            let lo = a[i].0.max(b[j].0);
            let hi = a[i].1.min(b[j].1);
            if lo <= hi {
                out.push((lo, hi));
            }
            if a[i].1 < b[j].1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        CharSet { ranges: out }
    }

    /// The members of `self` that are not in `other`.
    pub fn subtract(&self, other: &CharSet) -> CharSet {
        self.intersect(&other.complement(MAX_CP))
    }

    pub fn intersects(&self, other: &CharSet) -> bool {
        let (a, b) = (&self.ranges, &other.ranges);
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            if a[i].0.max(b[j].0) <= a[i].1.min(b[j].1) {
                return true;
            }
            if a[i].1 < b[j].1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        false
    }

    /// Whether every member of `other` is in `self`.
    pub fn covers(&self, other: &CharSet) -> bool {
        other.subtract(self).is_empty()
    }

    /// Without `/u`: adds the other case of ASCII letters (PCRE2's default
    /// tables fold nothing else).
    pub fn close_ascii_case(&mut self) {
        let mut extra = self.ranges.clone();
        for cp in 0x41..=0x5A_u32 {
            if self.contains(cp) || self.contains(cp + 0x20) {
                extra.push((cp, cp));
                extra.push((cp + 0x20, cp + 0x20));
            }
        }
        *self = CharSet::from_unsorted(extra);
    }

    /// With `/u`: adds every code point PCRE2 matches caselessly with a member
    /// (`k` brings K and U+212A KELVIN SIGN, `s` brings U+017F, ...). Returns
    /// the work done (ranges plus case-set entries read), for the caller's budget.
    pub fn close_unicode_case(&mut self, v: Version) -> u64 {
        let index = case_index(v);
        let sets = casefold::sets(v);
        let mut extra: Vec<(u32, u32)> = Vec::new();
        let mut work = self.ranges.len() as u64;
        let mut k = index.partition_point(|e| e.0 < self.ranges.first().map_or(0, |r| r.0));
        for &(lo, hi) in &self.ranges {
            while k < index.len() && index[k].0 < lo {
                k += 1;
            }
            while k < index.len() && index[k].0 <= hi {
                work += 1;
                for &cp in sets[index[k].1] {
                    if !self.contains(cp) {
                        extra.push((cp, cp));
                    }
                }
                k += 1;
            }
        }
        if !extra.is_empty() {
            *self = self.union_with(&CharSet::from_unsorted(extra));
        }
        work
    }
}

/// Every member of the case sets of `v`, sorted: (code point, set index).
fn case_index(v: Version) -> &'static [(u32, usize)] {
    static INDEX_10_42: OnceLock<Vec<(u32, usize)>> = OnceLock::new();
    static INDEX_10_46: OnceLock<Vec<(u32, usize)>> = OnceLock::new();
    let cell = match v {
        Version::V10_42 => &INDEX_10_42,
        Version::V10_46 => &INDEX_10_46,
    };
    cell.get_or_init(|| {
        let mut index: Vec<(u32, usize)> = Vec::new();
        for (i, set) in casefold::sets(v).iter().enumerate() {
            for &cp in *set {
                index.push((cp, i));
            }
        }
        index.sort_unstable();
        index
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: Version = Version::V10_42;

    #[test]
    fn properties_by_loose_name() {
        assert_eq!(property("Lu", false, V), property(" l_u ", false, V));
        assert_eq!(property("L&", false, V), property("LC", false, V));
        assert_eq!(
            property("Any", false, V).map(|s| s.ranges),
            Some(vec![(0, MAX_CP)])
        );
        assert!(property("Greek", false, V).is_none());
        assert!(property("Xx", false, V).is_none());
        let c = property("C", false, V).expect("C");
        assert!(c.contains(0x7) && c.contains(0x200B) && c.contains(0xE000) && c.contains(0x378));
        assert!(!c.contains(0x41) && !c.contains(0xE9));
    }

    #[test]
    fn versions_differ_where_pcre2_does() {
        let w = Version::V10_46;
        assert_eq!(property("Lu", true, V), property("Lu", false, V));
        assert_eq!(property("Lu", true, w), property("L&", false, w));
        assert_eq!(property("lt", true, w), property("L&", false, w));
        assert!(!word_ucp(V).contains(0x301) && word_ucp(w).contains(0x301));
        assert!(word_ucp(w).contains(0x203F) && word_ucp(w).contains(0x5F));
        let x = |v| posix("xdigit", true, v).expect("xdigit");
        assert!(!x(V).contains(0xFF21) && x(w).contains(0xFF21));
    }

    #[test]
    fn set_operations() {
        let a = CharSet::from_table(&[(0, 10), (20, 30)]);
        let b = CharSet::from_table(&[(5, 25)]);
        assert_eq!(a.intersect(&b).ranges, vec![(5, 10), (20, 25)]);
        assert_eq!(a.union_with(&b).ranges, vec![(0, 30)]);
        assert_eq!(a.subtract(&b).ranges, vec![(0, 4), (26, 30)]);
        assert!(a.intersects(&b) && !a.intersects(&CharSet::from_table(&[(11, 19)])));
        assert!(a.covers(&CharSet::from_table(&[(21, 22)])) && !a.covers(&b));
        assert_eq!(
            CharSet::from_table(&[(5, 6), (1, 2)]).ranges,
            vec![(1, 2), (5, 6)]
        );
    }
}
