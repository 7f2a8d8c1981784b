//! Stage `rewrite`: exact simplifications of the tree, so that the emitted
//! pattern needs no lookaround where PCRE's meaning can be said without one,
//! and backtracks less. Each rule keeps the set of subjects that have a match:
//!
//! * At an unanchored start of a top-level alternative (a search may begin
//!   anywhere), an item that matches the empty string everywhere is dropped,
//!   and `X{n,m}` (not possessive) becomes `X{n}` (the last `n` iterations
//!   match as well);
//!   likewise at the end of a top-level alternative or of a lookahead body
//!   (the first `n` iterations).
//! * At the end of a top-level alternative or of a lookahead body, PCRE's `$`
//!   becomes `\n?$` (and `$` under `m` becomes `(?:\n|$)`): what follows the
//!   end of a match does not matter, so the final newline may be consumed.
//! * At the start of a top-level alternative, `^` under `m` becomes `(?:^|\n)`
//!   when the rest cannot match the empty string (PCRE's `^` does not match
//!   after a final newline; a rest that consumes a character cannot start there).
//! * A possessive `X*+` (`X` one character) becomes `X*` when no character of
//!   `X` can come next: the run is then maximal in every match anyway.
//! * A negative lookahead of one character set `N` right before a character
//!   set `S`, or before a run `S{n,m}` (n >= 1, not possessive), is folded
//!   into that first character: `(?!N)S{n,m}` is `[S-N]S{n-1,m-1}` (both
//!   read the same character); not when the set would be empty, nor for a
//!   multibyte literal or a wide `N` without `u`. (A positive one would fold
//!   as `[S&N]` just as exactly; it is left as written, so that the patterns
//!   emitted on PCRE2 10.42 stay what they were.)
//!
//! Mirrors `php/src/Rewrite.php`.

use super::charset::CharSet;
use super::ir::{Assert, Look, Node, Repeat, Set};

/// Applies every rule; `anchored` is the `A` modifier (no search).
pub fn apply(root: Node, anchored: bool) -> Node {
    let branches = match fold_lookaheads(root) {
        Node::Alt(b) => b,
        other => vec![other],
    };
    let mut out = Vec::with_capacity(branches.len());
    for b in branches {
        let b = if anchored { b } else { head(b) };
        out.push(tail(b));
    }
    let root = Node::alt(out);
    possessive(root, &Next::end())
}

/// An item at a search start: dropped if it matches empty everywhere,
/// `X{n,m}` cut to `X{n}`.
fn trim_edge(node: Node) -> Option<Node> {
    if node.always_empty() {
        return None;
    }
    match node {
        Node::Repeat(r) if r.max != Some(r.min) => Some(if r.min == 1 {
            r.body
        } else {
            Node::Repeat(Box::new(Repeat {
                max: Some(r.min),
                possessive: false,
                ..*r
            }))
        }),
        other => Some(other),
    }
}

/// The start of a top-level alternative.
fn head(node: Node) -> Node {
    let mut items: Vec<Node> = match node {
        Node::Cat(items) => items,
        other => vec![other],
    };
    // Leading items that match empty everywhere, and leading repeats.
    while let Some(first) = items.first() {
        if first.always_empty() {
            items.remove(0);
            continue;
        }
        match first {
            // A possessive run must be maximal: not cut at a search start.
            Node::Repeat(r) if r.max != Some(r.min) && !r.possessive => {
                let first = items.remove(0);
                if let Some(t) = trim_edge(first) {
                    // `X{1,m}` became `X`: its own start is the search start now.
                    let mut spliced: Vec<Node> = t.items().to_vec();
                    spliced.append(&mut items);
                    items = spliced;
                }
                continue;
            }
            Node::Alt(_) => {
                let first = items.remove(0);
                if let Node::Alt(branches) = first {
                    let branches = branches.into_iter().map(head).collect();
                    items.insert(0, Node::alt(branches));
                }
            }
            _ => {}
        }
        break;
    }
    if matches!(items.first(), Some(Node::Assert(Assert::LineStart)))
        && !items[1..].iter().all(Node::nullable)
    {
        items[0] = Node::alt(vec![
            Node::Assert(Assert::Start),
            Node::set(CharSet::from_table(&[(0x0A, 0x0A)])),
        ]);
    }
    Node::cat(items)
}

/// The end of a top-level alternative or of a lookahead body.
fn tail(node: Node) -> Node {
    match node {
        Node::Alt(branches) => Node::alt(branches.into_iter().map(tail).collect()),
        Node::Assert(Assert::EndNl) => Node::cat(vec![
            Node::repeat(Node::set(CharSet::from_table(&[(0x0A, 0x0A)])), 0, Some(1)),
            Node::Assert(Assert::End),
        ]),
        Node::Assert(Assert::LineEnd) => Node::alt(vec![
            Node::set(CharSet::from_table(&[(0x0A, 0x0A)])),
            Node::Assert(Assert::End),
        ]),
        Node::Repeat(r) if r.max != Some(r.min) => {
            trim_edge(Node::Repeat(r)).map_or_else(Node::empty, tail)
        }
        Node::Repeat(r) if r.possessive => Node::Repeat(Box::new(Repeat {
            possessive: false,
            ..*r
        })),
        Node::Cat(mut items) => {
            while items.last().is_some_and(Node::always_empty) {
                items.pop();
            }
            if let Some(last) = items.pop() {
                items.push(tail(last));
            }
            Node::cat(items)
        }
        Node::Look(kind @ (Look::Ahead | Look::NegAhead), body) => {
            Node::Look(kind, Box::new(tail(*body)))
        }
        other => other,
    }
}

/// What may come after a position: characters that may be read next
/// (consumed, or examined by an assertion), or anything.
#[derive(Clone)]
struct Next {
    chars: CharSet,
    any: bool,
}

