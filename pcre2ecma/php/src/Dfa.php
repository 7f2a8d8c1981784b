<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `dfa`: an unambiguous expression with the same language as a pure
 * part of a pattern (no assertion, so only the language matters): subset
 * construction over the atoms of its classes, Moore minimization, state
 * elimination. Null when too large, or when the result is still flagged.
 * Mirrors `src/dfa.rs`.
 *
 * @internal
 */
final class Dfa
{
    /** Largest automaton made deterministic. */
    private const MAX_NFA_STATES = 256;
    /** Largest deterministic automaton turned back into an expression. */
    private const MAX_DFA_STATES = 64;
    /** Longest expression accepted (or four times the part it replaces). */
    private const MAX_EXPRESSION_BYTES = 2048;

    /**
     * The atoms of a list of classes: disjoint sets whose unions are the classes.
     *
     * @param list<CharSet> $labels
     * @return list<CharSet>
     */
    public static function atoms(array $labels, Work $work): array
    {
        $atoms = [];
        $covered = new CharSet();
        foreach ($labels as $label) {
            $work->spend(\count($atoms) + \count($label->ranges));
            $next = [];
            foreach ($atoms as $a) {
                $inside = $a->intersect($label);
                $outside = $a->subtract($label);
                if (!$inside->isEmpty()) {
                    $next[] = $inside;
                }
                if (!$outside->isEmpty()) {
                    $next[] = $outside;
                }
            }
            $rest = $label->subtract($covered);
            if (!$rest->isEmpty()) {
                $next[] = $rest;
            }
            $covered = $covered->unionWith($label);
            $atoms = $next;
            $work->fits(\count($atoms));
        }
        usort($atoms, static fn (CharSet $a, CharSet $b): int => ($a->ranges[0][0] ?? 0) <=> ($b->ranges[0][0] ?? 0));
        return $atoms;
    }

    /**
     * Which atoms each class holds: `holds[class][atom]`.
     *
     * @param list<CharSet> $labels
     * @param list<CharSet> $atoms
     * @return list<list<bool>>
     */
    public static function holds(array $labels, array $atoms, Work $work): array
    {
        $holds = [];
        foreach ($labels as $label) {
            $work->spend(\count($atoms));
            $row = [];
            foreach ($atoms as $a) {
                $row[] = $a->intersects($label);
            }
            $holds[] = $row;
        }
        return $holds;
    }

    /**
     * @param list<CharSet> $atoms
     * @return array{next: list<list<?int>>, finals: list<bool>}|null
     */
    private static function determinize(array $nfa, array $atoms, Work $work): ?array
    {
        $n = \count($nfa['labels']);
        $na = \count($atoms);
        $holds = self::holds($nfa['labels'], $atoms, $work);
        $isLast = array_fill(0, $n, false);
        foreach ($nfa['last'] as [$p]) {
            $isLast[$p] = true;
        }
        $sets = [null];
        $index = [];
        $next = [];
        $finals = [$nfa['nullable']];
        for ($k = 0; $k < \count($sets); $k++) {
            if ($sets[$k] === null) {
                $succ = array_map(static fn (array $e): int => $e[0], $nfa['first']);
            } else {
                $all = [];
                foreach ($sets[$k] as $p) {
                    $work->spend(\count($nfa['follow'][$p]));
                    foreach ($nfa['follow'][$p] as [$q]) {
                        $all[$q] = true;
                    }
                }
                $succ = array_keys($all);
                sort($succ);
            }
            $row = [];
            for ($a = 0; $a < $na; $a++) {
                $work->spend(\count($succ) + 1);
                $target = [];
                foreach ($succ as $q) {
                    if ($holds[$q][$a]) {
                        $target[] = $q;
                    }
                }
                if ($target === []) {
                    $row[] = null;
                    continue;
                }
                $key = implode(',', $target);
                if (isset($index[$key])) {
                    $id = $index[$key];
                } else {
                    if (\count($sets) >= self::MAX_DFA_STATES) {
                        return null;
                    }
                    $id = \count($sets);
                    $fin = false;
                    foreach ($target as $q) {
                        if ($isLast[$q]) {
                            $fin = true;
                            break;
                        }
                    }
                    $finals[] = $fin;
                    $index[$key] = $id;
                    $sets[] = $target;
                }
                $row[] = $id;
            }
            $next[] = $row;
        }
        return ['next' => $next, 'finals' => $finals];
    }

