//! Stage `backtrack`: no emitted pattern may make a backtracking engine (V8's
//! irregexp, which ajv and most JSON Schema validators use) take exponential
//! or high polynomial time.
//!
//! A failing match makes a backtracking engine try every way the pattern can
//! read every prefix of the subject. The stage checks the automaton of those
//! ways (`automaton`: a state per character class, a weight of 2 on edges
//! with two routes, counted repeats unrolled when small and unambiguous, else
//! read as loops: `(?:[a-z]{1,10}){1,100}` is a loop, and is flagged).
//!
//! * Exponential: two different cycles with the same label from one state (in
//!   the product automaton, a strongly connected component with a diagonal
//!   state and a divergence). `(a|a)*`, `(a+)+`, `([_.-]?[a-z0-9]+)*`.
//! * Polynomial of degree `d`: a chain of `d` pairs of states `p != q` with a
//!   word `w` such that `p -w-> p`, `p -w-> q`, `q -w-> q` (found in the
//!   triple product). A failing match then costs `n^(d+1)`, times `n` when the
//!   pattern is not anchored at the start (the engine retries at every
//!   position). Work of `n^3` or more is refused: `^a*a*a*$`, `a+b*a+x`
//!   unanchored.
//!
//! Lookaround bodies are separate searches, run at every position (or once,
//! right after a leading `^`). A flagged pattern gets its quantified pure
//! parts (no assertions) rewritten through the `dfa` stage into an
//! unambiguous expression of the same language; if that does not clear it,
//! the pattern is refused with `regex_backtracking`.
//!
//! Mirrors `php/src/Backtrack.php`.

// Index loops mirror the PHP twin line by line.
#![allow(clippy::needless_range_loop)]

use std::collections::{BTreeMap, HashMap, HashSet};

use super::automaton::{Builder, Mode, Nfa, UNROLL_LIMIT};
use super::charset::CharSet;
use super::dfa;
use super::ir::{Assert, Node};
use super::{skip, Skip, Work, BACKTRACKING};

/// Highest accepted work exponent (`n^2`).
const MAX_WORK_DEGREE: u32 = 2;

/// Whether some string can be read by the node in two ways (prefixes count:
/// a failing match tries them all).
pub(crate) fn ambiguous(node: &Node, work: &mut Work) -> Result<bool, Skip> {
    let nfa = match Builder::new(Mode::Routes, work, UNROLL_LIMIT + 1).build(node)? {
        Some(n) => n,
        None => return Ok(true),
    };
    if nfa.first.iter().any(|&(_, w)| w >= 2) || nfa.last.iter().any(|&(_, w)| w >= 2) {
        return Ok(true);
    }
    let pairs = product(&nfa, work)?;
    Ok(pairs.diverges)
}

/// Whether two states' classes share a character, cached by class (patterns
/// repeat the same few classes; the cache holds the pairs asked about only).
struct Overlap {
    id: Vec<usize>,
    cache: HashMap<(usize, usize), bool>,
}

impl Overlap {
    fn new(labels: &[CharSet]) -> Overlap {
        let mut seen: HashMap<&[(u32, u32)], usize> = HashMap::new();
        let mut id = Vec::with_capacity(labels.len());
        for l in labels {
            let next = seen.len();
            id.push(*seen.entry(l.ranges.as_slice()).or_insert(next));
        }
        Overlap {
            id,
            cache: HashMap::new(),
        }
    }

    fn test(&mut self, labels: &[CharSet], p: usize, q: usize) -> bool {
        *self
            .cache
            .entry((self.id[p], self.id[q]))
            .or_insert_with(|| labels[p].intersects(&labels[q]))
    }
}

/// The reachable part of the product automaton (pairs of states reading the
/// same characters).
struct Product {
    /// Pair index -> (p, q).
    pairs: Vec<(usize, usize)>,
    /// Successors of each pair, and whether the step is a divergence on the
    /// diagonal (one state, two routes).
    edges: Vec<Vec<(usize, bool)>>,
    /// Whether any reachable pair is off the diagonal, or any diagonal step
    /// has two routes.
    diverges: bool,
}

