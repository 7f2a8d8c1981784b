//! Stage `parser`: one left-to-right pass over the pattern body that reads
//! PCRE2 syntax and builds the `ir` tree bottom-up on an explicit stack of
//! open groups (no recursion). Every item carries the properties needed to
//! decide what PCRE2 refuses (lookbehind length, possessive operands) and an
//! estimate of PCRE2's compiled size (see docs/regex.md).
//! Mirrors `php/src/Parser.php`.

use super::charset::{self, CharSet, MAX_CP};
use super::delimiters::Modifiers;
use super::emit;
use super::ir::{Assert, Look, Node, Repeat, Set};
use super::pcre::Version;
use super::ucd;
use super::{
    skip, Skip, Work, BYTES, CONSTRUCT, INVALID, MAX_COST, MAX_DEPTH, MAX_OUTPUT_BYTES, MODIFIER,
    TOO_COMPLEX, UNICODE,
};

/// Atomic groups (and possessive groups, which are atomic groups): the JIT of
/// PCRE2 10.42, which preg_match uses by default, does not match some of them
/// like its interpreter does (e.g. `/(?>a*b|x*)b/` matches "ab" with JIT only).
const ATOMIC_MESSAGE: &str =
    "atomic groups are not supported (PCRE2 10.42 JIT does not match them reliably)";

/// Upper bound kept for lengths (lookbehind limit is 65535).
const LEN_CAP: u64 = 65536;

#[derive(Clone, Copy)]
struct Flags {
    caseless: bool,
    multiline: bool,
    dotall: bool,
    extended: bool,
    ungreedy: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Consuming atom or group: may take a quantifier.
    Atom,
    /// `^`, `$`, `\b`...: a quantifier is a PCRE error.
    Assertion,
    /// Lookahead / lookbehind: PCRE allows a quantifier, ECMA `u` does not.
    Lookaround,
    /// Already quantified.
    Quantified,
}

#[derive(Clone, Copy)]
struct Props {
    /// Can match the empty string.
    nullable: bool,
    /// Fixed length (code points with `u`, bytes without), if any.
    len: Option<u64>,
    /// Longest length, if bounded (for PCRE2 10.46's variable-length lookbehind).
    max: Option<u64>,
    /// Contains a repeat of a nullable operand (atomic emulation not proven exact).
    unsafe_atomic: bool,
    /// Contains a possessive quantifier.
    has_emul: bool,
    /// Estimate of PCRE2's compiled size.
    cost: u64,
}

const EMPTY: Props = Props {
    nullable: true,
    len: Some(0),
    max: Some(0),
    unsafe_atomic: false,
    has_emul: false,
    cost: 0,
};

fn clamp_cost(c: u64) -> u64 {
    c.min(MAX_COST + 1)
}

fn clamp_len(l: u64) -> u64 {
    l.min(LEN_CAP)
}

/// A branch's fixed length and longest length, if any.
type BranchLen = (Option<u64>, Option<u64>);

struct Item {
    node: Node,
    /// A group (PCRE2 repeats groups by copying them).
    group: bool,
    kind: Kind,
    props: Props,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum GroupKind {
    Root,
    Group,
    Ahead,
    NegAhead,
    Behind,
    NegBehind,
}

struct Frame {
    kind: GroupKind,
    saved: Flags,
    alts: Vec<(Node, Props)>,
    items: Vec<Item>,
    /// An option setting came after the last item.
    blocked: bool,
}

enum ClassAtom {
    Char(u32),
    /// A class escape or POSIX class: under `u` not case-folded by `i`.
    Set(CharSet),
}

/// The parse of a pattern body.
pub struct Parsed {
    pub root: Node,
    /// Starts at the start of the subject (`A` modifier): not a search.
    pub anchored: bool,
}

/// Parses a pattern body with its modifiers, as PCRE2 `version` reads it.
pub fn parse(body: &str, m: &Modifiers, version: Version, work: &mut Work) -> Result<Parsed, Skip> {
    Parser::new(body, m, version, work).run()
}

struct Parser<'w> {
    chars: Vec<char>,
    pos: usize,
    flags: Flags,
    utf: bool,
    version: Version,
    dollar_endonly: bool,
    anchored: bool,
    frames: Vec<Frame>,
    names: Vec<String>,
    emitted: usize,
    work: &'w mut Work,
    /// Position just after the last quantifier (to tell `a+?` from `a+(?#c)?`).
    last_quant_end: usize,
}

fn props_atom(len: u64, cost: u64) -> Props {
    Props {
        nullable: false,
        len: Some(len),
        max: Some(len),
        unsafe_atomic: false,
        has_emul: false,
        cost,
    }
}

fn props_assertion() -> Props {
    Props {
        nullable: true,
        len: Some(0),
        max: Some(0),
        unsafe_atomic: false,
        has_emul: false,
        cost: 4,
    }
}

fn concat(a: Props, b: Props) -> Props {
    Props {
        nullable: a.nullable && b.nullable,
        len: match (a.len, b.len) {
            (Some(x), Some(y)) => Some(clamp_len(x + y)),
            _ => None,
        },
        max: match (a.max, b.max) {
            (Some(x), Some(y)) => Some(clamp_len(x + y)),
            _ => None,
        },
        unsafe_atomic: a.unsafe_atomic || b.unsafe_atomic,
        has_emul: a.has_emul || b.has_emul,
        cost: clamp_cost(a.cost + b.cost),
    }
}

fn alternate(a: Props, b: Props) -> Props {
    Props {
        nullable: a.nullable || b.nullable,
        len: if a.len == b.len { a.len } else { None },
        max: match (a.max, b.max) {
            (Some(x), Some(y)) => Some(x.max(y)),
            _ => None,
        },
        unsafe_atomic: a.unsafe_atomic || b.unsafe_atomic,
        has_emul: a.has_emul || b.has_emul,
        cost: clamp_cost(a.cost + b.cost + 4),
    }
}

