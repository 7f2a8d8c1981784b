<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `backtrack`: no emitted pattern may make a backtracking engine (V8's
 * irregexp, which ajv and most JSON Schema validators use) take exponential
 * or high polynomial time. See src/backtrack.rs for the model: the
 * automaton of the engine's routes (Automaton), exponential ambiguity in the
 * product automaton, polynomial degree in the triple product, work exponent
 * `degree + 1` (+1 unanchored) at most 2; flagged pure parts are rewritten
 * through Dfa.
 * Mirrors `src/backtrack.rs`.
 *
 * @internal
 */
final class Backtrack
{
    /** Highest accepted work exponent (`n^2`). */
    private const MAX_WORK_DEGREE = 2;

    /** Whether some string can be read by the node in two ways (prefixes count). */
    public static function ambiguous(array $node, Work $work): bool
    {
        $nfa = Automaton::build($node, Automaton::ROUTES, $work, Automaton::UNROLL_LIMIT + 1);
        if ($nfa === null) {
            return true;
        }
        foreach ([$nfa['first'], $nfa['last']] as $list) {
            foreach ($list as [, $w]) {
                if ($w >= 2) {
                    return true;
                }
            }
        }
        return self::product($nfa, $work)['diverges'];
    }

    /**
     * The reachable part of the product automaton: pairs, their successors
     * ([pair, split]), and whether anything diverges.
     *
     * @return array{pairs: list<array{0: int, 1: int}>, edges: list<list<array{0: int, 1: bool}>>, diverges: bool}
     */
    private static function product(array $nfa, Work $work): array
    {
        $labels = $nfa['labels'];
        // Whether two states' classes share a character, cached by class.
        $ids = [];
        $id = [];
        foreach ($labels as $l) {
            $key = json_encode($l->ranges);
            $ids[$key] ??= \count($ids);
            $id[] = $ids[$key];
        }
        $classes = \count($ids);
        $cache = [];
        $n = \count($labels);
        $index = [];
        $pairs = [];
        $edges = [];
        $diverges = false;
        foreach ($nfa['first'] as [$p, $wp]) {
            foreach ($nfa['first'] as [$q]) {
                $work->spend(1);
                if ($p !== $q) {
                    $c = $id[$p] * $classes + $id[$q];
                    if (!($cache[$c] ??= $labels[$p]->intersects($labels[$q]))) {
                        continue;
                    }
                }
                if ($p !== $q || $wp >= 2) {
                    $diverges = true;
                }
                $key = $p * $n + $q;
                if (!isset($index[$key])) {
                    $index[$key] = \count($pairs);
                    $pairs[] = [$p, $q];
                    $edges[] = [];
                }
            }
        }
        $work->fits(\count($pairs));
        for ($i = 0; $i < \count($pairs); $i++) {
            [$p, $q] = $pairs[$i];
            $fp = $nfa['follow'][$p];
            $fq = $nfa['follow'][$q];
            $work->spend(\count($fp) * \count($fq) + 1);
            $out = [];
            foreach ($fp as [$p2, $wp]) {
                foreach ($fq as [$q2]) {
                    if ($p2 !== $q2) {
                        $c = $id[$p2] * $classes + $id[$q2];
                        if (!($cache[$c] ??= $labels[$p2]->intersects($labels[$q2]))) {
                            continue;
                        }
                    }
                    $split = $p === $q && $p2 === $q2 && $wp >= 2;
                    if ($p2 !== $q2 || $split) {
                        $diverges = true;
                    }
                    $key = $p2 * $n + $q2;
                    if (!isset($index[$key])) {
                        $index[$key] = \count($pairs);
                        $pairs[] = [$p2, $q2];
                        $edges[] = [];
                    }
                    $out[] = [$index[$key], $split];
                }
            }
            $edges[$i] = $out;
            $work->fits(\count($pairs));
        }
        return ['pairs' => $pairs, 'edges' => $edges, 'diverges' => $diverges];
    }

