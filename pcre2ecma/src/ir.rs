//! Stage `ir`: the tree the parser builds and the later stages rewrite, check
//! and emit. Mirrors `php/src/Ir.php`.
//!
//! The tree has no capturing groups (nothing reads captures) and is built
//! normalized: a `Cat` or `Alt` never directly contains another of its kind,
//! and a one-item `Cat`/`Alt` is its item. Its depth is bounded by the group
//! nesting cap, so the stages may recurse over it.

use super::charset::CharSet;

/// A zero-width assertion (in PCRE terms; see `emit` for the ECMA spelling).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assert {
    /// `^` without `m`, `\A`: start of the subject.
    Start,
    /// `\z`, `$` with `D`: end of the subject.
    End,
    /// `$` (no `m`, no `D`), `\Z`: end, or before a final newline.
    EndNl,
    /// `^` with `m`: start, or after a newline that does not end the subject.
    LineStart,
    /// `$` with `m`: before any newline, or at the end.
    LineEnd,
    /// `\b` (ASCII word characters; never under `u`).
    WordB,
    /// `\B`.
    NotWordB,
}

/// Lookaround kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    Ahead,
    NegAhead,
    Behind,
    NegBehind,
}

/// One character: a set of code points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    pub set: CharSet,
    /// Without `u`: the source class matches every byte that occurs in UTF-8
    /// text at or above 0x80 (the set then holds every non-ASCII code point);
    /// it is exact only where the `bytes` stage proves it.
    pub wide: bool,
    /// Without `u`: a non-ASCII literal, several bytes in the source.
    pub multibyte: bool,
}

impl Set {
    /// A set with its marks (as PHP's `Ir::set`).
    pub fn new(set: CharSet, wide: bool, multibyte: bool) -> Set {
        Set {
            set,
            wide,
            multibyte,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeat {
    pub body: Node,
    pub min: u32,
    pub max: Option<u32>,
    pub greedy: bool,
    /// Possessive (a single item only; groups are refused by the parser).
    pub possessive: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Set(Set),
    Assert(Assert),
    Look(Look, Box<Node>),
    Cat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Repeat>),
}

impl Node {
    pub fn empty() -> Node {
        Node::Cat(Vec::new())
    }

    /// Whether the node matches the empty subject: its only position is both
    /// its start and its end, with no character on either side.
    pub fn matches_empty(&self) -> bool {
        match self {
            Node::Set(_) => false,
            Node::Assert(a) => !matches!(a, Assert::WordB),
            Node::Look(Look::Ahead | Look::Behind, body) => body.matches_empty(),
            Node::Look(Look::NegAhead | Look::NegBehind, body) => !body.matches_empty(),
            Node::Cat(items) => items.iter().all(Node::matches_empty),
            Node::Alt(branches) => branches.iter().any(Node::matches_empty),
            Node::Repeat(r) => r.min == 0 || r.body.matches_empty(),
        }
    }

    /// Whether an end-of-subject assertion sits inside a negative lookaround
    /// (at any depth). There, a `$` read as under `D` (matching at fewer
    /// positions) would let the lookaround, and so the pattern, match more:
    /// the end-only translation is exact only for a `$` outside them.
    pub fn end_under_negation(&self, negated: bool) -> bool {
        match self {
            Node::Set(_) => false,
            Node::Assert(a) => negated && *a == Assert::End,
            Node::Look(l, body) => {
                body.end_under_negation(negated || matches!(l, Look::NegAhead | Look::NegBehind))
            }
            Node::Cat(items) | Node::Alt(items) => {
                items.iter().any(|i| i.end_under_negation(negated))
            }
            Node::Repeat(r) => r.body.end_under_negation(negated),
        }
    }

    pub fn set(set: CharSet) -> Node {
        Node::Set(Set::new(set, false, false))
    }

    /// A concatenation, flattened (`Cat` items are spliced in).
    pub fn cat(items: Vec<Node>) -> Node {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Node::Cat(inner) => out.extend(inner),
                other => out.push(other),
            }
        }
        if out.len() == 1 {
            out.pop().unwrap_or_else(Node::empty)
        } else {
            Node::Cat(out)
        }
    }

    /// An alternation, flattened (`Alt` branches are spliced in).
    pub fn alt(branches: Vec<Node>) -> Node {
        let mut out = Vec::with_capacity(branches.len());
        for b in branches {
            match b {
                Node::Alt(inner) => out.extend(inner),
                other => out.push(other),
            }
        }
        match out.len() {
            0 => Node::empty(),
            1 => out.pop().unwrap_or_else(Node::empty),
            _ => Node::Alt(out),
        }
    }

    pub fn repeat(body: Node, min: u32, max: Option<u32>) -> Node {
        Node::Repeat(Box::new(Repeat {
            body,
            min,
            max,
            greedy: true,
            possessive: false,
        }))
    }

    /// The items of a concatenation (one item for anything else).
    pub fn items(&self) -> &[Node] {
        match self {
            Node::Cat(items) => items,
            other => std::slice::from_ref(other),
        }
    }

    /// Can match the empty string somewhere (assertions count as empty).
    pub fn nullable(&self) -> bool {
        match self {
            Node::Set(_) => false,
            Node::Assert(_) | Node::Look(..) => true,
            Node::Cat(items) => items.iter().all(Node::nullable),
            Node::Alt(branches) => branches.iter().any(Node::nullable),
            Node::Repeat(r) => r.min == 0 || r.body.nullable(),
        }
    }

    /// Matches the empty string at every position (no assertion on the way;
    /// a possessive repeat must take what it can): such an item at an
    /// unanchored edge of the pattern can be left out.
    pub fn always_empty(&self) -> bool {
        match self {
            Node::Set(_) | Node::Assert(_) | Node::Look(..) => false,
            Node::Cat(items) => items.iter().all(Node::always_empty),
            Node::Alt(branches) => branches.iter().any(Node::always_empty),
            Node::Repeat(r) => !r.possessive && (r.min == 0 || r.body.always_empty()),
        }
    }

    /// Only characters, concatenation, alternation and plain repetition: the
    /// language is all that matters, so the `dfa` stage may replace it.
    pub fn pure(&self) -> bool {
        match self {
            Node::Set(_) => true,
            Node::Assert(_) | Node::Look(..) => false,
            Node::Cat(items) | Node::Alt(items) => items.iter().all(Node::pure),
            Node::Repeat(r) => !r.possessive && r.body.pure(),
        }
    }
}
