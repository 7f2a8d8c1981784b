//! Stage `dfa`: an unambiguous expression with the same language as a pure
//! part of a pattern (characters, concatenation, alternation, repetition: no
//! assertion, so only the language matters). The part's automaton is made
//! deterministic (subset construction over the atoms of its classes) and
//! minimal (Moore), then turned back into an expression by state elimination.
//! An expression read off a deterministic automaton has one way to read any
//! string: `([_.-]?[a-z0-9]+)*` becomes `(?:[\-._]?[0-9a-z])*`.
//! `None` when the automaton or the expression would be too large, or when
//! the result is still flagged by the `backtrack` stage.
//! Mirrors `php/src/Dfa.php`.

// Index loops mirror the PHP twin line by line.
#![allow(clippy::needless_range_loop)]

use std::collections::HashMap;

use super::automaton::{Builder, Mode, Nfa};
use super::charset::CharSet;
use super::emit;
use super::ir::{Node, Repeat};
use super::{Skip, Work, MAX_STRUCTURE};

/// Largest automaton made deterministic.
const MAX_NFA_STATES: usize = 256;
/// Largest deterministic automaton turned back into an expression.
const MAX_DFA_STATES: usize = 64;
/// Longest expression accepted (or four times the part it replaces).
const MAX_EXPRESSION_BYTES: usize = 2048;

/// The atoms of a list of classes: disjoint sets whose unions are the classes.
pub(crate) fn atoms(labels: &[CharSet], work: &mut Work) -> Result<Vec<CharSet>, Skip> {
    let mut atoms: Vec<CharSet> = Vec::new();
    let mut covered = CharSet::new();
    for label in labels {
        work.spend((atoms.len() + label.ranges.len()) as u64)?;
        let mut next: Vec<CharSet> = Vec::with_capacity(atoms.len() + 1);
        for a in &atoms {
            let inside = a.intersect(label);
            let outside = a.subtract(label);
            if !inside.is_empty() {
                next.push(inside);
            }
            if !outside.is_empty() {
                next.push(outside);
            }
        }
        let rest = label.subtract(&covered);
        if !rest.is_empty() {
            next.push(rest);
        }
        covered = covered.union_with(label);
        atoms = next;
        work.fits(atoms.len())?;
    }
    atoms.sort_by_key(|a| a.ranges.first().map_or(0, |r| r.0));
    Ok(atoms)
}

/// Which atoms each class holds: `holds[class][atom]`.
pub(crate) fn holds(
    labels: &[CharSet],
    atoms: &[CharSet],
    work: &mut Work,
) -> Result<Vec<Vec<bool>>, Skip> {
    let mut holds = Vec::with_capacity(labels.len());
    for label in labels {
        work.spend(atoms.len() as u64)?;
        holds.push(atoms.iter().map(|a| a.intersects(label)).collect());
    }
    Ok(holds)
}

/// A deterministic automaton: `next[state][atom]`, and final states.
struct Dfa {
    next: Vec<Vec<Option<usize>>>,
    finals: Vec<bool>,
}