    /**
     * The successors of each node, without what labels the edges.
     *
     * @param list<list<array{0: int, 1: mixed}>> $edges
     * @return list<list<int>>
     */
    private static function targets(array $edges): array
    {
        $out = [];
        foreach ($edges as $list) {
            $out[] = array_map(static fn (array $e): int => $e[0], $list);
        }
        return $out;
    }

    /**
     * Strongly connected components (iterative Tarjan): component of each node.
     *
     * @param list<list<int>> $succ
     * @return list<int>
     */
    private static function components(array $succ, Work $work): array
    {
        $n = \count($succ);
        $index = array_fill(0, $n, -1);
        $low = array_fill(0, $n, 0);
        $onStack = array_fill(0, $n, false);
        $stack = [];
        $comp = array_fill(0, $n, -1);
        $nextIndex = 0;
        $nextComp = 0;
        for ($root = 0; $root < $n; $root++) {
            if ($index[$root] !== -1) {
                continue;
            }
            $call = [[$root, 0]];
            $index[$root] = $nextIndex;
            $low[$root] = $nextIndex;
            $nextIndex++;
            $stack[] = $root;
            $onStack[$root] = true;
            while ($call !== []) {
                $top = \count($call) - 1;
                [$v, $e] = $call[$top];
                $work->spend(1);
                if ($e < \count($succ[$v])) {
                    $w = $succ[$v][$e];
                    $call[$top][1] = $e + 1;
                    if ($index[$w] === -1) {
                        $index[$w] = $nextIndex;
                        $low[$w] = $nextIndex;
                        $nextIndex++;
                        $stack[] = $w;
                        $onStack[$w] = true;
                        $call[] = [$w, 0];
                    } elseif ($onStack[$w]) {
                        $low[$v] = min($low[$v], $index[$w]);
                    }
                } else {
                    array_pop($call);
                    if ($call !== []) {
                        $parent = $call[\count($call) - 1][0];
                        $low[$parent] = min($low[$parent], $low[$v]);
                    }
                    if ($low[$v] === $index[$v]) {
                        while ($stack !== []) {
                            $w = array_pop($stack);
                            $onStack[$w] = false;
                            $comp[$w] = $nextComp;
                            if ($w === $v) {
                                break;
                            }
                        }
                        $nextComp++;
                    }
                }
            }
        }
        return $comp;
    }

    /**
     * The ambiguity checks of one automaton: true when flagged.
     * `needed`: the polynomial degree that is refused (1 or 2).
     */
    private static function ambiguity(array $nfa, int $needed, Work $work): bool
    {
        $n = \count($nfa['labels']);
        $succ = self::targets($nfa['follow']);
        $comp = self::components($succ, $work);
        // States on a cycle; without two of them, or a loop with two routes,
        // there is neither exponential nor polynomial ambiguity.
        $loops = [];
        $splitLoop = false;
        for ($p = 0; $p < $n; $p++) {
            foreach ($succ[$p] as $q) {
                if ($comp[$q] === $comp[$p]) {
                    $loops[] = $p;
                    break;
                }
            }
            foreach ($nfa['follow'][$p] as [$q, $w]) {
                if ($q === $p && $w >= 2) {
                    $splitLoop = true;
                }
            }
        }
        if (\count($loops) < 2 && !$splitLoop) {
            return false;
        }
        $prod = self::product($nfa, $work);
        if (!$prod['diverges']) {
            return false;
        }
        $candidate = self::cyclingPairs($prod, $work);
        if ($candidate === null) {
            return true;
        }
        if ($candidate === []) {
            return false;
        }
        $reach = self::reachable($loops, $succ, $work);
        // Stop at the first chain of `needed` pairs (the second reachable from the first).
        $pairs = [];
        foreach ($loops as $p) {
            foreach ($loops as $q) {
                if ($p === $q || $comp[$p] === $comp[$q] || !$reach[$p][$q] || !isset($candidate[$p . ',' . $q])) {
                    continue;
                }
                if (!self::triple($nfa, $succ, $comp, $p, $q, $work)) {
                    continue;
                }
                if ($needed <= 1) {
                    return true;
                }
                foreach ($pairs as [$p0, $q0]) {
                    $work->spend(1);
                    if ($q0 === $p || $reach[$q0][$p] || $q === $p0 || $reach[$q][$p0]) {
                        return true;
                    }
                }
                $pairs[] = [$p, $q];
            }
        }
        return false;
    }