    /**
     * Moore's minimization; states renumbered by first appearance.
     *
     * @param array{next: list<list<?int>>, finals: list<bool>} $dfa
     * @return array{next: list<list<?int>>, finals: list<bool>}
     */
    private static function minimize(array $dfa, Work $work): array
    {
        $n = \count($dfa['finals']);
        $block = array_map(static fn (bool $f): int => $f ? 1 : 0, $dfa['finals']);
        while (true) {
            $work->spend($n * (\count($dfa['next'][0] ?? []) + 1));
            $seen = [];
            $fresh = [];
            for ($s = 0; $s < $n; $s++) {
                $sig = [$block[$s]];
                foreach ($dfa['next'][$s] as $t) {
                    $sig[] = $t === null ? -1 : $block[$t];
                }
                $key = implode(',', $sig);
                if (!isset($seen[$key])) {
                    $seen[$key] = \count($seen);
                }
                $fresh[$s] = $seen[$key];
            }
            // The new partition refines the old one: as many blocks, same partition.
            $stable = \count($seen) === \count(array_unique($block));
            $block = $fresh;
            if ($stable) {
                break;
            }
        }
        $count = $block === [] ? 0 : max($block) + 1;
        $next = array_fill(0, $count, null);
        $finals = array_fill(0, $count, false);
        for ($s = 0; $s < $n; $s++) {
            $b = $block[$s];
            if ($next[$b] === null) {
                $next[$b] = array_map(static fn (?int $t): ?int => $t === null ? null : $block[$t], $dfa['next'][$s]);
                $finals[$b] = $dfa['finals'][$s];
            }
        }
        return ['next' => $next, 'finals' => $finals];
    }

    private static function isEmpty(array $n): bool
    {
        return $n['t'] === 'c' && $n['items'] === [];
    }

    /** A concatenation, with `X X*` and `X* X` read as `X+`. */
    private static function cat(array $parts): array
    {
        $out = [];
        foreach (Ir::items(Ir::cat($parts)) as $item) {
            $k = \count($out);
            if ($k > 0 && self::isStarOf($item, $out[$k - 1])) {
                $out[$k - 1] = Ir::repeat($out[$k - 1], 1, null);
            } elseif ($k > 0 && self::isStarOf($out[$k - 1], $item)) {
                $out[$k - 1] = Ir::repeat($item, 1, null);
            } else {
                $out[] = $item;
            }
        }
        return Ir::cat($out);
    }

    /** Whether `$x` is `$body*`. */
    private static function isStarOf(array $x, array $body): bool
    {
        return $x['t'] === 'r' && $x['min'] === 0 && $x['max'] === null && $x['body'] === $body;
    }

    private static function star(array $x): array
    {
        if ($x['t'] === 'r' && ($x['max'] === null || $x['max'] === 1)) {
            return Ir::repeat($x['body'], 0, null);
        }
        return Ir::repeat($x, 0, null);
    }

    /**
     * An alternation: equal branches merged, one-character branches joined into
     * one class, common first and last items factored out, the empty branch
     * written as `?`.
     */
    private static function alt(array $branches): array
    {
        $flat = [];
        foreach ($branches as $b) {
            if ($b['t'] === 'o') {
                foreach ($b['items'] as $x) {
                    $flat[] = $x;
                }
            } elseif ($b['t'] === 'r' && $b['min'] === 0 && $b['max'] === 1) {
                // `X?` is `X|` (its class may join others).
                $flat[] = $b['body'];
                $flat[] = Ir::empty();
            } else {
                $flat[] = $b;
            }
        }
        $out = [];
        $empty = false;
        foreach ($flat as $b) {
            if (self::isEmpty($b)) {
                $empty = true;
                continue;
            }
            if (\in_array($b, $out, true)) {
                continue;
            }
            if ($b['t'] === 's') {
                $merged = false;
                foreach ($out as $k => $x) {
                    if ($x['t'] === 's') {
                        $out[$k]['set'] = CharSet::fromTable($x['set'])->unionWith(CharSet::fromTable($b['set']))->ranges;
                        $merged = true;
                        break;
                    }
                }
                if ($merged) {
                    continue;
                }
            }
            $out[] = $b;
        }
        if (\count($out) >= 2) {
            $body = self::factor($out);
        } else {
            $body = $out[0] ?? Ir::empty();
        }
        if (!$empty) {
            return $body;
        }
        if (self::isEmpty($body) || Ir::nullable($body)) {
            return $body;
        }
        if ($body['t'] === 'r' && $body['min'] === 1 && $body['max'] === null) {
            // `(?:X+)?` is `X*`.
            return Ir::repeat($body['body'], 0, null);
        }
        return Ir::repeat($body, 0, 1);
    }