fn product(nfa: &Nfa, work: &mut Work) -> Result<Product, Skip> {
    let mut overlap = Overlap::new(&nfa.labels);
    let mut index: HashMap<(usize, usize), usize> = HashMap::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut edges: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut diverges = false;
    let mut queue: Vec<usize> = Vec::new();
    let mut intern = |p: usize,
                      q: usize,
                      pairs: &mut Vec<(usize, usize)>,
                      edges: &mut Vec<Vec<(usize, bool)>>,
                      queue: &mut Vec<usize>|
     -> usize {
        if let Some(&i) = index.get(&(p, q)) {
            return i;
        }
        let i = pairs.len();
        index.insert((p, q), i);
        pairs.push((p, q));
        edges.push(Vec::new());
        queue.push(i);
        i
    };
    for &(p, wp) in &nfa.first {
        for &(q, _) in &nfa.first {
            work.spend(1)?;
            if p != q && !overlap.test(&nfa.labels, p, q) {
                continue;
            }
            if p != q || wp >= 2 {
                diverges = true;
            }
            intern(p, q, &mut pairs, &mut edges, &mut queue);
        }
    }
    work.fits(pairs.len())?;
    let mut k = 0;
    while k < queue.len() {
        let i = queue[k];
        k += 1;
        let (p, q) = pairs[i];
        let fp = &nfa.follow[p];
        let fq = &nfa.follow[q];
        work.spend((fp.len() * fq.len()) as u64 + 1)?;
        let mut out = Vec::new();
        for &(p2, wp) in fp {
            for &(q2, _) in fq {
                if p2 != q2 && !overlap.test(&nfa.labels, p2, q2) {
                    continue;
                }
                let split = p == q && p2 == q2 && wp >= 2;
                if p2 != q2 || split {
                    diverges = true;
                }
                let j = intern(p2, q2, &mut pairs, &mut edges, &mut queue);
                out.push((j, split));
            }
        }
        edges[i] = out;
        work.fits(pairs.len())?;
    }
    Ok(Product {
        pairs,
        edges,
        diverges,
    })
}

/// The successors of each node, without what labels the edges.
fn targets<T>(edges: &[Vec<(usize, T)>]) -> Vec<Vec<usize>> {
    edges
        .iter()
        .map(|e| e.iter().map(|&(j, _)| j).collect())
        .collect()
}

/// Strongly connected components (iterative Tarjan): component of each node.
fn components(succ: &[Vec<usize>], work: &mut Work) -> Result<Vec<usize>, Skip> {
    let n = succ.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut comp = vec![usize::MAX; n];
    let mut next_index = 0;
    let mut next_comp = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut e)) = call.last_mut() {
            work.spend(1)?;
            if *e < succ[v].len() {
                let w = succ[v][*e];
                *e += 1;
                if index[w] == usize::MAX {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp[w] = next_comp;
                        if w == v {
                            break;
                        }
                    }
                    next_comp += 1;
                }
            }
        }
    }
    Ok(comp)
}

/// The ambiguity checks of one automaton: `Some(true)` when flagged.
/// `needed`: the polynomial degree that is refused (1 or 2).
fn ambiguity(nfa: &Nfa, needed: u32, work: &mut Work) -> Result<bool, Skip> {
    let n = nfa.labels.len();
    let succ = targets(&nfa.follow);
    let comp = components(&succ, work)?;
    // States on a cycle; without two of them, or a loop with two routes,
    // there is neither exponential nor polynomial ambiguity.
    let loops: Vec<usize> = (0..n)
        .filter(|&p| succ[p].iter().any(|&q| comp[q] == comp[p]))
        .collect();
    let split_loop = (0..n).any(|p| nfa.follow[p].iter().any(|&(q, w)| q == p && w >= 2));
    if loops.len() < 2 && !split_loop {
        return Ok(false);
    }
    let prod = product(nfa, work)?;
    if !prod.diverges {
        return Ok(false);
    }
    let Some(candidate) = cycling_pairs(&prod, work)? else {
        return Ok(true);
    };
    if candidate.is_empty() {
        return Ok(false);
    }
    let reach = reachable(&loops, &succ, work)?;
    // Stop at the first chain of `needed` pairs (the second reachable from the first).
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for &p in &loops {
        for &q in &loops {
            if p == q || comp[p] == comp[q] || !reach[p][q] || !candidate.contains(&(p, q)) {
                continue;
            }
            if !triple(nfa, &succ, &comp, p, q, work)? {
                continue;
            }
            if needed <= 1 {
                return Ok(true);
            }
            for &(p0, q0) in &pairs {
                work.spend(1)?;
                if q0 == p || reach[q0][p] || q == p0 || reach[q][p0] {
                    return Ok(true);
                }
            }
            pairs.push((p, q));
        }
    }
    Ok(false)
}