    /**
     * The pairs `p != q` on a cycle of the product (keys "p,q"): for some
     * string `w`, `p -w-> p`, `p -w-> q` and `q -w-> q`. Null when the
     * automaton is exponentially ambiguous: a component of the product with a
     * diagonal pair and a divergence (an off-diagonal pair, or a step with two routes).
     *
     * @return array<string, true>|null
     */
    private static function cyclingPairs(array $prod, Work $work): ?array
    {
        $pcomp = self::components(self::targets($prod['edges']), $work);
        $diagonal = [];
        $split = [];
        $candidate = [];
        foreach ($prod['pairs'] as $i => [$p, $q]) {
            $c = $pcomp[$i];
            if ($p === $q) {
                $diagonal[$c] = true;
            }
            foreach ($prod['edges'][$i] as [$j, $sp]) {
                if ($pcomp[$j] === $c) {
                    if ($p !== $q) {
                        $candidate[$p . ',' . $q] = true;
                    }
                    if ($sp || $p !== $q) {
                        $split[$c] = true;
                    }
                }
            }
        }
        foreach ($diagonal as $c => $_) {
            if (isset($split[$c])) {
                return null;
            }
        }
        return $candidate;
    }

    /**
     * The states reachable from each looping state.
     *
     * @param list<int> $loops
     * @param list<list<int>> $succ
     * @return array<int, list<bool>>
     */
    private static function reachable(array $loops, array $succ, Work $work): array
    {
        $n = \count($succ);
        $reach = [];
        foreach ($loops as $p) {
            $work->spend($n);
            $seen = array_fill(0, $n, false);
            $stack = [$p];
            $seen[$p] = true;
            while ($stack !== []) {
                $x = array_pop($stack);
                foreach ($succ[$x] as $y) {
                    if (!$seen[$y]) {
                        $seen[$y] = true;
                        $stack[] = $y;
                    }
                }
            }
            $reach[$p] = $seen;
        }
        return $reach;
    }

    /**
     * Whether some word leads p to p, p to q and q to q (search in the triple
     * product, the first component kept in p's component and the third in q's).
     */
    private static function triple(array $nfa, array $succ, array $comp, int $p, int $q, Work $work): bool
    {
        $labels = $nfa['labels'];
        $seen = [$p . ',' . $p . ',' . $q => true];
        $stack = [[$p, $p, $q]];
        while ($stack !== []) {
            [$x, $y, $z] = array_pop($stack);
            $work->spend(1);
            $work->fits(\count($seen));
            foreach ($succ[$x] as $x2) {
                if ($comp[$x2] !== $comp[$p]) {
                    continue;
                }
                foreach ($succ[$y] as $y2) {
                    $work->spend(1);
                    $xy = $labels[$x2]->intersect($labels[$y2]);
                    if ($xy->isEmpty()) {
                        continue;
                    }
                    foreach ($succ[$z] as $z2) {
                        $work->spend(1);
                        if ($comp[$z2] !== $comp[$q] || !$xy->intersects($labels[$z2])) {
                            continue;
                        }
                        if ($x2 === $p && $y2 === $q && $z2 === $q) {
                            return true;
                        }
                        $key = $x2 . ',' . $y2 . ',' . $z2;
                        if (!isset($seen[$key])) {
                            $seen[$key] = true;
                            $stack[] = [$x2, $y2, $z2];
                        }
                    }
                }
            }
        }
        return false;
    }