/// The properties of `min` to `max` repeats of an item with properties `p`
/// (PCRE2 repeats a group by copying it).
fn repeated(p: Props, group: bool, min: u32, max: Option<u32>, possessive: bool) -> Props {
    let copies = u64::from(max.unwrap_or(min.saturating_add(1)).max(1));
    Props {
        nullable: min == 0 || p.nullable,
        len: if max == Some(min) {
            p.len.map(|l| clamp_len(l * u64::from(min)))
        } else {
            None
        },
        max: match (p.max, max) {
            (Some(0), _) => Some(0),
            (Some(l), Some(m)) => Some(clamp_len(l * u64::from(m))),
            _ => None,
        },
        unsafe_atomic: p.unsafe_atomic || (p.nullable && !matches!(max, Some(m) if m <= 1)),
        has_emul: p.has_emul || possessive,
        cost: if group {
            clamp_cost(p.cost * copies + 8)
        } else {
            clamp_cost(p.cost + 4)
        },
    }
}

/// Joins the items of one alternative.
fn compose_items(items: Vec<Item>) -> (Node, Props) {
    let mut props = EMPTY;
    let mut nodes = Vec::with_capacity(items.len());
    for item in items {
        props = concat(props, item.props);
        nodes.push(item.node);
    }
    (Node::cat(nodes), props)
}

/// A lookaround item: it reads nothing, at its body's cost (`props`) plus 8.
fn lookaround(look: Look, node: Node, props: Props, has_emul: bool) -> Item {
    Item {
        node: Node::Look(look, Box::new(node)),
        group: true,
        kind: Kind::Lookaround,
        props: Props {
            has_emul,
            cost: clamp_cost(props.cost + 8),
            ..EMPTY
        },
    }
}