fn determinize(nfa: &Nfa, atoms: &[CharSet], work: &mut Work) -> Result<Option<Dfa>, Skip> {
    let n = nfa.labels.len();
    let holds = holds(&nfa.labels, atoms, work)?;
    let is_last: Vec<bool> = {
        let mut v = vec![false; n];
        for &(p, _) in &nfa.last {
            v[p] = true;
        }
        v
    };
    // Subsets as sorted state lists; `None` stands for the start.
    let mut sets: Vec<Option<Vec<usize>>> = vec![None];
    let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut next: Vec<Vec<Option<usize>>> = Vec::new();
    let mut finals: Vec<bool> = vec![nfa.nullable];
    let mut k = 0;
    while k < sets.len() {
        let succ: Vec<usize> = match &sets[k] {
            None => nfa.first.iter().map(|&(q, _)| q).collect(),
            Some(s) => {
                for &p in s {
                    work.spend(nfa.follow[p].len() as u64)?;
                }
                let mut all: Vec<usize> = s
                    .iter()
                    .flat_map(|&p| nfa.follow[p].iter().map(|&(q, _)| q))
                    .collect();
                all.sort_unstable();
                all.dedup();
                all
            }
        };
        let mut row = Vec::with_capacity(atoms.len());
        for a in 0..atoms.len() {
            work.spend(succ.len() as u64 + 1)?;
            let target: Vec<usize> = succ.iter().copied().filter(|&q| holds[q][a]).collect();
            if target.is_empty() {
                row.push(None);
                continue;
            }
            let id = match index.get(&target) {
                Some(&id) => id,
                None => {
                    if sets.len() >= MAX_DFA_STATES {
                        return Ok(None);
                    }
                    let id = sets.len();
                    finals.push(target.iter().any(|&q| is_last[q]));
                    index.insert(target.clone(), id);
                    sets.push(Some(target));
                    id
                }
            };
            row.push(Some(id));
        }
        next.push(row);
        k += 1;
    }
    Ok(Some(Dfa { next, finals }))
}

/// Moore's minimization; states renumbered by first appearance.
fn minimize(dfa: &Dfa, work: &mut Work) -> Result<Dfa, Skip> {
    let n = dfa.finals.len();
    let mut block: Vec<usize> = dfa.finals.iter().map(|&f| usize::from(f)).collect();
    loop {
        work.spend((n * (dfa.next.first().map_or(0, Vec::len) + 1)) as u64)?;
        let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut fresh = vec![0usize; n];
        for s in 0..n {
            let mut sig = vec![block[s]];
            for t in &dfa.next[s] {
                sig.push(t.map_or(usize::MAX, |t| block[t]));
            }
            let next = seen.len();
            fresh[s] = *seen.entry(sig).or_insert(next);
        }
        // The new partition refines the old one: as many blocks, same partition.
        let mut old: Vec<usize> = block.clone();
        old.sort_unstable();
        old.dedup();
        let stable = seen.len() == old.len();
        block = fresh;
        if stable {
            break;
        }
    }
    let count = block.iter().copied().max().map_or(0, |m| m + 1);
    let mut next = vec![Vec::new(); count];
    let mut finals = vec![false; count];
    for s in 0..n {
        let b = block[s];
        if next[b].is_empty() {
            next[b] = dfa.next[s].iter().map(|t| t.map(|t| block[t])).collect();
            finals[b] = dfa.finals[s];
        }
    }
    Ok(Dfa { next, finals })
}

/// Whether a node is the empty string.
fn is_empty(n: &Node) -> bool {
    matches!(n, Node::Cat(items) if items.is_empty())
}

/// A concatenation, with `X X*` and `X* X` read as `X+`.
fn cat(parts: Vec<Node>) -> Node {
    let flat = match Node::cat(parts) {
        Node::Cat(items) => items,
        other => vec![other],
    };
    let mut out: Vec<Node> = Vec::with_capacity(flat.len());
    for item in flat {
        let body = match out.last() {
            Some(prev) if is_star_of(&item, prev) => prev.clone(),
            Some(prev) if is_star_of(prev, &item) => item,
            _ => {
                out.push(item);
                continue;
            }
        };
        out.pop();
        out.push(Node::repeat(body, 1, None));
    }
    Node::cat(out)
}

/// Whether `x` is `body*`.
fn is_star_of(x: &Node, body: &Node) -> bool {
    matches!(x, Node::Repeat(r) if r.min == 0 && r.max.is_none() && r.body == *body)
}

fn star(x: Node) -> Node {
    match x {
        Node::Repeat(r) if r.max.is_none() || r.max == Some(1) => {
            let Repeat { body, .. } = *r;
            Node::repeat(body, 0, None)
        }
        other => Node::repeat(other, 0, None),
    }
}