    /** Most routes one string may take through the acyclic part of the automaton. */
    private const MAX_ROUTES = 1024;

    /**
     * Whether some string has more than MAX_ROUTES routes through the acyclic
     * part of the automaton (edges inside a strongly connected component left
     * out). Counts one step at a time over the atoms of the classes; sets of
     * states reached by different strings are merged, keeping the larger count
     * of each state (an over-estimate, never an under-estimate).
     */
    private static function boundedBlowup(array $nfa, Work $work): bool
    {
        $succ = self::targets($nfa['follow']);
        $comp = self::components($succ, $work);
        $atoms = Dfa::atoms($nfa['labels'], $work);
        $na = \count($atoms);
        $holds = Dfa::holds($nfa['labels'], $atoms, $work);
        $cap = self::MAX_ROUTES + 1;
        $frontier = [[]];
        $start = true;
        while ($frontier !== []) {
            $merged = [];
            foreach ($frontier as $counts) {
                for ($a = 0; $a < $na; $a++) {
                    $work->spend(\count($counts) + 1);
                    $next = [];
                    if ($start) {
                        $work->spend(\count($nfa['first']));
                        foreach ($nfa['first'] as [$q, $w]) {
                            if ($holds[$q][$a]) {
                                $next[$q] = min(($next[$q] ?? 0) + $w, $cap);
                            }
                        }
                    } else {
                        foreach ($counts as $p => $c) {
                            $work->spend(\count($nfa['follow'][$p]));
                            foreach ($nfa['follow'][$p] as [$q, $w]) {
                                if ($comp[$q] !== $comp[$p] && $holds[$q][$a]) {
                                    $next[$q] = min(($next[$q] ?? 0) + min($c * $w, $cap), $cap);
                                }
                            }
                        }
                    }
                    if ($next === []) {
                        continue;
                    }
                    ksort($next);
                    if (array_sum($next) > self::MAX_ROUTES) {
                        return true;
                    }
                    $key = implode(',', array_keys($next));
                    if (isset($merged[$key])) {
                        foreach ($next as $q => $c) {
                            $merged[$key][$q] = max($merged[$key][$q], $c);
                        }
                    } else {
                        $merged[$key] = $next;
                        $work->fits(\count($merged));
                    }
                }
            }
            // Merged counts may have grown: check again.
            foreach ($merged as $m) {
                if (array_sum($m) > self::MAX_ROUTES) {
                    return true;
                }
            }
            $frontier = array_values($merged);
            $start = false;
        }
        return false;
    }

    /** A search unit (the whole pattern, or a lookaround body) is flagged. */
    public static function flagged(array $node, int $extra, Work $work): bool
    {
        $nfa = Automaton::build($node, Automaton::ROUTES, $work, PHP_INT_MAX);
        if ($nfa === null) {
            return true;
        }
        // Work n^(d + 1 + extra) is refused above n^MAX_WORK_DEGREE.
        $needed = max(self::MAX_WORK_DEGREE - $extra, 1);
        return $nfa['hazard'] || self::ambiguity($nfa, $needed, $work) || self::boundedBlowup($nfa, $work);
    }