fn utf8_len(cp: u32) -> u64 {
    match cp {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

fn bytes_skip() -> Skip {
    skip(
        BYTES,
        "matches single bytes of multibyte characters without the u modifier",
    )
}

/// The bytes >= 0x80 that occur in valid UTF-8 (C0, C1 and F5-FF never do).
const UTF8_HIGH: &[(u32, u32)] = &[(0x80, 0xBF), (0xC2, 0xF4)];

impl<'w> Parser<'w> {
    fn new(body: &str, m: &Modifiers, version: Version, work: &'w mut Work) -> Self {
        let flags = Flags {
            caseless: m.caseless,
            multiline: m.multiline,
            dotall: m.dotall,
            extended: m.extended,
            ungreedy: m.ungreedy,
        };
        Parser {
            chars: body.chars().collect(),
            pos: 0,
            flags,
            utf: m.utf,
            version,
            dollar_endonly: m.dollar_endonly,
            anchored: m.anchored,
            frames: vec![Frame {
                kind: GroupKind::Root,
                saved: flags,
                alts: Vec::new(),
                items: Vec::new(),
                blocked: false,
            }],
            names: Vec::new(),
            emitted: 0,
            work,
            last_quant_end: usize::MAX,
        }
    }

    fn at(&self, i: usize) -> Option<char> {
        self.chars.get(i).copied()
    }

    fn peek(&self) -> Option<char> {
        self.at(self.pos)
    }

    fn frame(&mut self) -> Result<&mut Frame, Skip> {
        self.frames
            .last_mut()
            .ok_or_else(|| skip(INVALID, "unmatched closing parenthesis"))
    }

    fn push(&mut self, item: Item) -> Result<(), Skip> {
        let frame = self.frame()?;
        frame.items.push(item);
        frame.blocked = false;
        Ok(())
    }

    /// Counts the text of leaf items (atoms, assertions): wrappers add a bounded
    /// amount per source character, and the final length is checked at the end.
    fn count(&mut self, len: usize) -> Result<(), Skip> {
        self.emitted += len;
        if self.emitted > MAX_OUTPUT_BYTES {
            return Err(skip(TOO_COMPLEX, "translated pattern would be too long"));
        }
        Ok(())
    }

    fn push_atom(&mut self, set: Set, len: u64, cost: u64) -> Result<(), Skip> {
        self.count(emit::set(&set.set).len())?;
        self.push(Item {
            node: Node::Set(set),
            group: false,
            kind: Kind::Atom,
            props: props_atom(len, cost),
        })
    }

    fn push_assertion(&mut self, node: Node) -> Result<(), Skip> {
        self.count(4)?;
        self.push(Item {
            node,
            group: false,
            kind: Kind::Assertion,
            props: props_assertion(),
        })
    }

    /// A class (or class escape) of code points under `u`.
    fn push_set(&mut self, set: CharSet) -> Result<(), Skip> {
        self.work.spend(set.ranges.len() as u64)?;
        let cost = clamp_cost(40 + 8 * set.ranges.len() as u64);
        self.push_atom(Set::new(set, false, false), 1, cost)
    }

    /// Without `u`: a set of bytes. The bytes >= 0x80 that occur in UTF-8 must
    /// be all in it (a "wide" class: it stands for every non-ASCII character,
    /// exact only where the `bytes` stage proves it) or none of it.
    fn push_byte_set(&mut self, bytes: &CharSet) -> Result<(), Skip> {
        self.work.spend(bytes.ranges.len() as u64)?;
        let high = CharSet::from_table(UTF8_HIGH);
        let ascii = bytes.intersect(&CharSet::from_table(&[(0, 0x7F)]));
        let wide = bytes.covers(&high);
        if !wide && bytes.intersects(&high) {
            return Err(bytes_skip());
        }
        let (set, cost) = if wide {
            let set = ascii.union_with(&CharSet::from_table(&[(0x80, MAX_CP)]));
            let excluded = bytes
                .complement(0xFF)
                .intersect(&CharSet::from_table(&[(0, 0x7F)]));
            (set, clamp_cost(40 + 8 * excluded.ranges.len() as u64))
        } else {
            let cost = clamp_cost(40 + 8 * ascii.ranges.len() as u64);
            (ascii, cost)
        };
        self.push_atom(Set::new(set, wide, false), 1, cost)
    }

    /// Runs the whole parse of the body.
    fn run(mut self) -> Result<Parsed, Skip> {
        let mut quote = false;
        while let Some(c) = self.peek() {
            if quote {
                quote = self.quoted(c)?;
                continue;
            }
            if self.flags.extended {
                let end = self.extended_end(self.pos);
                if end > self.pos {
                    self.pos = end;
                    continue;
                }
                if matches!(
                    c,
                    '\u{85}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}'
                ) {
                    return Err(skip(
                        CONSTRUCT,
                        "non-ASCII white space in extended mode is not supported",
                    ));
                }
            }
            self.pos += 1;
            quote = self.item(c, self.pos - 1)?;
        }
        self.finish()
    }

    /// A character under `\Q` (position at it): a literal, or the `\E` that
    /// ends the quote. Returns whether the quote goes on.
    fn quoted(&mut self, c: char) -> Result<bool, Skip> {
        if c == '\\' && self.at(self.pos + 1) == Some('E') {
            self.pos += 2;
            return Ok(false);
        }
        self.pos += 1;
        self.literal(c as u32)?;
        Ok(true)
    }

    /// Under `x`: the position after the white space and `#` comments from `i`.
    fn extended_end(&self, mut i: usize) -> usize {
        loop {
            match self.at(i) {
                Some(' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r') => i += 1,
                Some('#') => {
                    while self.at(i).is_some_and(|c| c != '\n') {
                        i += 1;
                    }
                }
                _ => return i,
            }
        }
    }

    /// The item `c` starts at `start` (position after `c`). Returns true when
    /// `\Q` starts quoting.
    fn item(&mut self, c: char, start: usize) -> Result<bool, Skip> {
        match c {
            '\\' => return self.escape(),
            '.' => self.dot(self.flags.dotall)?,
            '^' | '$' => self.push_assertion(Node::Assert(self.anchor(c)))?,
            '[' => self.class()?,
            '(' => self.open()?,
            ')' => self.close()?,
            '|' => {
                let frame = self.frame()?;
                let items = std::mem::take(&mut frame.items);
                frame.alts.push(compose_items(items));
                frame.blocked = false;
            }
            '*' => self.quantify(start, 0, None)?,
            '+' => self.quantify(start, 1, None)?,
            '?' => self.quantify(start, 0, Some(1))?,
            '{' => match self.brace()? {
                Some((min, max)) => self.quantify(start, min, max)?,
                None => self.literal('{' as u32)?,
            },
            _ => self.literal(c as u32)?,
        }
        Ok(false)
    }

    /// What `^` or `$` asserts under the current options.
    fn anchor(&self, c: char) -> Assert {
        match c {
            '^' if self.flags.multiline => Assert::LineStart,
            '^' => Assert::Start,
            _ if self.flags.multiline => Assert::LineEnd,
            _ if self.dollar_endonly => Assert::End,
            _ => Assert::EndNl,
        }
    }

    /// The end of the body: the root group closed, anchored with `A`.
    fn finish(mut self) -> Result<Parsed, Skip> {
        if self.frames.len() != 1 {
            return Err(skip(INVALID, "missing closing parenthesis"));
        }
        let root = self
            .frames
            .pop()
            .ok_or_else(|| skip(INVALID, "missing closing parenthesis"))?;
        let (mut node, props, _) = Self::compose_alts(root);
        if self.anchored {
            node = Node::cat(vec![Node::Assert(Assert::Start), node]);
        }
        if props.cost > MAX_COST {
            return Err(skip(TOO_COMPLEX, "pattern is too large to translate"));
        }
        Ok(Parsed {
            root: node,
            anchored: self.anchored,
        })
    }

    /// The alternatives of a frame, composed; with each branch's fixed
    /// length and longest length.
    fn compose_alts(frame: Frame) -> (Node, Props, Vec<BranchLen>) {
        let mut alts = frame.alts;
        alts.push(compose_items(frame.items));
        let mut props = EMPTY;
        let mut lens = Vec::with_capacity(alts.len());
        let mut nodes = Vec::with_capacity(alts.len());
        for (i, (node, p)) in alts.into_iter().enumerate() {
            props = if i > 0 { alternate(props, p) } else { p };
            lens.push((p.len, p.max));
            nodes.push(node);
        }
        (Node::alt(nodes), props, lens)
    }

    /// `.` (and `\N`): any character but a newline, or any character with `s`.
    fn dot(&mut self, dotall: bool) -> Result<(), Skip> {
        let excluded = if dotall {
            CharSet::new()
        } else {
            CharSet::from_table(&[(0x0A, 0x0A)])
        };
        if self.utf {
            return self.push_atom(Set::new(excluded.complement(MAX_CP), false, false), 1, 4);
        }
        self.push_byte_set(&excluded.complement(0xFF))
    }

    /// A literal code point from the pattern text (or an escape of it).
    fn literal(&mut self, cp: u32) -> Result<(), Skip> {
        if self.flags.caseless {
            let mut set = CharSet::from_unsorted(vec![(cp, cp)]);
            if self.utf {
                let w = set.close_unicode_case(self.version);
                self.work.spend(w)?;
            } else {
                set.close_ascii_case();
            }
            if set.ranges != [(cp, cp)] {
                return self.push_set(set);
            }
        }
        let multibyte = !self.utf && cp >= 0x80;
        let len = if self.utf { 1 } else { utf8_len(cp) };
        let set = CharSet::from_table(&[(cp, cp)]);
        self.push_atom(Set::new(set, false, multibyte), len, 4)
    }

    /// A code point given by an escape (`\x..`, `\n`...): without `u` it is one byte.
    fn escaped_literal(&mut self, cp: u32) -> Result<(), Skip> {
        self.check_escaped(cp)?;
        if !self.utf && cp >= 0x80 {
            return Err(bytes_skip());
        }
        self.literal(cp)
    }

    fn check_escaped(&self, cp: u32) -> Result<(), Skip> {
        if !self.utf && cp > 0xFF {
            return Err(skip(
                INVALID,
                "character code point value in \\x{} is too large",
            ));
        }
        Ok(())
    }
    /// The position after the spaces and tabs from `i`, which PCRE2 skips
    /// inside braces from 10.43 (`i` itself in 10.42).
    fn blanks_from(&self, mut i: usize) -> usize {
        if self.version.perl_braces() {
            while matches!(self.at(i), Some(' ' | '\t')) {
                i += 1;
            }
        }
        i
    }

    /// `\x` after the backslash and the `x`.
    fn hex(&mut self) -> Result<u32, Skip> {
        if self.peek() == Some('{') {
            return self.braced_hex(
                "non-hex character in \\x{} (closing brace missing?)",
                "digits missing in \\x{}",
                true,
            );
        }
        if self.version == Version::V10_46 && !self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
            // From 10.45 on `\x` must be followed by `{` or a hex digit
            // (10.42 reads a bare `\x` as NUL).
            return Err(skip(INVALID, "digits missing after \\x or in \\x{}"));
        }
        let mut value = 0;
        for _ in 0..2 {
            match self.peek() {
                Some(c) if c.is_ascii_hexdigit() => {
                    value = value * 16 + c.to_digit(16).unwrap_or(0);
                    self.pos += 1;
                }
                _ => break,
            }
        }
        Ok(value)
    }

    /// `\N{U+hhhh}` after the `N` (`Some` code point), or `None` when no `{U+`
    /// follows (then `\N` is a character other than a newline).
    fn named_code_point(&mut self) -> Result<Option<u32>, Skip> {
        if self.peek() != Some('{') {
            return Ok(None);
        }
        // From 10.43 spaces and tabs may follow the `{`.
        let u = self.blanks_from(self.pos + 1);
        if self.at(u) != Some('U') || self.at(u + 1) != Some('+') {
            // `\N{3}` is `\N` repeated; any other `\N{` is an error.
            let saved = self.pos;
            self.pos += 1;
            let quantifier = self.brace().ok().flatten().is_some();
            self.pos = saved;
            if quantifier {
                return Ok(None);
            }
            return Err(skip(
                INVALID,
                "PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u",
            ));
        }
        if !self.utf {
            return Err(skip(
                INVALID,
                "\\N{U+dddd} is supported only in Unicode (UTF) mode",
            ));
        }
        self.pos = u + 1;
        // Now at `+`: read the digits as `\x{...}` reads them after its `{`.
        let malformed = "malformed \\N{U+dddd} escape";
        self.braced_hex(malformed, malformed, false).map(Some)
    }

    /// The hex digits of `\x{...}` or `\N{U+...}` up to the closing brace,
    /// the current position being just before them (at the `{` or the `+`):
    /// a code point, surrogates refused under `u`. `bad`: the error for a
    /// character that is not a hex digit; `empty`: for no digit. From 10.43
    /// spaces and tabs may stand before `}`, and after `{` when `lead`.
    fn braced_hex(&mut self, bad: &str, empty: &str, lead: bool) -> Result<u32, Skip> {
        let mut i = if lead {
            self.blanks_from(self.pos + 1)
        } else {
            self.pos + 1
        };
        let mut value: u32 = 0;
        let mut digits = 0;
        loop {
            match self.at(i) {
                Some('}') => break,
                Some(' ' | '\t') if self.version.perl_braces() && digits > 0 => {
                    i = self.blanks_from(i);
                    if self.at(i) != Some('}') {
                        return Err(skip(INVALID, bad));
                    }
                    break;
                }
                Some(c) if c.is_ascii_hexdigit() => {
                    value = (value.saturating_mul(16)).saturating_add(c.to_digit(16).unwrap_or(0));
                    value = value.min(0x1100000);
                    digits += 1;
                    i += 1;
                }
                _ => return Err(skip(INVALID, bad)),
            }
        }
        if digits == 0 {
            return Err(skip(INVALID, empty));
        }
        self.pos = i + 1;
        if value > MAX_CP || (self.utf && (0xD800..=0xDFFF).contains(&value)) {
            return Err(skip(
                INVALID,
                "character code point value in \\x{} is too large",
            ));
        }
        Ok(value)
    }

    /// The set of `\d \D \s \S \h \H \v \V \w \W`.
    fn escape_set(&mut self, c: char) -> Result<CharSet, Skip> {
        let table: &[(u32, u32)] = match c.to_ascii_lowercase() {
            'd' if self.utf => ucd::gc(self.version, "Nd"),
            'd' => charset::DIGIT_ASCII,
            's' if self.utf => charset::SPACE_UCP,
            's' => charset::SPACE_ASCII,
            'h' if self.utf => charset::HSPACE_UCP,
            'h' => charset::HSPACE_BYTES,
            'v' if self.utf => charset::VSPACE_UCP,
            'v' => charset::VSPACE_BYTES,
            _ if self.utf => {
                let set = charset::word_ucp(self.version);
                self.work.spend(set.ranges.len() as u64)?;
                return Ok(if c == 'W' {
                    set.complement(MAX_CP)
                } else {
                    set
                });
            }
            _ => charset::WORD_ASCII,
        };
        let mut set = CharSet::from_table(table);
        if c.is_ascii_uppercase() {
            set = set.complement(if self.utf { MAX_CP } else { 0xFF });
        }
        Ok(set)
    }

    /// `\p` / `\P` after the letter: the property's set (negated for `\P` or
    /// `\p{^..}`).
    fn property(&mut self, negated: bool) -> Result<CharSet, Skip> {
        let name: String = match self.peek() {
            Some('{') => {
                let mut i = self.pos + 1;
                let mut name = String::new();
                loop {
                    match self.at(i) {
                        Some('}') => break,
                        Some(c) if name.len() < 64 => {
                            name.push(c);
                            i += 1;
                        }
                        _ => return Err(skip(INVALID, "malformed \\P or \\p sequence")),
                    }
                }
                self.pos = i + 1;
                name
            }
            Some(c) => {
                self.pos += 1;
                c.to_string()
            }
            None => return Err(skip(INVALID, "malformed \\P or \\p sequence")),
        };
        if !self.utf {
            return Err(skip(
                UNICODE,
                "Unicode properties are not supported without the u modifier",
            ));
        }
        let (negated, name) = match name.strip_prefix('^') {
            Some(rest) => (!negated, rest.to_string()),
            None => (negated, name),
        };
        let Some(set) = charset::property(&name, self.flags.caseless, self.version) else {
            return Err(skip(
                UNICODE,
                "only general categories are supported among Unicode properties",
            ));
        };
        self.work.spend(set.ranges.len() as u64)?;
        Ok(if negated { set.complement(MAX_CP) } else { set })
    }

    /// An escape outside a class (position after the backslash). Returns true
    /// when `\Q` starts quoting.
    fn escape(&mut self) -> Result<bool, Skip> {
        let Some(c) = self.peek() else {
            return Err(skip(INVALID, "\\ at end of pattern"));
        };
        self.pos += 1;
        match c {
            'd' | 'D' | 's' | 'S' | 'h' | 'H' | 'v' | 'V' | 'w' | 'W' => {
                let set = self.escape_set(c)?;
                if self.utf {
                    self.push_set(set)?;
                } else {
                    self.push_byte_set(&set)?;
                }
            }
            'p' | 'P' => {
                let set = self.property(c == 'P')?;
                self.push_set(set)?;
            }
            'b' | 'B' => {
                if self.utf {
                    return Err(skip(
                        UNICODE,
                        "\\b and \\B follow Unicode properties under the u modifier",
                    ));
                }
                let a = if c == 'b' {
                    Assert::WordB
                } else {
                    Assert::NotWordB
                };
                self.push_assertion(Node::Assert(a))?;
            }
            'A' => self.push_assertion(Node::Assert(Assert::Start))?,
            'z' => self.push_assertion(Node::Assert(Assert::End))?,
            'Z' => self.push_assertion(Node::Assert(Assert::EndNl))?,
            't' => self.escaped_literal(0x09)?,
            'n' => self.escaped_literal(0x0A)?,
            'r' => self.escaped_literal(0x0D)?,
            'f' => self.escaped_literal(0x0C)?,
            'e' => self.escaped_literal(0x1B)?,
            'a' => self.escaped_literal(0x07)?,
            'x' => {
                let cp = self.hex()?;
                self.escaped_literal(cp)?;
            }
            'N' => match self.named_code_point()? {
                Some(cp) => self.literal(cp)?,
                None => self.dot(false)?,
            },
            'Q' => return Ok(true),
            'E' => {}
            '0'..='9' => {
                return Err(skip(
                    CONSTRUCT,
                    "backreferences and octal escapes are not supported",
                ))
            }
            'g' | 'k' => return Err(skip(CONSTRUCT, "backreferences are not supported")),
            'G' | 'K' | 'X' | 'C' | 'R' | 'c' | 'o' => {
                return Err(skip(CONSTRUCT, &format!("escape \\{} is not supported", c)))
            }
            _ if c.is_ascii_alphanumeric() => {
                return Err(skip(INVALID, "unrecognized character follows \\"))
            }
            _ => self.literal(c as u32)?,
        }
        Ok(false)
    }

    /// `{` quantifier syntax at the position after `{`: `Some((min, max))` and
    /// the position moved past `}`, or `None` (a literal `{`). PCRE2 10.42:
    /// `{n}`, `{n,}`, `{n,m}`; from 10.43 also `{,m}` (`{0,m}`) and spaces
    /// or tabs after `{`, around the comma and before `}` (`{,}` stays literal).
    fn brace(&mut self) -> Result<Option<(u32, Option<u32>)>, Skip> {
        let mut i = self.pos;
        let perl = self.version.perl_braces();
        let read = |i: &mut usize, chars: &[char]| -> Option<u32> {
            let start = *i;
            let mut v: u32 = 0;
            while let Some(c) = chars.get(*i).copied().filter(|c| c.is_ascii_digit()) {
                v = (v * 10 + c.to_digit(10).unwrap_or(0)).min(1_000_000);
                *i += 1;
            }
            if *i > start {
                Some(v)
            } else {
                None
            }
        };
        let blanks = |i: &mut usize, chars: &[char]| {
            if perl {
                while matches!(chars.get(*i), Some(' ' | '\t')) {
                    *i += 1;
                }
            }
        };
        blanks(&mut i, &self.chars);
        let min = read(&mut i, &self.chars);
        if min.is_none() && !perl {
            return Ok(None);
        }
        blanks(&mut i, &self.chars);
        let max = match self.at(i) {
            Some('}') if min.is_some() => min,
            Some(',') => {
                i += 1;
                blanks(&mut i, &self.chars);
                let m = read(&mut i, &self.chars);
                blanks(&mut i, &self.chars);
                if self.at(i) != Some('}') || (min.is_none() && m.is_none()) {
                    return Ok(None);
                }
                m
            }
            _ => return Ok(None),
        };
        let min = min.unwrap_or(0);
        self.pos = i + 1;
        if min > 65535 || max.is_some_and(|m| m > 65535) {
            return Err(skip(INVALID, "number too big in {} quantifier"));
        }
        if max.is_some_and(|m| m < min) {
            return Err(skip(INVALID, "numbers out of order in {} quantifier"));
        }
        Ok(Some((min, max)))
    }

    /// A quantifier (`min`, `max`) that starts at `start`, position after it:
    /// its `?` (lazy) or `+` (possessive) mark read, applied to the last item.
    fn quantify(&mut self, start: usize, min: u32, max: Option<u32>) -> Result<(), Skip> {
        let mark = self.peek();
        let lazy_mark = mark == Some('?');
        let possessive = mark == Some('+');
        if lazy_mark || possessive {
            self.pos += 1;
        }
        if self.flags.extended {
            let i = self.extended_end(self.pos);
            if i > self.pos && matches!(self.at(i), Some('?' | '+')) {
                return Err(skip(
                    CONSTRUCT,
                    "white space between a quantifier and ? or + is not supported",
                ));
            }
        }
        let item = self.repeatable(start)?;
        let lazy = lazy_mark != self.flags.ungreedy && !possessive;
        let props = repeated(item.props, item.group, min, max, possessive);
        self.last_quant_end = self.pos;
        if possessive && item.group {
            return Err(skip(CONSTRUCT, ATOMIC_MESSAGE));
        }
        if possessive && props.unsafe_atomic {
            return Err(skip(
                CONSTRUCT,
                "possessive quantifier cannot be emulated exactly",
            ));
        }
        let node = Node::Repeat(Box::new(Repeat {
            body: item.node,
            min,
            max,
            greedy: !lazy,
            possessive,
        }));
        self.push(Item {
            node,
            group: false,
            kind: Kind::Quantified,
            props,
        })
    }

    /// The last item, taken for the quantifier that starts at `start`, or
    /// why it cannot be repeated.
    fn repeatable(&mut self, start: usize) -> Result<Item, Skip> {
        let frame = self.frame()?;
        if frame.blocked {
            return Err(skip(
                CONSTRUCT,
                "quantifier after an option setting is not supported",
            ));
        }
        let Some(item) = frame.items.pop() else {
            return Err(skip(
                INVALID,
                "quantifier does not follow a repeatable item",
            ));
        };
        match item.kind {
            Kind::Quantified if start != self.last_quant_end => {
                return Err(skip(
                    CONSTRUCT,
                    "quantifier separated from a quantifier is not supported",
                ))
            }
            Kind::Assertion | Kind::Quantified => {
                return Err(skip(
                    INVALID,
                    "quantifier does not follow a repeatable item",
                ))
            }
            Kind::Lookaround => {
                return Err(skip(CONSTRUCT, "quantified assertions are not supported"))
            }
            Kind::Atom => {}
        }
        if matches!(&item.node, Node::Set(set) if set.multibyte) {
            return Err(skip(
                BYTES,
                "quantifier after a multibyte character applies to its last byte without the u modifier",
            ));
        }
        Ok(item)
    }

    fn open_frame(&mut self, kind: GroupKind, flags: Flags) -> Result<(), Skip> {
        if self.frames.len() > MAX_DEPTH {
            return Err(skip(TOO_COMPLEX, "groups are nested too deeply"));
        }
        self.frames.push(Frame {
            kind,
            saved: self.flags,
            alts: Vec::new(),
            items: Vec::new(),
            blocked: false,
        });
        self.flags = flags;
        Ok(())
    }

    /// A group name up to `term` (position at its first character).
    fn group_name(&mut self, term: char) -> Result<(), Skip> {
        let mut name = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(skip(
                    INVALID,
                    "syntax error in subpattern name (missing terminator?)",
                ));
            };
            self.pos += 1;
            if c == term {
                break;
            }
            if !c.is_ascii() {
                return Err(skip(CONSTRUCT, "non-ASCII group names are not supported"));
            }
            if !(c.is_ascii_alphanumeric() || c == '_') {
                return Err(skip(
                    INVALID,
                    "syntax error in subpattern name (missing terminator?)",
                ));
            }
            if name.is_empty() && c.is_ascii_digit() {
                return Err(skip(INVALID, "subpattern name must start with a non-digit"));
            }
            name.push(c);
        }
        if name.is_empty() {
            return Err(skip(INVALID, "subpattern name expected"));
        }
        // 32 code units in 10.42, 128 from 10.44.
        let longest = if self.version == Version::V10_46 {
            128
        } else {
            32
        };
        if name.len() > longest {
            return Err(skip(
                INVALID,
                &format!("subpattern name is too long (maximum {longest} code units)"),
            ));
        }
        if self.names.contains(&name) {
            return Err(skip(INVALID, "two named subpatterns have the same name"));
        }
        self.names.push(name);
        let flags = self.flags;
        self.open_frame(GroupKind::Group, flags)
    }

    /// `(` seen; position after it.
    fn open(&mut self) -> Result<(), Skip> {
        let flags = self.flags;
        match self.peek() {
            Some('*') => {
                return Err(skip(
                    CONSTRUCT,
                    "backtracking control verbs are not supported",
                ))
            }
            Some('?') => self.pos += 1,
            _ => return self.open_frame(GroupKind::Group, flags),
        }
        let Some(c) = self.peek() else {
            return Err(skip(INVALID, "unrecognized character after (? or (?-"));
        };
        self.pos += 1;
        match c {
            '#' => self.comment(),
            ':' => self.open_frame(GroupKind::Group, flags),
            '>' => Err(skip(CONSTRUCT, ATOMIC_MESSAGE)),
            '*' => Err(skip(CONSTRUCT, "non-atomic assertions are not supported")),
            '=' => self.open_frame(GroupKind::Ahead, flags),
            '!' => self.open_frame(GroupKind::NegAhead, flags),
            '<' => self.open_angle(flags),
            'P' => match self.peek() {
                Some('<') => {
                    self.pos += 1;
                    self.group_name('>')
                }
                Some('=') | Some('>') => Err(skip(
                    CONSTRUCT,
                    "backreferences and recursion are not supported",
                )),
                _ => Err(skip(INVALID, "unrecognized character after (?P")),
            },
            '\'' => self.group_name('\''),
            '|' => Err(skip(CONSTRUCT, "branch reset groups are not supported")),
            '(' => Err(skip(CONSTRUCT, "conditional groups are not supported")),
            'C' => Err(skip(CONSTRUCT, "callouts are not supported")),
            'R' | '&' | '+' | '0'..='9' => Err(skip(
                CONSTRUCT,
                "recursion and subroutine calls are not supported",
            )),
            '-' if self.peek().is_some_and(|d| d.is_ascii_digit()) => Err(skip(
                CONSTRUCT,
                "recursion and subroutine calls are not supported",
            )),
            _ => {
                self.pos -= 1;
                self.options()
            }
        }
    }

    /// `(?#` seen: the comment, up to its `)`.
    fn comment(&mut self) -> Result<(), Skip> {
        while let Some(d) = self.peek() {
            self.pos += 1;
            if d == ')' {
                return Ok(());
            }
        }
        Err(skip(INVALID, "missing ) after (?# comment"))
    }

    /// `(?<` seen: a lookbehind, or a named group.
    fn open_angle(&mut self, flags: Flags) -> Result<(), Skip> {
        match self.peek() {
            Some('=') => {
                self.pos += 1;
                self.open_frame(GroupKind::Behind, flags)
            }
            Some('!') => {
                self.pos += 1;
                self.open_frame(GroupKind::NegBehind, flags)
            }
            Some('*') => Err(skip(CONSTRUCT, "non-atomic assertions are not supported")),
            _ => self.group_name('>'),
        }
    }

    /// Option setting `(?i)`, `(?-i)`, `(?^i)`, `(?i:...)`; position at the first letter.
    fn options(&mut self) -> Result<(), Skip> {
        let mut f = self.flags;
        let mut unset = false;
        let mut caret = false;
        if self.peek() == Some('^') {
            self.pos += 1;
            caret = true;
            f.caseless = false;
            f.multiline = false;
            f.dotall = false;
            f.extended = false;
        }
        loop {
            let Some(c) = self.peek() else {
                return Err(skip(INVALID, "missing ) after (? option setting"));
            };
            self.pos += 1;
            match c {
                'i' => f.caseless = !unset,
                'm' => f.multiline = !unset,
                's' => f.dotall = !unset,
                'U' => f.ungreedy = !unset,
                'n' => {}
                'x' => {
                    if self.peek() == Some('x') {
                        return Err(skip(MODIFIER, "inline option xx is not supported"));
                    }
                    f.extended = !unset;
                }
                'J' => return Err(skip(MODIFIER, "inline option J is not supported")),
                '-' => {
                    if unset || caret {
                        return Err(skip(INVALID, "invalid hyphen in option setting"));
                    }
                    unset = true;
                }
                ')' => {
                    self.flags = f;
                    let frame = self.frame()?;
                    frame.blocked = true;
                    return Ok(());
                }
                ':' => return self.open_frame(GroupKind::Group, f),
                _ => return Err(skip(INVALID, "unrecognized character after (? or (?-")),
            }
        }
    }

    /// `)` seen.
    fn close(&mut self) -> Result<(), Skip> {
        if self.frames.len() <= 1 {
            return Err(skip(INVALID, "unmatched closing parenthesis"));
        }
        let frame = self
            .frames
            .pop()
            .ok_or_else(|| skip(INVALID, "unmatched closing parenthesis"))?;
        let kind = frame.kind;
        self.flags = frame.saved;
        let (node, props, branches) = Self::compose_alts(frame);
        let item = match kind {
            GroupKind::Root | GroupKind::Group => Item {
                node,
                group: true,
                kind: Kind::Atom,
                props: Props {
                    cost: clamp_cost(props.cost + 8),
                    ..props
                },
            },
            GroupKind::Ahead => lookaround(Look::Ahead, node, props, props.has_emul),
            GroupKind::NegAhead => lookaround(Look::NegAhead, node, props, props.has_emul),
            GroupKind::Behind | GroupKind::NegBehind => {
                self.check_lookbehind(&branches, props.has_emul)?;
                let look = if kind == GroupKind::Behind {
                    Look::Behind
                } else {
                    Look::NegBehind
                };
                lookaround(look, node, props, false)
            }
        };
        self.push(item)
    }

    /// What PCRE2 (or this translator) refuses in a lookbehind with these
    /// branches: a branch too long, or of a length that is not fixed (up to
    /// 10.42) or not limited to 255 (from 10.43); atomic emulation.
    fn check_lookbehind(&self, branches: &[BranchLen], has_emul: bool) -> Result<(), Skip> {
        for &(len, max) in branches {
            match (len, max) {
                (Some(l), _) if l > 65535 => {
                    return Err(skip(INVALID, "lookbehind assertion is too long"))
                }
                (Some(_), _) => {}
                // From 10.43 a branch may vary, up to 255 characters.
                (None, Some(m)) if self.version == Version::V10_46 && m <= 255 => {}
                (None, Some(_)) if self.version == Version::V10_46 => {
                    return Err(skip(
                        INVALID,
                        "branch too long in variable-length lookbehind assertion",
                    ))
                }
                (None, None) if self.version == Version::V10_46 => {
                    return Err(skip(
                        INVALID,
                        "length of lookbehind assertion is not limited",
                    ))
                }
                (None, _) => return Err(skip(INVALID, "lookbehind assertion is not fixed length")),
            }
        }
        if has_emul {
            return Err(skip(
                CONSTRUCT,
                "atomic groups and possessive quantifiers inside lookbehind are not supported",
            ));
        }
        Ok(())
    }

    /// A single member of a class (position at it). Without `u`, escapes give
    /// byte values (up to 0xFF).
    fn class_atom(&mut self) -> Result<ClassAtom, Skip> {
        let Some(c) = self.peek() else {
            return Err(skip(INVALID, "missing terminating ] for character class"));
        };
        self.pos += 1;
        if c != '\\' {
            if !self.utf && (c as u32) >= 0x80 {
                return Err(bytes_skip());
            }
            return Ok(ClassAtom::Char(c as u32));
        }
        let Some(e) = self.peek() else {
            return Err(skip(INVALID, "\\ at end of pattern"));
        };
        self.pos += 1;
        let cp = match e {
            'd' | 'D' | 's' | 'S' | 'h' | 'H' | 'v' | 'V' | 'w' | 'W' => {
                return Ok(ClassAtom::Set(self.escape_set(e)?))
            }
            'p' | 'P' => return Ok(ClassAtom::Set(self.property(e == 'P')?)),
            'b' => 0x08,
            't' => 0x09,
            'n' => 0x0A,
            'r' => 0x0D,
            'f' => 0x0C,
            'e' => 0x1B,
            'a' => 0x07,
            'x' => self.hex()?,
            'N' => match self.named_code_point()? {
                Some(cp) => cp,
                None => {
                    return Err(skip(
                        INVALID,
                        "escape sequence is invalid in character class",
                    ))
                }
            },
            '0'..='9' => {
                return Err(skip(
                    CONSTRUCT,
                    "backreferences and octal escapes are not supported",
                ))
            }
            'Q' | 'E' | 'c' | 'o' | 'g' | 'k' => {
                return Err(skip(
                    CONSTRUCT,
                    &format!("escape \\{} is not supported in a character class", e),
                ))
            }
            'B' | 'R' | 'X' => {
                return Err(skip(
                    INVALID,
                    "escape sequence is invalid in character class",
                ))
            }
            _ if e.is_ascii_alphanumeric() => {
                return Err(skip(INVALID, "unrecognized character follows \\"))
            }
            _ => {
                if !self.utf && (e as u32) >= 0x80 {
                    return Err(bytes_skip());
                }
                return Ok(ClassAtom::Char(e as u32));
            }
        };
        self.check_escaped(cp)?;
        Ok(ClassAtom::Char(cp))
    }

    /// PCRE2's `check_posix_syntax()`: `i` is at the terminator (`:`, `.` or
    /// `=`) after a `[`; returns the position of the closing terminator.
    fn posix_end(&self, i: usize) -> Option<usize> {
        let term = self.at(i)?;
        let n = self.chars.len();
        let mut j = i + 1;
        while n >= j + 2 {
            let c = self.chars[j];
            let d = self.chars[j + 1];
            if c == '\\' && (d == ']' || d == '\\') {
                j += 1;
            } else if (c == '[' && d == term) || c == ']' {
                return None;
            } else if c == term && d == ']' {
                return Some(j);
            }
            j += 1;
        }
        None
    }

    /// Whether a POSIX class starts here (a `[` followed by `[:...:]` syntax).
    fn posix_follows(&self) -> bool {
        self.peek() == Some('[')
            && matches!(self.at(self.pos + 1), Some(':' | '.' | '='))
            && self.posix_end(self.pos + 1).is_some()
    }

    /// `[:name:]` inside a class (position at the `[`).
    fn posix(&mut self) -> Result<CharSet, Skip> {
        let term = self.at(self.pos + 1).unwrap_or(':');
        let Some(end) = self.posix_end(self.pos + 1) else {
            return Err(skip(INVALID, "unknown POSIX class name"));
        };
        if term != ':' {
            return Err(skip(INVALID, "POSIX collating elements are not supported"));
        }
        let mut start = self.pos + 2;
        let negated = self.at(start) == Some('^');
        if negated {
            start += 1;
        }
        let name: String = self.chars.get(start..end).unwrap_or(&[]).iter().collect();
        self.pos = end + 2;
        let Some(mut set) = charset::posix(&name, self.utf, self.version) else {
            return Err(skip(INVALID, "unknown POSIX class name"));
        };
        self.work.spend(set.ranges.len() as u64)?;
        if negated {
            set = set.complement(if self.utf { MAX_CP } else { 0xFF });
        }
        Ok(set)
    }

    fn range_follows(&self) -> bool {
        self.peek() == Some('-') && self.at(self.pos + 1).is_some_and(|c| c != ']')
    }

    /// PCRE2's `[[:<:]]` and `[[:>:]]` (start and end of a word), position after
    /// the first `[`: `\b(?=\w)` and `\b(?<=\w)`.
    fn word_edge(&mut self) -> Result<bool, Skip> {
        let start: String = self.chars.iter().skip(self.pos).take(6).collect();
        let ahead = match start.as_str() {
            "[:<:]]" => true,
            "[:>:]]" => false,
            _ => return Ok(false),
        };
        self.pos += 6;
        if self.utf {
            return Err(skip(
                UNICODE,
                "\\b and \\B follow Unicode properties under the u modifier",
            ));
        }
        let word = Node::set(CharSet::from_table(charset::WORD_ASCII));
        let look = if ahead { Look::Ahead } else { Look::Behind };
        self.count(30)?;
        self.push(Item {
            node: Node::cat(vec![
                Node::Assert(Assert::WordB),
                Node::Look(look, Box::new(word)),
            ]),
            group: false,
            kind: Kind::Lookaround,
            props: props_assertion(),
        })?;
        Ok(true)
    }

    /// One member of a class (position at it): a character or a range into
    /// `members`; a POSIX class or class escape into `fixed` under `u` (not
    /// case-folded), into `members` without.
    fn class_member(
        &mut self,
        members: &mut Vec<(u32, u32)>,
        fixed: &mut Vec<(u32, u32)>,
    ) -> Result<(), Skip> {
        let atom = if self.posix_follows() {
            ClassAtom::Set(self.posix()?)
        } else {
            self.class_atom()?
        };
        let lo = match atom {
            ClassAtom::Set(set) => {
                if self.range_follows() {
                    return Err(skip(INVALID, "invalid range in character class"));
                }
                let target = if self.utf { fixed } else { members };
                target.extend_from_slice(&set.ranges);
                return Ok(());
            }
            ClassAtom::Char(lo) => lo,
        };
        if !self.range_follows() {
            members.push((lo, lo));
            return Ok(());
        }
        self.pos += 1;
        if self.posix_follows() {
            return Err(skip(INVALID, "invalid range in character class"));
        }
        match self.class_atom()? {
            ClassAtom::Set(_) => Err(skip(INVALID, "invalid range in character class")),
            ClassAtom::Char(hi) if hi < lo => {
                Err(skip(INVALID, "range out of order in character class"))
            }
            ClassAtom::Char(hi) => {
                members.push((lo, hi));
                Ok(())
            }
        }
    }

    /// `[` seen; position after it.
    fn class(&mut self) -> Result<(), Skip> {
        if self.word_edge()? {
            return Ok(());
        }
        if let Some(term @ (':' | '.' | '=')) = self.peek() {
            if self.posix_end(self.pos).is_some() {
                return Err(skip(
                    INVALID,
                    if term == ':' {
                        "POSIX named classes are supported only within a class"
                    } else {
                        "POSIX collating elements are not supported"
                    },
                ));
            }
        }
        let negated = self.peek() == Some('^');
        if negated {
            self.pos += 1;
        }
        // Characters and ranges (case-folded under `i`), and class escapes and
        // POSIX classes (under `u` PCRE2 does not fold them: `[[:ascii:]]` with
        // `iu` does not match U+212A). A first `]` is a member.
        let mut members: Vec<(u32, u32)> = Vec::new();
        let mut fixed: Vec<(u32, u32)> = Vec::new();
        let mut first = true;
        while first || self.peek() != Some(']') {
            first = false;
            self.class_member(&mut members, &mut fixed)?;
        }
        self.pos += 1;
        self.work.spend((members.len() + fixed.len()) as u64)?;
        let mut full = CharSet::from_unsorted(members);
        if self.flags.caseless && self.utf {
            let w = full.close_unicode_case(self.version);
            self.work.spend(w)?;
        } else if self.flags.caseless {
            full.close_ascii_case();
        }
        if !fixed.is_empty() {
            full = full.union_with(&CharSet::from_unsorted(fixed));
        }
        if self.utf {
            if negated {
                full = full.complement(MAX_CP);
            }
            return self.push_set(full);
        }
        let bytes = if negated { full.complement(0xFF) } else { full };
        self.push_byte_set(&bytes)
    }
}
