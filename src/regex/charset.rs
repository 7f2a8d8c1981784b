//! Stage `charset`: sets of code points as sorted, merged, inclusive ranges,
//! plus the fixed tables taken from PHP 8.2's bundled PCRE2 10.42.
//! Mirrors `php/src/Regex/CharSet.php`.

use super::casefold::CASE_SETS;
use super::ucd;
use std::sync::OnceLock;

/// Highest Unicode code point.
pub const MAX_CP: u32 = 0x10FFFF;

/// `\d` (and `[:digit:]`) under `/u` (PCRE2_UCP): every Nd code point of Unicode 14
/// (the same as `ucd::GC_ND`, which a unit test checks).
pub const DIGIT_UCP: &[(u32, u32)] = &[
    (0x30, 0x39),
    (0x660, 0x669),
    (0x6F0, 0x6F9),
    (0x7C0, 0x7C9),
    (0x966, 0x96F),
    (0x9E6, 0x9EF),
    (0xA66, 0xA6F),
    (0xAE6, 0xAEF),
    (0xB66, 0xB6F),
    (0xBE6, 0xBEF),
    (0xC66, 0xC6F),
    (0xCE6, 0xCEF),
    (0xD66, 0xD6F),
    (0xDE6, 0xDEF),
    (0xE50, 0xE59),
    (0xED0, 0xED9),
    (0xF20, 0xF29),
    (0x1040, 0x1049),
    (0x1090, 0x1099),
    (0x17E0, 0x17E9),
    (0x1810, 0x1819),
    (0x1946, 0x194F),
    (0x19D0, 0x19D9),
    (0x1A80, 0x1A89),
    (0x1A90, 0x1A99),
    (0x1B50, 0x1B59),
    (0x1BB0, 0x1BB9),
    (0x1C40, 0x1C49),
    (0x1C50, 0x1C59),
    (0xA620, 0xA629),
    (0xA8D0, 0xA8D9),
    (0xA900, 0xA909),
    (0xA9D0, 0xA9D9),
    (0xA9F0, 0xA9F9),
    (0xAA50, 0xAA59),
    (0xABF0, 0xABF9),
    (0xFF10, 0xFF19),
    (0x104A0, 0x104A9),
    (0x10D30, 0x10D39),
    (0x11066, 0x1106F),
    (0x110F0, 0x110F9),
    (0x11136, 0x1113F),
    (0x111D0, 0x111D9),
    (0x112F0, 0x112F9),
    (0x11450, 0x11459),
    (0x114D0, 0x114D9),
    (0x11650, 0x11659),
    (0x116C0, 0x116C9),
    (0x11730, 0x11739),
    (0x118E0, 0x118E9),
    (0x11950, 0x11959),
    (0x11C50, 0x11C59),
    (0x11D50, 0x11D59),
    (0x11DA0, 0x11DA9),
    (0x16A60, 0x16A69),
    (0x16AC0, 0x16AC9),
    (0x16B50, 0x16B59),
    (0x1D7CE, 0x1D7FF),
    (0x1E140, 0x1E149),
    (0x1E2F0, 0x1E2F9),
    (0x1E950, 0x1E959),
    (0x1FBF0, 0x1FBF9),
];

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
/// `alpha alnum word upper lower punct graph print` as Unicode properties
/// (tables in `ucd`); the others keep their ASCII or `\d`/`\s` meaning.
pub fn posix(name: &str, utf: bool) -> Option<CharSet> {
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
        "digit" => CharSet::from_table(DIGIT_UCP),
        "space" => CharSet::from_table(SPACE_UCP),
        "blank" => CharSet::from_table(HSPACE_UCP),
        "cntrl" => CharSet::from_table(&[(0x0, 0x1F), (0x7F, 0x9F)]),
        "alpha" => category('L'),
        "alnum" => category('L').union_with(&category('N')),
        "word" => word_ucp(),
        "upper" => CharSet::from_table(ucd::GC_LU),
        "lower" => CharSet::from_table(ucd::GC_LL),
        "punct" => CharSet::from_table(ucd::SPECIAL_PUNCT),
        "graph" => CharSet::from_table(ucd::SPECIAL_GRAPH),
        "print" => CharSet::from_table(ucd::SPECIAL_PRINT),
        _ => CharSet::from_table(ascii),
    })
}

