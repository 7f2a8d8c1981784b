<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * The automaton of the ways a backtracking engine can read a tree, for the
 * Backtrack stage (routes) and the Dfa stage (the language): Glushkov states,
 * weights for edges with two routes; counted repeats unrolled when small and
 * unambiguous (routes) or always (language).
 * Mirrors `src/automaton.rs`.
 *
 * Weighted state sets are sorted lists of [state, weight] with weights 0, 1
 * or 2 ("two or more"). A fragment is ['first' => ..., 'last' => ..., 'null' => int].
 * An automaton is ['labels' => list<CharSet>, 'follow' => list<weighted>,
 * 'first' => weighted, 'last' => weighted, 'nullable' => bool, 'hazard' => bool].
 *
 * @internal
 */
final class Automaton
{
    /** Unroll `X{n,m}` when `X`'s states times `m` is at most this. */
    public const UNROLL_LIMIT = 256;

    public const ROUTES = 'routes';
    public const LANGUAGE = 'language';

    /** @var list<CharSet> */
    private array $labels = [];
    /** @var list<list<array{0: int, 1: int}>> */
    private array $follow = [];
    /**
     * A counted repeat of an item that may match empty, read as a loop: the
     * engine may spread empty iterations over its minimum in many ways.
     */
    private bool $hazard = false;

    private function __construct(private string $mode, private Work $work, private int $maxStates)
    {
    }

    private static function add(int $a, int $b): int
    {
        return min($a + $b, 2);
    }

    private static function mul(int $a, int $b): int
    {
        return min($a * $b, 2);
    }

    private static function merge(array $a, array $b, int $scale): array
    {
        $out = [];
        $na = \count($a);
        $nb = \count($b);
        $i = 0;
        $j = 0;
        while ($i < $na || $j < $nb) {
            if ($j >= $nb || ($i < $na && $a[$i][0] < $b[$j][0])) {
                $out[] = $a[$i];
                $i++;
            } elseif ($i >= $na || $b[$j][0] < $a[$i][0]) {
                if ($scale > 0) {
                    $out[] = [$b[$j][0], self::mul($b[$j][1], $scale)];
                }
                $j++;
            } else {
                $out[] = [$a[$i][0], self::add($a[$i][1], self::mul($b[$j][1], $scale))];
                $i++;
                $j++;
            }
        }
        return $out;
    }

    private static function emptyFrag(): array
    {
        return ['first' => [], 'last' => [], 'null' => 1];
    }

    /**
     * The automaton of `node` (lookaround bodies left out), null when over the state cap.
     *
     * @return array<string, mixed>|null
     */
    public static function build(array $node, string $mode, Work $work, int $maxStates): ?array
    {
        $b = new self($mode, $work, $maxStates);
        $frag = $b->frag($node);
        if ($frag === null) {
            return null;
        }
        return [
            'labels' => $b->labels,
            'follow' => $b->follow,
            'first' => $frag['first'],
            'last' => $frag['last'],
            'nullable' => $frag['null'] > 0,
            'hazard' => $b->hazard,
        ];
    }

    /** Edges from every state of `from` to every state of `to` (each merge counted as the work it does). */
    private function edges(array $from, array $to): void
    {
        $nt = \count($to);
        foreach ($from as [$p, $wp]) {
            $this->work->spend(\count($this->follow[$p]) + $nt + 1);
            $this->follow[$p] = self::merge($this->follow[$p], $to, $wp);
        }
    }

    private function cat(array $a, array $b): array
    {
        $this->edges($a['last'], $b['first']);
        $this->work->spend(\count($a['first']) + \count($b['first']) + \count($a['last']) + \count($b['last']));
        return [
            'first' => self::merge($a['first'], $b['first'], $a['null']),
            'last' => self::merge($b['last'], $a['last'], $b['null']),
            'null' => self::mul($a['null'], $b['null']),
        ];
    }

    private function alt(array $a, array $b): array
    {
        $this->work->spend(\count($a['first']) + \count($b['first']) + \count($a['last']) + \count($b['last']));
        return [
            'first' => self::merge($a['first'], $b['first'], 1),
            'last' => self::merge($a['last'], $b['last'], 1),
            'null' => self::add($a['null'], $b['null']),
        ];
    }