/// An alternation: equal branches merged, one-character branches joined into
/// one class, common first and last items factored out, the empty branch
/// written as `?`.
fn alt(branches: Vec<Node>) -> Node {
    let mut flat: Vec<Node> = Vec::new();
    for b in branches {
        match b {
            Node::Alt(inner) => flat.extend(inner),
            // `X?` is `X|` (its class may join others).
            Node::Repeat(r) if r.min == 0 && r.max == Some(1) => {
                flat.push(r.body);
                flat.push(Node::empty());
            }
            other => flat.push(other),
        }
    }
    let mut out: Vec<Node> = Vec::new();
    let mut empty = false;
    for b in flat {
        if is_empty(&b) {
            empty = true;
            continue;
        }
        if out.contains(&b) {
            continue;
        }
        if let Node::Set(s) = &b {
            if let Some(Node::Set(prev)) = out.iter_mut().find(|x| matches!(x, Node::Set(_))) {
                prev.set = prev.set.union_with(&s.set);
                continue;
            }
        }
        out.push(b);
    }
    let body = if out.len() >= 2 {
        factor(out)
    } else {
        out.pop().unwrap_or_else(Node::empty)
    };
    if !empty {
        return body;
    }
    if is_empty(&body) || body.nullable() {
        return body;
    }
    match body {
        // `(?:X+)?` is `X*`.
        Node::Repeat(r) if r.min == 1 && r.max.is_none() => Node::repeat(r.body, 0, None),
        other => Node::repeat(other, 0, Some(1)),
    }
}

/// `a X | a Y` -> `a (X|Y)`, `X a | Y a` -> `(X|Y) a` (all branches sharing it).
fn factor(branches: Vec<Node>) -> Node {
    let lists: Vec<Vec<Node>> = branches.iter().map(|b| b.items().to_vec()).collect();
    if lists.iter().all(|l| !l.is_empty()) {
        let head = lists[0][0].clone();
        if lists.iter().all(|l| l[0] == head) {
            let rest = lists
                .into_iter()
                .map(|l| Node::cat(l[1..].to_vec()))
                .collect();
            return cat(vec![head, alt(rest)]);
        }
        let tail = lists[0][lists[0].len() - 1].clone();
        if lists.iter().all(|l| l[l.len() - 1] == tail) {
            let rest = lists
                .into_iter()
                .map(|l| Node::cat(l[..l.len() - 1].to_vec()))
                .collect();
            return cat(vec![alt(rest), tail]);
        }
    }
    Node::Alt(branches)
}

/// The number of nodes of an expression: what building it copies.
fn weight(n: &Node) -> usize {
    match n {
        Node::Cat(items) | Node::Alt(items) => items.iter().map(weight).sum::<usize>() + 1,
        Node::Repeat(r) => weight(&r.body) + 1,
        Node::Look(_, body) => weight(body) + 1,
        Node::Set(_) | Node::Assert(_) => 1,
    }
}

/// State elimination: the expression of the language of `dfa`; `None` when
/// an expression under construction has more than `cap` nodes. Each path
/// built counts the nodes it copies; their number, not the automaton's size,
/// is what grows (exponentially, for `(a?:?){16}`'s counter-like automaton).
fn expression(
    dfa: &Dfa,
    atoms: &[CharSet],
    cap: usize,
    work: &mut Work,
) -> Result<Option<Node>, Skip> {
    let k = dfa.finals.len();
    let size = k + 2;
    let mut m = steps(dfa, atoms);
    // Nodes of each expression (every initial one is a class or empty).
    let mut w: Vec<Vec<usize>> = vec![vec![1; size]; size];
    let mut remaining: Vec<usize> = (0..k).collect();
    while !remaining.is_empty() {
        work.spend((size * size) as u64)?;
        // The state with the fewest paths through it.
        let mut best = 0;
        let mut best_cost = usize::MAX;
        for (i, &x) in remaining.iter().enumerate() {
            let ins = (0..size).filter(|&p| p != x && m[p][x].is_some()).count();
            let outs = (0..size).filter(|&q| q != x && m[x][q].is_some()).count();
            if ins * outs < best_cost {
                best_cost = ins * outs;
                best = i;
            }
        }
        let x = remaining.remove(best);
        if !eliminate(&mut m, &mut w, x, cap, work)? {
            return Ok(None);
        }
    }
    Ok(m[k][k + 1].take())
}