impl Next {
    /// The end of a match: nothing is read.
    fn end() -> Next {
        Next {
            chars: CharSet::new(),
            any: false,
        }
    }

    fn any() -> Next {
        Next {
            chars: CharSet::new(),
            any: true,
        }
    }

    fn union(&self, other: &Next) -> Next {
        Next {
            chars: self.chars.union_with(&other.chars),
            any: self.any || other.any,
        }
    }
}

/// The characters a node may read first, and whether it may let the match
/// go on past it without reading one (`Some(next)` is the first reads,
/// `passes` whether what follows is read next too).
fn first(node: &Node) -> (Next, bool) {
    match node {
        Node::Set(s) => (
            Next {
                chars: s.set.clone(),
                any: false,
            },
            false,
        ),
        Node::Assert(a) => match a {
            // Only at the end: nothing more is read.
            Assert::End => (Next::end(), false),
            // The next character is a newline, or there is none.
            Assert::EndNl | Assert::LineEnd => (
                Next {
                    chars: CharSet::from_table(&[(0x0A, 0x0A)]),
                    any: false,
                },
                false,
            ),
            _ => (Next::any(), true),
        },
        Node::Look(Look::Ahead | Look::NegAhead, body) => (first_seq(body.items()).0, true),
        Node::Look(..) => (Next::any(), true),
        Node::Cat(items) => first_seq(items),
        Node::Alt(branches) => {
            let mut next = Next::end();
            let mut passes = false;
            for b in branches {
                let (n, p) = first(b);
                next = next.union(&n);
                passes |= p;
            }
            (next, passes)
        }
        Node::Repeat(r) => {
            let (n, p) = first(&r.body);
            (n, p || r.min == 0)
        }
    }
}

fn first_seq(items: &[Node]) -> (Next, bool) {
    let mut next = Next::end();
    for item in items {
        let (n, passes) = first(item);
        next = next.union(&n);
        if !passes {
            return (next, false);
        }
    }
    (next, true)
}

/// Drops possessiveness where no character of the repeated set can come next.
fn possessive(node: Node, after: &Next) -> Node {
    match node {
        Node::Cat(items) => {
            let n = items.len();
            let mut out: Vec<Node> = Vec::with_capacity(n);
            let mut follow = after.clone();
            for item in items.into_iter().rev() {
                let (f, passes) = first(&item);
                let item = possessive(item, &follow);
                follow = if passes { f.union(&follow) } else { f };
                out.push(item);
            }
            out.reverse();
            Node::cat(out)
        }
        Node::Alt(branches) => {
            Node::alt(branches.into_iter().map(|b| possessive(b, after)).collect())
        }
        Node::Look(kind, body) => {
            let inner = match kind {
                Look::Ahead | Look::NegAhead => Next::end(),
                Look::Behind | Look::NegBehind => Next::any(),
            };
            Node::Look(kind, Box::new(possessive(*body, &inner)))
        }
        Node::Repeat(r) => {
            let again = r.max != Some(1) && r.max != Some(0);
            let inner = if again {
                first(&r.body).0.union(after)
            } else {
                after.clone()
            };
            let mut r = *r;
            if r.possessive {
                if let Node::Set(s) = &r.body {
                    if !after.any && !after.chars.intersects(&s.set) {
                        r.possessive = false;
                    }
                }
            }
            r.body = possessive(r.body, &inner);
            Node::Repeat(Box::new(r))
        }
        other => other,
    }
}

/// Folds a one-character negative lookahead into the character set it looks at.
fn fold_lookaheads(node: Node) -> Node {
    match node {
        Node::Cat(items) => {
            let mut out: Vec<Node> = Vec::with_capacity(items.len());
            for item in items.into_iter().map(fold_lookaheads) {
                if let Some(Node::Look(kind, body)) = out.last() {
                    if let Some(folded) = fold(*kind, body, &item) {
                        out.pop();
                        out.push(folded);
                        continue;
                    }
                }
                out.push(item);
            }
            Node::cat(out)
        }
        Node::Alt(branches) => Node::alt(branches.into_iter().map(fold_lookaheads).collect()),
        Node::Look(kind, body) => Node::Look(kind, Box::new(fold_lookaheads(*body))),
        Node::Repeat(mut r) => {
            r.body = fold_lookaheads(r.body);
            Node::Repeat(r)
        }
        other => other,
    }
}

/// `(?!N)` (`kind`, `body`) followed by `next`, as one item, when the rule
/// applies.
fn fold(kind: Look, body: &Node, next: &Node) -> Option<Node> {
    let Node::Set(n) = body else {
        return None;
    };
    if kind != Look::NegAhead || n.wide || n.multibyte {
        return None;
    }
    let first = |s: &Set| -> Option<Set> {
        if s.multibyte {
            return None;
        }
        // Without `u`, `N` is ASCII: `S-N` keeps every byte >= 0x80 `S` has.
        let set = s.set.subtract(&n.set);
        if set.is_empty() {
            return None;
        }
        Some(Set::new(set, s.wide, false))
    };
    match next {
        Node::Set(s) => first(s).map(Node::Set),
        Node::Repeat(r) if r.min >= 1 && !r.possessive => {
            let Node::Set(s) = &r.body else {
                return None;
            };
            let head = Node::Set(first(s)?);
            let max = r.max.map(|m| m - 1);
            if max == Some(0) {
                return Some(head);
            }
            let rest = Node::Repeat(Box::new(Repeat {
                body: r.body.clone(),
                min: r.min - 1,
                max,
                greedy: r.greedy,
                possessive: false,
            }));
            Some(Node::cat(vec![head, rest]))
        }
        _ => None,
    }
}