    /** `a X | a Y` -> `a (X|Y)`, `X a | Y a` -> `(X|Y) a` (all branches sharing it). */
    private static function factor(array $branches): array
    {
        $lists = array_map(static fn (array $b): array => Ir::items($b), $branches);
        $allNonEmpty = true;
        foreach ($lists as $l) {
            if ($l === []) {
                $allNonEmpty = false;
            }
        }
        if ($allNonEmpty) {
            $head = $lists[0][0];
            $same = true;
            foreach ($lists as $l) {
                if ($l[0] !== $head) {
                    $same = false;
                    break;
                }
            }
            if ($same) {
                return self::cat([$head, self::alt(array_map(static fn (array $l): array => Ir::cat(\array_slice($l, 1)), $lists))]);
            }
            $tail = $lists[0][\count($lists[0]) - 1];
            $same = true;
            foreach ($lists as $l) {
                if ($l[\count($l) - 1] !== $tail) {
                    $same = false;
                    break;
                }
            }
            if ($same) {
                return self::cat([self::alt(array_map(static fn (array $l): array => Ir::cat(\array_slice($l, 0, -1)), $lists)), $tail]);
            }
        }
        return ['t' => 'o', 'items' => $branches];
    }

    /** The number of nodes of an expression: what building it copies. */
    private static function weight(array $n): int
    {
        switch ($n['t']) {
            case 'c':
            case 'o':
                $w = 1;
                foreach ($n['items'] as $i) {
                    $w += self::weight($i);
                }
                return $w;
            case 'r':
            case 'l':
                return self::weight($n['body']) + 1;
            default:
                return 1;
        }
    }

    /**
     * State elimination: the expression of the language of `dfa`; null when
     * an expression under construction has more than `cap` nodes. Each path
     * built counts the nodes it copies; their number, not the automaton's
     * size, is what grows (exponentially, for `(a?:?){16}`'s counter-like
     * automaton).
     *
     * @param array{next: list<list<?int>>, finals: list<bool>} $dfa
     * @param list<CharSet> $atoms
     */
    private static function expression(array $dfa, array $atoms, int $cap, Work $work): ?array
    {
        $k = \count($dfa['finals']);
        $size = $k + 2;
        $m = self::steps($dfa, $atoms);
        // Nodes of each expression (every initial one is a class or empty).
        $w = array_fill(0, $size, array_fill(0, $size, 1));
        $remaining = $k > 0 ? range(0, $k - 1) : [];
        while ($remaining !== []) {
            $work->spend($size * $size);
            // The state with the fewest paths through it.
            $best = 0;
            $bestCost = PHP_INT_MAX;
            foreach ($remaining as $i => $x) {
                $ins = 0;
                $outs = 0;
                for ($p = 0; $p < $size; $p++) {
                    if ($p !== $x && $m[$p][$x] !== null) {
                        $ins++;
                    }
                    if ($p !== $x && $m[$x][$p] !== null) {
                        $outs++;
                    }
                }
                if ($ins * $outs < $bestCost) {
                    $bestCost = $ins * $outs;
                    $best = $i;
                }
            }
            $x = $remaining[$best];
            array_splice($remaining, $best, 1);
            if (!self::eliminate($m, $w, $x, $cap, $work)) {
                return null;
            }
        }
        return $m[$k][$k + 1];
    }