/// A major general category (`L`, `N`, ...): the union of its leaves.
pub fn category(major: char) -> CharSet {
    let mut out = CharSet::new();
    for &(name, table) in ucd::GC {
        if name.starts_with(major) {
            out = out.union_with(&CharSet::from_table(table));
        }
    }
    out
}

/// `\w` under `/u` in PCRE2 10.42: letters, numbers and `_`.
pub fn word_ucp() -> CharSet {
    category('L')
        .union_with(&category('N'))
        .union_with(&CharSet::from_table(&[(0x5F, 0x5F)]))
}

/// `\p{name}` under `/u`: general categories (`L`, `Lu`, `L&`...), `Any` and
/// PCRE2's `Xan Xps Xsp Xwd Xuc`, with PCRE2's loose matching of the name
/// (case, spaces, `-` and `_` ignored). `None` for scripts, binary properties
/// and unknown names.
pub fn property(name: &str) -> Option<CharSet> {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Some(match key.as_str() {
        "any" => CharSet::from_table(&[(0, MAX_CP)]),
        "l&" | "lc" => CharSet::from_table(ucd::GC_LL)
            .union_with(&CharSet::from_table(ucd::GC_LT))
            .union_with(&CharSet::from_table(ucd::GC_LU)),
        "xan" => category('L').union_with(&category('N')),
        "xwd" => word_ucp(),
        "xps" => CharSet::from_table(ucd::SPECIAL_XPS),
        "xsp" => CharSet::from_table(ucd::SPECIAL_XSP),
        "xuc" => CharSet::from_table(ucd::SPECIAL_XUC),
        k if k.len() == 1 => {
            let major = k.chars().next()?.to_ascii_uppercase();
            if !"CLMNPSZ".contains(major) {
                return None;
            }
            category(major)
        }
        k if k.len() == 2 => {
            let (_, table) = ucd::GC.iter().find(|(n, _)| n.eq_ignore_ascii_case(k))?;
            CharSet::from_table(table)
        }
        _ => return None,
    })
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

    /// Adds the inclusive range `lo..=hi` (requires `lo <= hi`).
    pub fn add(&mut self, lo: u32, hi: u32) {
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(self.ranges.len() + 1);
        let mut nlo = lo;
        let mut nhi = hi;
        let mut placed = false;
        for &(a, b) in &self.ranges {
            if b.saturating_add(1) < nlo {
                out.push((a, b));
            } else if nhi.saturating_add(1) < a {
                if !placed {
                    out.push((nlo, nhi));
                    placed = true;
                }
                out.push((a, b));
            } else {
                nlo = nlo.min(a);
                nhi = nhi.max(b);
            }
        }
        if !placed {
            out.push((nlo, nhi));
        }
        self.ranges = out;
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
    pub fn close_unicode_case(&mut self) -> u64 {
        let index = case_index();
        let mut extra: Vec<(u32, u32)> = Vec::new();
        let mut work = self.ranges.len() as u64;
        let mut k = index.partition_point(|e| e.0 < self.ranges.first().map_or(0, |r| r.0));
        for &(lo, hi) in &self.ranges {
            while k < index.len() && index[k].0 < lo {
                k += 1;
            }
            while k < index.len() && index[k].0 <= hi {
                work += 1;
                for &cp in CASE_SETS[index[k].1] {
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

/// Every member of `CASE_SETS`, sorted: (code point, set index).
fn case_index() -> &'static [(u32, usize)] {
    static INDEX: OnceLock<Vec<(u32, usize)>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: Vec<(u32, usize)> = Vec::new();
        for (i, set) in CASE_SETS.iter().enumerate() {
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

    #[test]
    fn digit_table_is_the_nd_category() {
        assert_eq!(DIGIT_UCP, ucd::GC_ND);
    }

    #[test]
    fn properties_by_loose_name() {
        assert_eq!(property("Lu"), property(" l_u "));
        assert_eq!(property("L&"), property("LC"));
        assert_eq!(property("Any").map(|s| s.ranges), Some(vec![(0, MAX_CP)]));
        assert!(property("Greek").is_none());
        assert!(property("Xx").is_none());
        let c = property("C").expect("C");
        assert!(c.contains(0x7) && c.contains(0x200B) && c.contains(0xE000) && c.contains(0x378));
        assert!(!c.contains(0x41) && !c.contains(0xE9));
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