/// The pairs `p != q` on a cycle of the product: for some string `w`,
/// `p -w-> p`, `p -w-> q` and `q -w-> q`. `None` when the automaton is
/// exponentially ambiguous: a component of the product with a diagonal pair
/// and a divergence (an off-diagonal pair, or a step with two routes).
fn cycling_pairs(prod: &Product, work: &mut Work) -> Result<Option<HashSet<(usize, usize)>>, Skip> {
    let pcomp = components(&targets(&prod.edges), work)?;
    let ncomp = pcomp.iter().copied().max().map_or(0, |m| m + 1);
    let mut diagonal = vec![false; ncomp];
    let mut split = vec![false; ncomp];
    let mut candidate = HashSet::new();
    for (i, &(p, q)) in prod.pairs.iter().enumerate() {
        let c = pcomp[i];
        if p == q {
            diagonal[c] = true;
        }
        for &(j, sp) in &prod.edges[i] {
            if pcomp[j] == c {
                if p != q {
                    candidate.insert((p, q));
                }
                if sp || p != q {
                    split[c] = true;
                }
            }
        }
    }
    if (0..ncomp).any(|c| diagonal[c] && split[c]) {
        return Ok(None);
    }
    Ok(Some(candidate))
}

/// The states reachable from each looping state (the others' rows empty).
fn reachable(
    loops: &[usize],
    succ: &[Vec<usize>],
    work: &mut Work,
) -> Result<Vec<Vec<bool>>, Skip> {
    let n = succ.len();
    let mut reach: Vec<Vec<bool>> = vec![Vec::new(); n];
    for &p in loops {
        work.spend(n as u64)?;
        let mut seen = vec![false; n];
        let mut stack = vec![p];
        seen[p] = true;
        while let Some(x) = stack.pop() {
            for &y in &succ[x] {
                if !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        reach[p] = seen;
    }
    Ok(reach)
}

/// Whether some word leads p to p, p to q and q to q (search in the triple
/// product, the first component kept in p's component and the third in q's).
fn triple(
    nfa: &Nfa,
    succ: &[Vec<usize>],
    comp: &[usize],
    p: usize,
    q: usize,
    work: &mut Work,
) -> Result<bool, Skip> {
    let mut seen: HashSet<(usize, usize, usize)> = HashSet::new();
    let mut stack = vec![(p, p, q)];
    seen.insert((p, p, q));
    while let Some((x, y, z)) = stack.pop() {
        work.spend(1)?;
        work.fits(seen.len())?;
        for &x2 in &succ[x] {
            if comp[x2] != comp[p] {
                continue;
            }
            for &y2 in &succ[y] {
                work.spend(1)?;
                let xy = nfa.labels[x2].intersect(&nfa.labels[y2]);
                if xy.is_empty() {
                    continue;
                }
                for &z2 in &succ[z] {
                    work.spend(1)?;
                    if comp[z2] != comp[q] || !xy.intersects(&nfa.labels[z2]) {
                        continue;
                    }
                    if (x2, y2, z2) == (p, q, q) {
                        return Ok(true);
                    }
                    if seen.insert((x2, y2, z2)) {
                        stack.push((x2, y2, z2));
                    }
                }
            }
        }
    }
    Ok(false)
}

/// Most routes one string may take through the acyclic part of the automaton
/// (`a?a?a?...aaa`: no cycle, yet 2^28 routes for 28 letters).
const MAX_ROUTES: u32 = 1024;

/// Whether some string has more than [`MAX_ROUTES`] routes through the
/// acyclic part of the automaton (edges inside a strongly connected component
/// left out: cycles are the business of the exponential and degree checks).
/// Counts one step at a time over the atoms of the classes; sets of states
/// reached by different strings are merged, keeping the larger count of each
/// state (an over-estimate, never an under-estimate).
fn bounded_blowup(nfa: &Nfa, work: &mut Work) -> Result<bool, Skip> {
    let succ = targets(&nfa.follow);
    let comp = components(&succ, work)?;
    let atoms = dfa::atoms(&nfa.labels, work)?;
    let holds = dfa::holds(&nfa.labels, &atoms, work)?;
    let cap = MAX_ROUTES + 1;
    // Counts by state, sorted by state.
    type Counts = Vec<(usize, u32)>;
    let mut frontier: Vec<Counts> = vec![Vec::new()];
    let mut start = true;
    while !frontier.is_empty() {
        // Sets of states reached (in order of appearance) and their counts.
        let mut merged: Vec<Counts> = Vec::new();
        let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
        for counts in &frontier {
            for a in 0..atoms.len() {
                work.spend(counts.len() as u64 + 1)?;
                let mut next: BTreeMap<usize, u32> = BTreeMap::new();
                if start {
                    work.spend(nfa.first.len() as u64)?;
                    for &(q, w) in &nfa.first {
                        if holds[q][a] {
                            let e = next.entry(q).or_insert(0);
                            *e = (*e + u32::from(w)).min(cap);
                        }
                    }
                } else {
                    for &(p, c) in counts {
                        work.spend(nfa.follow[p].len() as u64)?;
                        for &(q, w) in &nfa.follow[p] {
                            if comp[q] != comp[p] && holds[q][a] {
                                let e = next.entry(q).or_insert(0);
                                *e = (*e + c.saturating_mul(u32::from(w)).min(cap)).min(cap);
                            }
                        }
                    }
                }
                if next.is_empty() {
                    continue;
                }
                let total = next.values().fold(0u32, |t, &c| t.saturating_add(c));
                if total > MAX_ROUTES {
                    return Ok(true);
                }
                let key: Vec<usize> = next.keys().copied().collect();
                match index.get(&key) {
                    Some(&i) => {
                        for (x, (_, &c)) in merged[i].iter_mut().zip(&next) {
                            x.1 = x.1.max(c);
                        }
                    }
                    None => {
                        index.insert(key, merged.len());
                        merged.push(next.into_iter().collect());
                        work.fits(merged.len())?;
                    }
                }
            }
        }
        // Merged counts may have grown: check again.
        for m in &merged {
            if m.iter().fold(0u32, |t, e| t.saturating_add(e.1)) > MAX_ROUTES {
                return Ok(true);
            }
        }
        frontier = merged;
        start = false;
    }
    Ok(false)
}

/// A search unit: the whole pattern, or a lookaround body.
fn flagged(node: &Node, extra: u32, work: &mut Work) -> Result<bool, Skip> {
    let Some(nfa) = Builder::new(Mode::Routes, work, usize::MAX).build(node)? else {
        return Ok(true);
    };
    // Work n^(d + 1 + extra) is refused above n^MAX_WORK_DEGREE.
    let needed = MAX_WORK_DEGREE.saturating_sub(extra).max(1);
    Ok(nfa.hazard || ambiguity(&nfa, needed, work)? || bounded_blowup(&nfa, work)?)
}

/// Whether every top-level alternative starts with `^` (no retry at every position).
fn anchored_start(root: &Node) -> bool {
    let starts = |b: &Node| matches!(b.items().first(), Some(Node::Assert(Assert::Start)));
    match root {
        Node::Alt(branches) => branches.iter().all(starts),
        other => starts(other),
    }
}

/// The lookaround bodies of a tree with their extra work exponent: 0 right
/// after a leading `^` of a top-level alternative (run once), else 1.
fn lookarounds<'n>(root: &'n Node, out: &mut Vec<(&'n Node, u32)>) {
    fn walk<'n>(node: &'n Node, out: &mut Vec<(&'n Node, u32)>) {
        match node {
            Node::Look(_, body) => {
                out.push((body, 1));
                walk(body, out);
            }
            Node::Cat(items) | Node::Alt(items) => items.iter().for_each(|i| walk(i, out)),
            Node::Repeat(r) => walk(&r.body, out),
            _ => {}
        }
    }
    let branches: &[Node] = match root {
        Node::Alt(b) => b,
        other => std::slice::from_ref(other),
    };
    for b in branches {
        let items = b.items();
        let mut fixed = matches!(items.first(), Some(Node::Assert(Assert::Start)));
        for (i, item) in items.iter().enumerate() {
            if i > 0 && !matches!(item, Node::Look(..)) {
                fixed = false;
            }
            match item {
                Node::Look(_, body) if fixed => {
                    out.push((body, 0));
                    walk(body, out);
                }
                other => walk(other, out),
            }
        }
    }
}

fn check_all(root: &Node, work: &mut Work) -> Result<bool, Skip> {
    let extra = if anchored_start(root) { 0 } else { 1 };
    if flagged(root, extra, work)? {
        return Ok(true);
    }
    let mut looks = Vec::new();
    lookarounds(root, &mut looks);
    for (body, extra) in looks {
        if flagged(body, extra, work)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Rewrites, innermost first, every pure quantified part that is flagged on
/// its own, then every run of pure items of a concatenation that is.
fn rewrite_parts(node: Node, segments: bool, work: &mut Work) -> Result<Node, Skip> {
    Ok(match node {
        Node::Cat(items) => {
            let mut out: Vec<Node> = Vec::with_capacity(items.len());
            for item in items {
                out.push(rewrite_parts(item, segments, work)?);
            }
            if segments {
                out = rewrite_segments(out, work)?;
            }
            Node::cat(out)
        }
        Node::Alt(branches) => {
            let mut out = Vec::with_capacity(branches.len());
            for b in branches {
                out.push(rewrite_parts(b, segments, work)?);
            }
            Node::alt(out)
        }
        Node::Look(kind, body) => Node::Look(kind, Box::new(rewrite_parts(*body, segments, work)?)),
        Node::Repeat(mut r) => {
            r.body = rewrite_parts(r.body, segments, work)?;
            let node = Node::Repeat(r);
            if node.pure() && flagged(&node, 1, work)? {
                if let Some(new) = dfa::rewrite(&node, work)? {
                    return Ok(new);
                }
            }
            node
        }
        other => other,
    })
}

fn rewrite_segments(items: Vec<Node>, work: &mut Work) -> Result<Vec<Node>, Skip> {
    let mut out: Vec<Node> = Vec::with_capacity(items.len());
    let mut run: Vec<Node> = Vec::new();
    let flush = |run: &mut Vec<Node>, out: &mut Vec<Node>, work: &mut Work| -> Result<(), Skip> {
        if run.len() >= 2 {
            let seg = Node::cat(std::mem::take(run));
            if flagged(&seg, 1, work)? {
                if let Some(new) = dfa::rewrite(&seg, work)? {
                    out.push(new);
                    return Ok(());
                }
            }
            out.extend(seg.items().iter().cloned());
        } else {
            out.append(run);
        }
        Ok(())
    };
    for item in items {
        if item.pure() {
            run.push(item);
        } else {
            flush(&mut run, &mut out, work)?;
            out.push(item);
        }
    }
    flush(&mut run, &mut out, work)?;
    Ok(out)
}

/// The tree, rewritten if needed, or a skip.
pub fn ensure(root: Node, work: &mut Work) -> Result<Node, Skip> {
    if !check_all(&root, work)? {
        return Ok(root);
    }
    let root = rewrite_parts(root, false, work)?;
    if !check_all(&root, work)? {
        return Ok(root);
    }
    let root = rewrite_parts(root, true, work)?;
    if !check_all(&root, work)? {
        return Ok(root);
    }
    Err(skip(
        BACKTRACKING,
        "a backtracking engine could take exponential or high polynomial time on this pattern",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(body: &str) -> bool {
        let m = super::super::delimiters::split(body).expect("split").1;
        let (b, _) = super::super::delimiters::split(body).expect("split");
        let mut work = Work::new();
        let parsed =
            super::super::parser::parse(b, &m, super::super::pcre::Version::V10_42, &mut work)
                .expect("parse");
        check_all(&parsed.root, &mut work).expect("within budget")
    }

    #[test]
    fn flags_exponential_and_cubic_patterns() {
        for p in [
            "/^(a|a)*$/",
            "/^(a+)+$/",
            "/^(a*)*$/",
            "/^([_.-]?[a-z0-9]+)*$/",
            "/^(a|a){1,30}$/",
            "/^(a+){1,30}$/",
            "/^a*a*a*$/",
            "/a+b*a+x/",
            "/^(?:[a-z]{1,10}){1,100}$/",
            "/^a?a?a?a?a?a?a?a?a?a?a?aaaaaaaaaaa$/",
            "/^(?:a?){28}a{28}$/",
        ] {
            assert!(verdict(p), "{p} should be flagged");
        }
        for p in [
            "/^[a-z0-9]+(?:-[a-z0-9]+)*$/",
            "/^\\S+@\\S+$/",
            "/^#([0-9a-fA-F]{3}){1,2}$/",
            "/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/",
            "/^(?=.*[A-Z])(?=.*\\d).{8,}$/u",
            "/^(a|b)*$/",
            "/^(?:ab|ac)*$/",
        ] {
            assert!(!verdict(p), "{p} should pass");
        }
    }
}