    /**
     * The one-step expressions between the states of `dfa` and two added ones,
     * a start (`k`, the number of states) and an end (`k + 1`): `m[p][q]` reads
     * from `p` to `q`.
     *
     * @param array{next: list<list<?int>>, finals: list<bool>} $dfa
     * @param list<CharSet> $atoms
     * @return list<list<?array>>
     */
    private static function steps(array $dfa, array $atoms): array
    {
        $k = \count($dfa['finals']);
        $m = array_fill(0, $k + 2, array_fill(0, $k + 2, null));
        $m[$k][0] = Ir::empty();
        for ($s = 0; $s < $k; $s++) {
            if ($dfa['finals'][$s]) {
                $m[$s][$k + 1] = Ir::empty();
            }
            $labels = array_fill(0, $k, null);
            foreach ($dfa['next'][$s] as $a => $t) {
                if ($t !== null) {
                    $labels[$t] = ($labels[$t] ?? new CharSet())->unionWith($atoms[$a]);
                }
            }
            foreach ($labels as $t => $l) {
                if ($l !== null) {
                    $m[$s][$t] = Ir::set($l->ranges);
                }
            }
        }
        return $m;
    }

    /**
     * Removes state `$x`: each path `p -> x -> q` (around `x`'s loop, if any)
     * joins `$m[p][q]`, whose nodes `$w[p][q]` counts. False as soon as a cell
     * has more than `$cap` nodes.
     *
     * @param list<list<?array>> $m
     * @param list<list<int>> $w
     */
    private static function eliminate(array &$m, array &$w, int $x, int $cap, Work $work): bool
    {
        $size = \count($m);
        $looped = $m[$x][$x] === null ? null : self::star($m[$x][$x]);
        $wl = $looped === null ? 0 : $w[$x][$x] + 1;
        $m[$x][$x] = null;
        for ($p = 0; $p < $size; $p++) {
            if ($p === $x || $m[$p][$x] === null) {
                continue;
            }
            $into = $m[$p][$x];
            for ($q = 0; $q < $size; $q++) {
                if ($q === $x || $m[$x][$q] === null) {
                    continue;
                }
                $parts = [$into];
                if ($looped !== null) {
                    $parts[] = $looped;
                }
                $parts[] = $m[$x][$q];
                $work->spend($w[$p][$x] + $wl + $w[$x][$q] + ($m[$p][$q] === null ? 0 : $w[$p][$q]) + 2);
                $path = self::cat($parts);
                $cell = $m[$p][$q] === null ? $path : self::alt([$m[$p][$q], $path]);
                $w[$p][$q] = self::weight($cell);
                if ($w[$p][$q] > $cap) {
                    return false;
                }
                $m[$p][$q] = $cell;
            }
        }
        for ($p = 0; $p < $size; $p++) {
            $m[$p][$x] = null;
            $m[$x][$p] = null;
        }
        return true;
    }

    /** An unambiguous expression for the language of a pure node, if one of reasonable size is found. */
    public static function rewrite(array $node, Work $work): ?array
    {
        $nfa = Automaton::build($node, Automaton::LANGUAGE, $work, self::MAX_NFA_STATES);
        if ($nfa === null) {
            return null;
        }
        $atoms = self::atoms($nfa['labels'], $work);
        $dfa = self::determinize($nfa, $atoms, $work);
        if ($dfa === null) {
            return null;
        }
        $dfa = self::minimize($dfa, $work);
        $limit = max(4 * \strlen(Emit::pattern($node)) + 64, self::MAX_EXPRESSION_BYTES);
        // An expression of more than `3 * limit + 1` nodes is longer than `limit`
        // (each class, quantifier and `|` is at least a byte; a concatenation
        // node is a branch, a body or the whole).
        $cap = min(3 * $limit + 1, Translator::MAX_STRUCTURE);
        $expr = self::expression($dfa, $atoms, $cap, $work);
        if ($expr === null) {
            return null;
        }
        if (\strlen(Emit::pattern($expr)) > $limit) {
            return null;
        }
        return $expr;
    }
}