    /**
     * The fragment of `node`: every node visited counts one unit (a body is
     * visited once per copy of a counted repeat, and once more per check of
     * two copies), every state is a structure entry.
     */
    private function frag(array $node): ?array
    {
        if ($node['t'] !== 's') {
            $this->work->spend(1);
        }
        switch ($node['t']) {
            case 's':
                if (\count($this->labels) >= $this->maxStates) {
                    return null;
                }
                $this->work->spend(1);
                $p = \count($this->labels);
                $this->labels[] = CharSet::fromTable($node['set']);
                $this->follow[] = [];
                $this->work->fits(\count($this->labels));
                return ['first' => [[$p, 1]], 'last' => [[$p, 1]], 'null' => 0];
            case 'a':
            case 'l':
                return self::emptyFrag();
            case 'c':
                $acc = self::emptyFrag();
                foreach ($node['items'] as $item) {
                    $f = $this->frag($item);
                    if ($f === null) {
                        return null;
                    }
                    $acc = $this->cat($acc, $f);
                }
                return $acc;
            case 'o':
                $acc = null;
                foreach ($node['items'] as $b) {
                    $f = $this->frag($b);
                    if ($f === null) {
                        return null;
                    }
                    $acc = $acc === null ? $f : $this->alt($acc, $f);
                }
                return $acc ?? self::emptyFrag();
            default:
                return $this->repeat($node['body'], $node['min'], $node['max']);
        }
    }

    /**
     * One iteration that may not read nothing (the engine refuses empty
     * iterations once the minimum is reached), followed by `rest`, or nothing.
     */
    private function optionalIteration(array $body, array $rest): ?array
    {
        $it = $this->frag($body);
        if ($it === null) {
            return null;
        }
        $it['null'] = 0;
        $enter = $this->cat($it, $rest);
        return $this->alt($enter, self::emptyFrag());
    }

    private function repeat(array $body, int $min, ?int $max): ?array
    {
        if ($max === 0) {
            return self::emptyFrag();
        }
        $copies = $max ?? $min;
        if ($this->mode === self::LANGUAGE) {
            $unroll = true;
        } else {
            $unroll = $max !== null
                && $copies >= 2
                && self::states($body) * $copies <= self::UNROLL_LIMIT
                && !Backtrack::ambiguous(Ir::cat([$body, $body]), $this->work);
        }
        if ($max === 1 || $unroll) {
            if ($this->mode === self::LANGUAGE && $max === null) {
                $acc = $this->copies($body, $min);
                if ($acc === null) {
                    return null;
                }
                $l = $this->looped($body, true);
                if ($l === null) {
                    return null;
                }
                return $this->cat($acc, $l);
            }
            $max ??= $min;
            $rest = self::emptyFrag();
            for ($k = $min; $k < $max; $k++) {
                $f = $this->optionalIteration($body, $rest);
                if ($f === null) {
                    return null;
                }
                $rest = $f;
            }
            $acc = $this->copies($body, $min);
            if ($acc === null) {
                return null;
            }
            return $this->cat($acc, $rest);
        }
        if ($this->mode === self::ROUTES && $min >= 2 && Ir::nullable($body)) {
            $this->hazard = true;
        }
        return $this->looped($body, $min === 0);
    }

    /** `$n` copies of the body, one after the other. */
    private function copies(array $body, int $n): ?array
    {
        $acc = self::emptyFrag();
        for ($k = 0; $k < $n; $k++) {
            $f = $this->frag($body);
            if ($f === null) {
                return null;
            }
            $acc = $this->cat($acc, $f);
        }
        return $acc;
    }

    /** `X*` (`zero`) or `X+`: the body once, with its end leading back to its start. */
    private function looped(array $body, bool $zero): ?array
    {
        $b = $this->frag($body);
        if ($b === null) {
            return null;
        }
        $this->edges($b['last'], $b['first']);
        return ['first' => $b['first'], 'last' => $b['last'], 'null' => $zero ? 1 : $b['null']];
    }

    /** The number of character classes in a node (lookarounds excluded). */
    private static function states(array $n): int
    {
        switch ($n['t']) {
            case 's':
                return 1;
            case 'a':
            case 'l':
                return 0;
            case 'c':
            case 'o':
                $s = 0;
                foreach ($n['items'] as $i) {
                    $s += self::states($i);
                }
                return $s;
            default:
                return self::states($n['body']);
        }
    }
}