    /** Whether every top-level alternative starts with `^` (no retry at every position). */
    private static function anchoredStart(array $root): bool
    {
        $branches = $root['t'] === 'o' ? $root['items'] : [$root];
        foreach ($branches as $b) {
            $items = Ir::items($b);
            if ($items === [] || $items[0] !== Ir::assert(Ir::START)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The lookaround bodies of a tree with their extra work exponent: 0 right
     * after a leading `^` of a top-level alternative (run once), else 1.
     *
     * @return list<array{0: array<string, mixed>, 1: int}>
     */
    private static function lookarounds(array $root): array
    {
        $out = [];
        $walk = static function (array $node) use (&$walk, &$out): void {
            switch ($node['t']) {
                case 'l':
                    $out[] = [$node['body'], 1];
                    $walk($node['body']);
                    return;
                case 'c':
                case 'o':
                    foreach ($node['items'] as $i) {
                        $walk($i);
                    }
                    return;
                case 'r':
                    $walk($node['body']);
                    return;
            }
        };
        $branches = $root['t'] === 'o' ? $root['items'] : [$root];
        foreach ($branches as $b) {
            $items = Ir::items($b);
            $fixed = $items !== [] && $items[0] === Ir::assert(Ir::START);
            foreach ($items as $i => $item) {
                if ($i > 0 && $item['t'] !== 'l') {
                    $fixed = false;
                }
                if ($item['t'] === 'l' && $fixed) {
                    $out[] = [$item['body'], 0];
                    $walk($item['body']);
                } else {
                    $walk($item);
                }
            }
        }
        return $out;
    }

    private static function checkAll(array $root, Work $work): bool
    {
        if (self::flagged($root, self::anchoredStart($root) ? 0 : 1, $work)) {
            return true;
        }
        foreach (self::lookarounds($root) as [$body, $extra]) {
            if (self::flagged($body, $extra, $work)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Rewrites, innermost first, every pure quantified part that is flagged on
     * its own, then every run of pure items of a concatenation that is.
     */
    private static function rewriteParts(array $node, bool $segments, Work $work): array
    {
        switch ($node['t']) {
            case 'c':
                $out = [];
                foreach ($node['items'] as $item) {
                    $out[] = self::rewriteParts($item, $segments, $work);
                }
                if ($segments) {
                    $out = self::rewriteSegments($out, $work);
                }
                return Ir::cat($out);
            case 'o':
                $out = [];
                foreach ($node['items'] as $b) {
                    $out[] = self::rewriteParts($b, $segments, $work);
                }
                return Ir::alt($out);
            case 'l':
                $node['body'] = self::rewriteParts($node['body'], $segments, $work);
                return $node;
            case 'r':
                $node['body'] = self::rewriteParts($node['body'], $segments, $work);
                if (Ir::pure($node) && self::flagged($node, 1, $work)) {
                    $new = Dfa::rewrite($node, $work);
                    if ($new !== null) {
                        return $new;
                    }
                }
                return $node;
            default:
                return $node;
        }
    }

    private static function rewriteSegments(array $items, Work $work): array
    {
        $out = [];
        $run = [];
        $flush = static function () use (&$run, &$out, $work): void {
            if (\count($run) >= 2) {
                $seg = Ir::cat($run);
                $run = [];
                if (self::flagged($seg, 1, $work)) {
                    $new = Dfa::rewrite($seg, $work);
                    if ($new !== null) {
                        $out[] = $new;
                        return;
                    }
                }
                foreach (Ir::items($seg) as $i) {
                    $out[] = $i;
                }
            } else {
                foreach ($run as $i) {
                    $out[] = $i;
                }
                $run = [];
            }
        };
        foreach ($items as $item) {
            if (Ir::pure($item)) {
                $run[] = $item;
            } else {
                $flush();
                $out[] = $item;
            }
        }
        $flush();
        return $out;
    }

    /** The tree, rewritten if needed, or a skip. */
    public static function ensure(array $root, Work $work): array
    {
        if (!self::checkAll($root, $work)) {
            return $root;
        }
        $root = self::rewriteParts($root, false, $work);
        if (!self::checkAll($root, $work)) {
            return $root;
        }
        $root = self::rewriteParts($root, true, $work);
        if (!self::checkAll($root, $work)) {
            return $root;
        }
        throw new Skip(Translator::BACKTRACKING, 'a backtracking engine could take exponential or high polynomial time on this pattern');
    }
}