/// The one-step expressions between the states of `dfa` and two added ones,
/// a start (`k`, the number of states) and an end (`k + 1`): `m[p][q]` reads
/// from `p` to `q`.
fn steps(dfa: &Dfa, atoms: &[CharSet]) -> Vec<Vec<Option<Node>>> {
    let k = dfa.finals.len();
    let mut m: Vec<Vec<Option<Node>>> = vec![vec![None; k + 2]; k + 2];
    m[k][0] = Some(Node::empty());
    for s in 0..k {
        if dfa.finals[s] {
            m[s][k + 1] = Some(Node::empty());
        }
        let mut labels: Vec<Option<CharSet>> = vec![None; k];
        for (a, t) in dfa.next[s].iter().enumerate() {
            if let Some(t) = *t {
                let l = labels[t].take().unwrap_or_default();
                labels[t] = Some(l.union_with(&atoms[a]));
            }
        }
        for (t, l) in labels.into_iter().enumerate() {
            if let Some(l) = l {
                m[s][t] = Some(Node::set(l));
            }
        }
    }
    m
}

/// Removes state `x`: each path `p -> x -> q` (around `x`'s loop, if any)
/// joins `m[p][q]`, whose nodes `w[p][q]` counts. False as soon as a cell
/// has more than `cap` nodes.
fn eliminate(
    m: &mut [Vec<Option<Node>>],
    w: &mut [Vec<usize>],
    x: usize,
    cap: usize,
    work: &mut Work,
) -> Result<bool, Skip> {
    let size = m.len();
    let looped = m[x][x].take().map(star);
    let wl = looped.as_ref().map_or(0, |_| w[x][x] + 1);
    for p in 0..size {
        if p == x {
            continue;
        }
        let Some(into) = m[p][x].clone() else {
            continue;
        };
        for q in 0..size {
            if q == x {
                continue;
            }
            let Some(out) = m[x][q].clone() else { continue };
            let old_w = if m[p][q].is_some() { w[p][q] } else { 0 };
            work.spend((w[p][x] + wl + w[x][q] + old_w + 2) as u64)?;
            let mut parts = vec![into.clone()];
            if let Some(l) = &looped {
                parts.push(l.clone());
            }
            parts.push(out);
            let path = cat(parts);
            let cell = match m[p][q].take() {
                None => path,
                Some(old) => alt(vec![old, path]),
            };
            w[p][q] = weight(&cell);
            if w[p][q] > cap {
                return Ok(false);
            }
            m[p][q] = Some(cell);
        }
    }
    for row in m.iter_mut() {
        row[x] = None;
    }
    for cell in m[x].iter_mut() {
        *cell = None;
    }
    Ok(true)
}

/// An unambiguous expression for the language of a pure node, if one of
/// reasonable size is found.
pub fn rewrite(node: &Node, work: &mut Work) -> Result<Option<Node>, Skip> {
    let Some(nfa) = Builder::new(Mode::Language, work, MAX_NFA_STATES).build(node)? else {
        return Ok(None);
    };
    let atoms = atoms(&nfa.labels, work)?;
    let Some(dfa) = determinize(&nfa, &atoms, work)? else {
        return Ok(None);
    };
    let dfa = minimize(&dfa, work)?;
    let limit = (4 * emit::pattern(node).len() + 64).max(MAX_EXPRESSION_BYTES);
    // An expression of more than `3 * limit + 1` nodes is longer than `limit`
    // (each class, quantifier and `|` is at least a byte; a concatenation
    // node is a branch, a body or the whole).
    let cap = (3 * limit + 1).min(MAX_STRUCTURE);
    let Some(expr) = expression(&dfa, &atoms, cap, work)? else {
        return Ok(None);
    };
    if emit::pattern(&expr).len() > limit {
        return Ok(None);
    }
    Ok(Some(expr))
}
