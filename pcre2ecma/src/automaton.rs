//! The automaton of the ways a backtracking engine can read a tree, for the
//! `backtrack` stage (routes) and the `dfa` stage (the language): one state
//! per character class in the pattern (Glushkov's construction), an edge
//! where one class can follow another, and a weight of 2 on edges the engine
//! can take by two routes (a nested quantifier: `(a*)*` reaches `a` from `a`
//! by the inner and the outer loop). For routes, counted repeats `X{n,m}` are
//! unrolled (an engine counts iterations) when small and two iterations `XX`
//! read every string in one way at most (then so do `n` of them), otherwise
//! read as loops: `(?:[a-z]{1,10}){1,100}` is a loop; for the language, they
//! are always unrolled.
//! Mirrors `php/src/Automaton.php`.

use super::backtrack::ambiguous;
use super::charset::CharSet;
use super::ir::Node;
use super::{Skip, Work};

/// Unroll `X{n,m}` when `X`'s states times `m` is at most this.
pub(crate) const UNROLL_LIMIT: usize = 256;

/// Saturating weights: 0, 1, or 2 meaning "two or more".
fn add(a: u8, b: u8) -> u8 {
    (a + b).min(2)
}

fn mul(a: u8, b: u8) -> u8 {
    (a * b).min(2)
}

/// A weighted set of states, sorted by state.
type Weighted = Vec<(usize, u8)>;

fn merge(a: &Weighted, b: &Weighted, scale: u8) -> Weighted {
    let mut out: Weighted = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if j >= b.len() || (i < a.len() && a[i].0 < b[j].0) {
            out.push(a[i]);
            i += 1;
        } else if i >= a.len() || b[j].0 < a[i].0 {
            if scale > 0 {
                out.push((b[j].0, mul(b[j].1, scale)));
            }
            j += 1;
        } else {
            out.push((a[i].0, add(a[i].1, mul(b[j].1, scale))));
            i += 1;
            j += 1;
        }
    }
    out
}

/// A fragment of the automaton under construction.
#[derive(Clone)]
struct Frag {
    first: Weighted,
    last: Weighted,
    /// Routes through the fragment that read nothing (0, 1, 2+).
    null: u8,
}

impl Frag {
    fn empty() -> Frag {
        Frag {
            first: Vec::new(),
            last: Vec::new(),
            null: 1,
        }
    }
}

/// The automaton: states are character classes of the pattern.
pub struct Nfa {
    pub labels: Vec<CharSet>,
    /// Successors of each state, sorted, with weights.
    pub follow: Vec<Weighted>,
    /// States reachable from the start by reading one character.
    pub first: Weighted,
    /// States the match may end after.
    pub last: Weighted,
    /// Whether the empty string is matched.
    pub nullable: bool,
    /// A counted repeat of an item that may match empty, read as a loop: the
    /// engine may spread empty iterations over its minimum in many ways
    /// (`(?:a?){30}`).
    pub hazard: bool,
}

/// How counted repeats are read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The engine's routes (weights, loops for large or ambiguous repeats).
    Routes,
    /// The language, exactly (repeats always unrolled; `None` when too big).
    Language,
}

pub struct Builder<'a> {
    mode: Mode,
    labels: Vec<CharSet>,
    follow: Vec<Weighted>,
    work: &'a mut Work,
    /// Cap on states (language mode).
    max_states: usize,
    hazard: bool,
}

impl<'a> Builder<'a> {
    pub fn new(mode: Mode, work: &'a mut Work, max_states: usize) -> Self {
        Builder {
            mode,
            labels: Vec::new(),
            follow: Vec::new(),
            work,
            max_states,
            hazard: false,
        }
    }

    /// The automaton of `node` (lookaround bodies are left out: they read no
    /// character of the match). `Ok(None)` when over the state cap.
    pub fn build(mut self, node: &Node) -> Result<Option<Nfa>, Skip> {
        let Some(frag) = self.frag(node)? else {
            return Ok(None);
        };
        Ok(Some(Nfa {
            labels: self.labels,
            follow: self.follow,
            first: frag.first,
            last: frag.last,
            nullable: frag.null > 0,
            hazard: self.hazard,
        }))
    }

    /// Edges from every state of `from` to every state of `to` (each merge
    /// is counted as the work it does).
    fn edges(&mut self, from: &Weighted, to: &Weighted) -> Result<(), Skip> {
        for &(p, wp) in from {
            self.work
                .spend((self.follow[p].len() + to.len()) as u64 + 1)?;
            let merged = merge(&self.follow[p], to, wp);
            self.follow[p] = merged;
        }
        Ok(())
    }

    fn cat(&mut self, a: Frag, b: Frag) -> Result<Frag, Skip> {
        self.edges(&a.last, &b.first)?;
        self.work
            .spend((a.first.len() + b.first.len() + a.last.len() + b.last.len()) as u64)?;
        Ok(Frag {
            first: merge(&a.first, &b.first, a.null),
            last: merge(&b.last, &a.last, b.null),
            null: mul(a.null, b.null),
        })
    }

