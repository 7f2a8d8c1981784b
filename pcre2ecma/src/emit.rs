//! Stage `emit`: the ECMA-262 text of an `ir` tree, valid under the `u` flag.
//! Classes are written out (`[0-9]`, never `\d`: other engines read `\d` and
//! `\w` as Unicode classes); non-ASCII code points as `\u{HEX}`.
//! Mirrors `php/src/Emit.php`.

use super::charset::{CharSet, MAX_CP};
use super::ir::{Assert, Look, Node, Repeat};

/// PCRE `^` under `m`: start of subject, or after a newline that does not end it.
pub const CARET_MULTILINE: &str = "(?:^|(?<=\\n)(?!$))";
/// PCRE `$` under `m`: before any newline, or at the end.
pub const DOLLAR_MULTILINE: &str = "(?=\\n|$)";
/// PCRE `$` (no `m`, no `D`) and `\Z`: at the end, or before a final newline.
pub const DOLLAR_FINAL_NEWLINE: &str = "(?=\\n?$)";
/// Any character (PCRE `.` with `s`).
pub const ANY: &str = "[\\s\\S]";

/// A code point spelled for use inside or outside a character class.
pub fn char_text(cp: u32, in_class: bool) -> String {
    match cp {
        0x09 => "\\t".to_string(),
        0x0A => "\\n".to_string(),
        0x0D => "\\r".to_string(),
        0x00..=0x1F | 0x7F => format!("\\x{:02X}", cp),
        0x80.. => format!("\\u{{{:X}}}", cp),
        _ => {
            let c = char::from_u32(cp).unwrap_or('?');
            let special = if in_class {
                matches!(c, '\\' | ']' | '[' | '^' | '-')
            } else {
                matches!(
                    c,
                    '^' | '$'
                        | '\\'
                        | '.'
                        | '*'
                        | '+'
                        | '?'
                        | '('
                        | ')'
                        | '['
                        | ']'
                        | '{'
                        | '}'
                        | '|'
                )
            };
            if special {
                format!("\\{}", c)
            } else {
                c.to_string()
            }
        }
    }
}

/// The ranges of a class: a set that holds the last code point is written
/// negated (`[^\n]`). Surrogates never occur in subjects (valid UTF-8), so a
/// gap made of them alone is filled.
fn ranges_text(ranges: &[(u32, u32)], negated: bool) -> String {
    let mut out = String::from(if negated { "[^" } else { "[" });
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for &(lo, hi) in ranges {
        match merged.last_mut() {
            Some(last) if last.1 == 0xD7FF && lo == 0xE000 => last.1 = hi,
            _ => merged.push((lo, hi)),
        }
    }
    for (lo, hi) in merged {
        out.push_str(&char_text(lo, true));
        if hi > lo {
            if hi > lo + 1 {
                out.push('-');
            }
            out.push_str(&char_text(hi, true));
        }
    }
    out.push(']');
    out
}

/// One character of a set: a literal, a class, or `[\s\S]` for all of them.
pub fn set(set: &CharSet) -> String {
    match set.ranges.as_slice() {
        [(lo, hi)] if lo == hi => return char_text(*lo, false),
        [(0, MAX_CP)] | [(0, 0xD7FF), (0xE000, MAX_CP)] => return ANY.to_string(),
        _ => {}
    }
    if set.has_from(MAX_CP) {
        ranges_text(&set.complement(MAX_CP).ranges, true)
    } else {
        ranges_text(&set.ranges, false)
    }
}

/// A quantifier suffix.
pub fn quantifier(min: u32, max: Option<u32>, lazy: bool) -> String {
    let mut q = match (min, max) {
        (0, None) => "*".to_string(),
        (1, None) => "+".to_string(),
        (0, Some(1)) => "?".to_string(),
        (n, None) => format!("{{{},}}", n),
        (n, Some(m)) if n == m => format!("{{{}}}", n),
        (n, Some(m)) => format!("{{{},{}}}", n, m),
    };
    if lazy {
        q.push('?');
    }
    q
}

fn assertion(a: Assert) -> &'static str {
    match a {
        Assert::Start => "^",
        Assert::End => "$",
        Assert::EndNl => DOLLAR_FINAL_NEWLINE,
        Assert::LineStart => CARET_MULTILINE,
        Assert::LineEnd => DOLLAR_MULTILINE,
        Assert::WordB => "\\b",
        Assert::NotWordB => "\\B",
    }
}

struct Writer {
    out: String,
    /// Possessive emulations written so far (they name their groups a1, a2...).
    emulations: u32,
}

impl Writer {
    fn node(&mut self, node: &Node) {
        match node {
            Node::Set(s) => self.out.push_str(&set(&s.set)),
            Node::Assert(a) => self.out.push_str(assertion(*a)),
            Node::Look(kind, body) => {
                self.out.push_str(match kind {
                    Look::Ahead => "(?=",
                    Look::NegAhead => "(?!",
                    Look::Behind => "(?<=",
                    Look::NegBehind => "(?<!",
                });
                self.node(body);
                self.out.push(')');
            }
            Node::Cat(items) => {
                for item in items {
                    if matches!(item, Node::Alt(_)) {
                        self.group(item);
                    } else {
                        self.node(item);
                    }
                }
            }
            Node::Alt(branches) => {
                for (i, b) in branches.iter().enumerate() {
                    if i > 0 {
                        self.out.push('|');
                    }
                    self.node(b);
                }
            }
            Node::Repeat(r) => self.repeat(r),
        }
    }

    fn group(&mut self, node: &Node) {
        self.out.push_str("(?:");
        self.node(node);
        self.out.push(')');
    }

    /// A quantifiable atom: a set, or a group.
    fn atom(&mut self, node: &Node) {
        match node {
            Node::Set(_) => self.node(node),
            _ => self.group(node),
        }
    }

    fn repeat(&mut self, r: &Repeat) {
        if r.possessive {
            // An atomic group: the lookahead is atomic in ECMA, the
            // backreference consumes what it matched (named, so numbering
            // does not matter).
            self.emulations += 1;
            let n = self.emulations;
            self.out.push_str(&format!("(?=(?<a{}>", n));
            self.atom(&r.body);
            self.out.push_str(&quantifier(r.min, r.max, false));
            self.out.push_str(&format!("))\\k<a{}>", n));
            return;
        }
        if r.min == 1 && r.max == Some(1) {
            // `X{1}` is `X`.
            if matches!(r.body, Node::Alt(_)) {
                self.group(&r.body);
            } else {
                self.node(&r.body);
            }
            return;
        }
        self.atom(&r.body);
        self.out.push_str(&quantifier(r.min, r.max, !r.greedy));
    }
}

/// The ECMA-262 pattern of a tree.
pub fn pattern(root: &Node) -> String {
    let mut w = Writer {
        out: String::new(),
        emulations: 0,
    };
    w.node(root);
    w.out
}
