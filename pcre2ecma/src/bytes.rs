//! Stage `bytes`: without `u`, PCRE matches bytes. The subject is valid UTF-8,
//! so an ASCII byte or a whole multibyte sequence behaves like a character; a
//! "wide" class (one that holds every byte >= 0x80 that occurs in UTF-8:
//! `.`, `[^<>]`, `\S`, `[\x80-\xff]`) is read as the class of all non-ASCII
//! characters, which is exact only where no match can start or stop inside
//! a multibyte character. This stage proves that, or refuses the pattern.
//!
//! A position is a *boundary* when every match puts it at a character
//! boundary (next to an ASCII character, a multibyte literal, `^`, `$`, `\b`...).
//! The start of a top-level alternative and the end of a top-level alternative
//! or of a lookahead body are *soft*: a search may start, and a match may stop,
//! anywhere, so a match found inside a character has one at its edge too.
//! Then, with `W` a wide class:
//!
//! * a run `W*`, `W+` (lazy too) is exact between two boundaries or soft edges;
//! * a single `W` is exact next to a soft edge (with a boundary or soft edge on
//!   its other side), or right before a run `W*` (not `W+`) with a boundary or
//!   soft edge before the single and after the run
//!   (`[a-z_\x80-\xff][a-z0-9_\x80-\xff]*`);
//! * nothing else that is wide is exact, and a pattern that can match the empty
//!   string inside a character (`\B`, `(?!a)`) is refused unless it matches
//!   the empty string everywhere.
//!
//! Mirrors `php/src/Bytes.php`.

use super::ir::{Assert, Look, Node};
use super::{skip, Skip, BYTES};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Edge {
    /// Nothing known.
    None,
    /// Always a character boundary.
    Boundary,
    /// A search start or match end: may be anywhere.
    Soft,
}

fn refused() -> Skip {
    skip(
        BYTES,
        "matches single bytes of multibyte characters without the u modifier",
    )
}

/// Checks a tree parsed without `u`.
pub fn check(root: &Node) -> Result<(), Skip> {
    node(root, Edge::Soft, Edge::Soft)?;
    if !root.always_empty() && midnull(root) {
        return Err(skip(
            BYTES,
            "pattern can match an empty string inside a multibyte character without the u modifier",
        ));
    }
    Ok(())
}

fn is_wide(node: &Node) -> bool {
    matches!(node, Node::Set(s) if s.wide)
}

/// `W*`, `W+` (greedy or lazy) of a wide class.
fn is_run(node: &Node) -> bool {
    matches!(node, Node::Repeat(r) if r.max.is_none() && r.min <= 1 && !r.possessive && is_wide(&r.body))
}

/// One side of a match: where it starts, or where it ends.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