    fn alt(&mut self, a: Frag, b: Frag) -> Result<Frag, Skip> {
        self.work
            .spend((a.first.len() + b.first.len() + a.last.len() + b.last.len()) as u64)?;
        Ok(Frag {
            first: merge(&a.first, &b.first, 1),
            last: merge(&a.last, &b.last, 1),
            null: add(a.null, b.null),
        })
    }

    /// The fragment of `node`: every node visited counts one unit (a body
    /// is visited once per copy of a counted repeat, and once more per check
    /// of two copies), every state is a structure entry.
    fn frag(&mut self, node: &Node) -> Result<Option<Frag>, Skip> {
        if !matches!(node, Node::Set(_)) {
            self.work.spend(1)?;
        }
        Ok(Some(match node {
            Node::Set(s) => {
                if self.labels.len() >= self.max_states {
                    return Ok(None);
                }
                self.work.spend(1)?;
                let p = self.labels.len();
                self.labels.push(s.set.clone());
                self.follow.push(Vec::new());
                self.work.fits(self.labels.len())?;
                Frag {
                    first: vec![(p, 1)],
                    last: vec![(p, 1)],
                    null: 0,
                }
            }
            Node::Assert(_) | Node::Look(..) => Frag::empty(),
            Node::Cat(items) => {
                let mut acc = Frag::empty();
                for item in items {
                    let Some(f) = self.frag(item)? else {
                        return Ok(None);
                    };
                    acc = self.cat(acc, f)?;
                }
                acc
            }
            Node::Alt(branches) => {
                let mut acc: Option<Frag> = None;
                for b in branches {
                    let Some(f) = self.frag(b)? else {
                        return Ok(None);
                    };
                    acc = Some(match acc {
                        None => f,
                        Some(a) => self.alt(a, f)?,
                    });
                }
                acc.unwrap_or_else(Frag::empty)
            }
            Node::Repeat(r) => return self.repeat(&r.body, r.min, r.max),
        }))
    }

    /// One iteration that may not read nothing (the engine refuses empty
    /// iterations once the minimum is reached), followed by `rest`, or nothing.
    fn optional_iteration(&mut self, body: &Node, rest: Frag) -> Result<Option<Frag>, Skip> {
        let Some(mut it) = self.frag(body)? else {
            return Ok(None);
        };
        it.null = 0;
        let enter = self.cat(it, rest)?;
        Ok(Some(self.alt(enter, Frag::empty())?))
    }

    fn repeat(&mut self, body: &Node, min: u32, max: Option<u32>) -> Result<Option<Frag>, Skip> {
        if max == Some(0) {
            return Ok(Some(Frag::empty()));
        }
        let copies = max.unwrap_or(min) as usize;
        let unroll = match self.mode {
            Mode::Language => true,
            Mode::Routes => {
                max.is_some()
                    && copies >= 2
                    && states(body).saturating_mul(copies) <= UNROLL_LIMIT
                    && !ambiguous(&Node::cat(vec![body.clone(), body.clone()]), self.work)?
            }
        };
        if max == Some(1) || unroll {
            // Unrolled: `min` copies, then nested optional ones (`X(X(X)?)?`),
            // or for `X{n,}` in language mode, `n` copies and a loop.
            if let (Mode::Language, None) = (self.mode, max) {
                let Some(acc) = self.copies(body, min)? else {
                    return Ok(None);
                };
                let Some(l) = self.looped(body, true)? else {
                    return Ok(None);
                };
                return Ok(Some(self.cat(acc, l)?));
            }
            let max = max.unwrap_or(min);
            let mut rest = Frag::empty();
            for _ in min..max {
                let Some(f) = self.optional_iteration(body, rest)? else {
                    return Ok(None);
                };
                rest = f;
            }
            let Some(acc) = self.copies(body, min)? else {
                return Ok(None);
            };
            return Ok(Some(self.cat(acc, rest)?));
        }
        if self.mode == Mode::Routes && min >= 2 && body.nullable() {
            self.hazard = true;
        }
        self.looped(body, min == 0)
    }

    /// `n` copies of the body, one after the other.
    fn copies(&mut self, body: &Node, n: u32) -> Result<Option<Frag>, Skip> {
        let mut acc = Frag::empty();
        for _ in 0..n {
            let Some(f) = self.frag(body)? else {
                return Ok(None);
            };
            acc = self.cat(acc, f)?;
        }
        Ok(Some(acc))
    }

    /// `X*` (`zero`) or `X+`: the body once, with its end leading back to its start.
    fn looped(&mut self, body: &Node, zero: bool) -> Result<Option<Frag>, Skip> {
        let Some(b) = self.frag(body)? else {
            return Ok(None);
        };
        self.edges(&b.last, &b.first)?;
        Ok(Some(Frag {
            first: b.first,
            last: b.last,
            null: if zero { 1 } else { b.null },
        }))
    }
}

/// The number of character classes in a node (lookarounds excluded).
fn states(node: &Node) -> usize {
    match node {
        Node::Set(_) => 1,
        Node::Assert(_) | Node::Look(..) => 0,
        Node::Cat(items) | Node::Alt(items) => {
            items.iter().map(states).fold(0, usize::saturating_add)
        }
        Node::Repeat(r) => states(&r.body),
    }
}
