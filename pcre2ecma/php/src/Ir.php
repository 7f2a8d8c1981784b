<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `ir`: the tree the parser builds and the later stages rewrite, check
 * and emit. Mirrors `src/ir.rs`.
 *
 * Nodes are plain arrays, so that `===` is structural equality:
 *   set:    ['t' => 's', 'set' => ranges, 'wide' => bool, 'mb' => bool]
 *           (wide: without `u`, the source class holds every byte >= 0x80 that
 *           occurs in UTF-8; mb: without `u`, a non-ASCII literal)
 *   assert: ['t' => 'a', 'a' => Ir::START ...]
 *   look:   ['t' => 'l', 'k' => Ir::AHEAD ..., 'body' => node]
 *   cat:    ['t' => 'c', 'items' => list]      (never directly holds a cat)
 *   alt:    ['t' => 'o', 'items' => list]      (never directly holds an alt)
 *   repeat: ['t' => 'r', 'body' => node, 'min' => int, 'max' => ?int, 'greedy' => bool, 'poss' => bool]
 * A one-item cat or alt is its item. The depth is bounded by the group
 * nesting cap, so the stages may recurse over it.
 *
 * @internal
 */
final class Ir
{
    // Assertions (see `emit` for the ECMA spelling).
    /** `^` without `m`, `\A`. */
    public const START = 'start';
    /** `\z`, `$` with `D`. */
    public const END = 'end';
    /** `$` (no `m`, no `D`), `\Z`: end, or before a final newline. */
    public const END_NL = 'end_nl';
    /** `^` with `m`. */
    public const LINE_START = 'line_start';
    /** `$` with `m`. */
    public const LINE_END = 'line_end';
    public const WORD_B = 'word_b';
    public const NOT_WORD_B = 'not_word_b';

    public const AHEAD = 'ahead';
    public const NEG_AHEAD = 'neg_ahead';
    public const BEHIND = 'behind';
    public const NEG_BEHIND = 'neg_behind';

    public static function empty(): array
    {
        return ['t' => 'c', 'items' => []];
    }

    /** @param list<array{0: int, 1: int}> $ranges */
    public static function set(array $ranges, bool $wide = false, bool $mb = false): array
    {
        return ['t' => 's', 'set' => $ranges, 'wide' => $wide, 'mb' => $mb];
    }

    public static function assert(string $a): array
    {
        return ['t' => 'a', 'a' => $a];
    }

    public static function look(string $kind, array $body): array
    {
        return ['t' => 'l', 'k' => $kind, 'body' => $body];
    }

    /** A concatenation, flattened. */
    public static function cat(array $items): array
    {
        $out = [];
        foreach ($items as $item) {
            if ($item['t'] === 'c') {
                foreach ($item['items'] as $x) {
                    $out[] = $x;
                }
            } else {
                $out[] = $item;
            }
        }
        return \count($out) === 1 ? $out[0] : ['t' => 'c', 'items' => $out];
    }

    /** An alternation, flattened. */
    public static function alt(array $branches): array
    {
        $out = [];
        foreach ($branches as $b) {
            if ($b['t'] === 'o') {
                foreach ($b['items'] as $x) {
                    $out[] = $x;
                }
            } else {
                $out[] = $b;
            }
        }
        if ($out === []) {
            return self::empty();
        }
        return \count($out) === 1 ? $out[0] : ['t' => 'o', 'items' => $out];
    }

    public static function repeat(array $body, int $min, ?int $max, bool $greedy = true, bool $poss = false): array
    {
        return ['t' => 'r', 'body' => $body, 'min' => $min, 'max' => $max, 'greedy' => $greedy, 'poss' => $poss];
    }

    /** The items of a concatenation (one item for anything else). */
    public static function items(array $node): array
    {
        return $node['t'] === 'c' ? $node['items'] : [$node];
    }

    /** Can match the empty string somewhere (assertions count as empty). */
    public static function nullable(array $n): bool
    {
        switch ($n['t']) {
            case 's':
                return false;
            case 'a':
            case 'l':
                return true;
            case 'c':
                foreach ($n['items'] as $i) {
                    if (!self::nullable($i)) {
                        return false;
                    }
                }
                return true;
            case 'o':
                foreach ($n['items'] as $i) {
                    if (self::nullable($i)) {
                        return true;
                    }
                }
                return false;
            default:
                return $n['min'] === 0 || self::nullable($n['body']);
        }
    }

    /**
     * Matches the empty string at every position (no assertion on the way; a
     * possessive repeat must take what it can).
     */
    public static function alwaysEmpty(array $n): bool
    {
        switch ($n['t']) {
            case 's':
            case 'a':
            case 'l':
                return false;
            case 'c':
                foreach ($n['items'] as $i) {
                    if (!self::alwaysEmpty($i)) {
                        return false;
                    }
                }
                return true;
            case 'o':
                foreach ($n['items'] as $i) {
                    if (self::alwaysEmpty($i)) {
                        return true;
                    }
                }
                return false;
            default:
                return !$n['poss'] && ($n['min'] === 0 || self::alwaysEmpty($n['body']));
        }
    }

    /** Only characters, concatenation, alternation and plain repetition. */
    public static function pure(array $n): bool
    {
        switch ($n['t']) {
            case 's':
                return true;
            case 'a':
            case 'l':
                return false;
            case 'c':
            case 'o':
                foreach ($n['items'] as $i) {
                    if (!self::pure($i)) {
                        return false;
                    }
                }
                return true;
            default:
                return !$n['poss'] && self::pure($n['body']);
        }
    }

    /**
     * Whether an end-of-subject assertion sits inside a negative lookaround
     * (at any depth): there a `$` read as under D would let the lookaround,
     * and so the pattern, match more (ir.rs's end_under_negation()).
     *
     * @param array<string, mixed> $n
     */
    public static function endUnderNegation(array $n, bool $negated = false): bool
    {
        switch ($n['t']) {
            case 's':
                return false;
            case 'a':
                return $negated && $n['a'] === self::END;
            case 'l':
                return self::endUnderNegation($n['body'], $negated || $n['k'] === self::NEG_AHEAD || $n['k'] === self::NEG_BEHIND);
            case 'c':
            case 'o':
                foreach ($n['items'] as $i) {
                    if (self::endUnderNegation($i, $negated)) {
                        return true;
                    }
                }
                return false;
            default:
                return self::endUnderNegation($n['body'], $negated);
        }
    }

    /**
     * Whether the node matches the empty subject: its only position is both
     * its start and its end, with no character on either side.
     *
     * @param array<string, mixed> $n
     */
    public static function matchesEmpty(array $n): bool
    {
        switch ($n['t']) {
            case 's':
                return false;
            case 'a':
                return $n['a'] !== self::WORD_B;
            case 'l':
                $m = self::matchesEmpty($n['body']);
                return ($n['k'] === self::AHEAD || $n['k'] === self::BEHIND) ? $m : !$m;
            case 'c':
                foreach ($n['items'] as $i) {
                    if (!self::matchesEmpty($i)) {
                        return false;
                    }
                }
                return true;
            case 'o':
                foreach ($n['items'] as $i) {
                    if (self::matchesEmpty($i)) {
                        return true;
                    }
                }
                return false;
            default:
                return $n['min'] === 0 || self::matchesEmpty($n['body']);
        }
    }
}