impl Side {
    fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// The items of a sequence from `side` inward.
fn inward(items: &[Node], side: Side) -> impl Iterator<Item = &Node> {
    let mut it = items.iter();
    std::iter::from_fn(move || match side {
        Side::Left => it.next(),
        Side::Right => it.next_back(),
    })
}

/// Every match starts (`Left`) or ends (`Right`) at a character boundary.
fn at_boundary(node: &Node, side: Side) -> bool {
    match node {
        Node::Set(s) => !s.wide,
        Node::Assert(a) => *a != Assert::NotWordB,
        Node::Look(..) => false,
        Node::Cat(items) => {
            for item in inward(items, side) {
                if matches!(item, Node::Look(..)) {
                    continue;
                }
                if at_boundary(item, side) {
                    return true;
                }
                // Empty (then the next item inward is at the edge) or at a boundary.
                if !(item.always_empty() && at_boundary_nonempty(item, side)) {
                    return false;
                }
            }
            false
        }
        Node::Alt(branches) => branches.iter().all(|b| at_boundary(b, side)),
        Node::Repeat(r) => r.min >= 1 && at_boundary(&r.body, side),
    }
}

/// Every match that reads something starts (`Left`) or ends (`Right`) at a
/// character boundary.
fn at_boundary_nonempty(node: &Node, side: Side) -> bool {
    match node {
        Node::Set(s) => !s.wide,
        Node::Assert(_) | Node::Look(..) => true,
        Node::Cat(items) => {
            for item in inward(items, side) {
                if !at_boundary_nonempty(item, side) {
                    return false;
                }
                if !item.nullable() {
                    return true;
                }
            }
            true
        }
        Node::Alt(branches) => branches.iter().all(|b| at_boundary_nonempty(b, side)),
        Node::Repeat(r) => at_boundary_nonempty(&r.body, side),
    }
}

fn ok_edge(e: Edge) -> bool {
    e != Edge::None
}

fn node(n: &Node, left: Edge, right: Edge) -> Result<(), Skip> {
    match n {
        Node::Set(s) => {
            if s.wide
                && !(left == Edge::Soft && ok_edge(right) || ok_edge(left) && right == Edge::Soft)
            {
                return Err(refused());
            }
            Ok(())
        }
        Node::Assert(_) => Ok(()),
        Node::Look(kind, body) => {
            let here = if left == Edge::Boundary || right == Edge::Boundary {
                Edge::Boundary
            } else {
                Edge::None
            };
            match kind {
                Look::Ahead | Look::NegAhead => node(body, here, Edge::Soft),
                // Lookbehind steps back a fixed number of bytes: only ASCII-wide
                // content is exact.
                Look::Behind | Look::NegBehind => node(body, Edge::None, Edge::None),
            }
        }
        Node::Cat(items) => seq(items, left, right),
        Node::Alt(branches) => {
            for b in branches {
                node(b, left, right)?;
            }
            Ok(())
        }
        Node::Repeat(r) => {
            if is_run(n) {
                if ok_edge(left) && ok_edge(right) {
                    return Ok(());
                }
                return Err(refused());
            }
            if is_wide(&r.body) {
                return Err(refused());
            }
            if r.max == Some(1) || r.max == Some(0) {
                return node(&r.body, left, right);
            }
            // Later iterations start where an earlier one ended.
            let l = if at_boundary(&r.body, Side::Right) {
                left.min(Edge::Boundary)
            } else {
                Edge::None
            };
            let rr = if at_boundary(&r.body, Side::Left) {
                right.min(Edge::Boundary)
            } else {
                Edge::None
            };
            node(&r.body, l, rr)
        }
    }
}

fn seq(items: &[Node], left: Edge, right: Edge) -> Result<(), Skip> {
    let n = items.len();
    let before = edges(items, left, Side::Left);
    let after = edges(items, right, Side::Right);
    let mut i = 0;
    while i < n {
        // A single wide class right before a run that may be empty (`W W+`
        // would need two characters where two bytes of one can do).
        if is_wide(&items[i])
            && i + 1 < n
            && is_run(&items[i + 1])
            && matches!(&items[i + 1], Node::Repeat(r) if r.min == 0)
            && ok_edge(before[i])
            && ok_edge(after[i + 1])
        {
            i += 2;
            continue;
        }
        node(&items[i], before[i], after[i])?;
        i += 1;
    }
    Ok(())
}

/// The edge on `side` of each item, in the items' order: `outer` for the
/// item at that end. A lookaround, or an item that may match empty without an
/// assertion, passes on the edge beyond it, at most as a boundary: a
/// lookaround or an assertion there constrains the position, which is then no
/// longer soft.
fn edges(items: &[Node], outer: Edge, side: Side) -> Vec<Edge> {
    let mut out = Vec::with_capacity(items.len());
    let mut edge = outer;
    for item in inward(items, side) {
        out.push(edge);
        if out.len() == items.len() {
            break;
        }
        // What the item passes on to the next one inward (its far side).
        let far = side.opposite();
        edge = if matches!(item, Node::Look(..)) {
            edge.min(Edge::Boundary)
        } else if at_boundary(item, far) {
            Edge::Boundary
        } else if item.always_empty() && at_boundary_nonempty(item, far) {
            edge.min(Edge::Boundary)
        } else {
            Edge::None
        };
    }
    if side == Side::Right {
        out.reverse();
    }
    out
}

/// Can match the empty string at a position inside a multibyte character.
fn midnull(n: &Node) -> bool {
    match n {
        Node::Set(_) => false,
        Node::Assert(a) => *a == Assert::NotWordB,
        Node::Look(Look::Ahead | Look::Behind, body) => midnull(body),
        Node::Look(..) => true,
        Node::Cat(items) => items.iter().all(midnull),
        Node::Alt(branches) => branches.iter().any(midnull),
        Node::Repeat(r) => r.min == 0 || midnull(&r.body),
    }
}
