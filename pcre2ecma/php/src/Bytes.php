<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `bytes`: without `u`, PCRE matches bytes; a "wide" class (one that
 * holds every byte >= 0x80 that occurs in UTF-8) is read as the class of all
 * non-ASCII characters, which is exact only where no match can start or stop
 * inside a multibyte character. This stage proves that, or refuses the
 * pattern (see src/bytes.rs for the rules).
 * Mirrors `src/bytes.rs`.
 *
 * @internal
 */
final class Bytes
{
    // Edges, ordered: nothing known < always a boundary < search start / match end.
    private const NONE = 0;
    private const BOUNDARY = 1;
    private const SOFT = 2;

    // The sides of a match: where it starts, where it ends.
    private const LEFT = 0;
    private const RIGHT = 1;

    private static function refused(): Skip
    {
        return new Skip(Translator::BYTES, 'matches single bytes of multibyte characters without the u modifier');
    }

    /** Checks a tree parsed without `u`. */
    public static function check(array $root): void
    {
        self::node($root, self::SOFT, self::SOFT);
        if (!Ir::alwaysEmpty($root) && self::midnull($root)) {
            throw new Skip(Translator::BYTES, 'pattern can match an empty string inside a multibyte character without the u modifier');
        }
    }

    private static function isWide(array $n): bool
    {
        return $n['t'] === 's' && $n['wide'];
    }

    /** `W*`, `W+` (greedy or lazy) of a wide class. */
    private static function isRun(array $n): bool
    {
        return $n['t'] === 'r' && $n['max'] === null && $n['min'] <= 1 && !$n['poss'] && self::isWide($n['body']);
    }

    /** The items of a sequence from `$side` inward. */
    private static function inward(array $items, int $side): array
    {
        return $side === self::LEFT ? $items : array_reverse($items);
    }

    /** Every match starts (`LEFT`) or ends (`RIGHT`) at a character boundary. */
    private static function atBoundary(array $n, int $side): bool
    {
        switch ($n['t']) {
            case 's':
                return !$n['wide'];
            case 'a':
                return $n['a'] !== Ir::NOT_WORD_B;
            case 'l':
                return false;
            case 'c':
                foreach (self::inward($n['items'], $side) as $item) {
                    if ($item['t'] === 'l') {
                        continue;
                    }
                    if (self::atBoundary($item, $side)) {
                        return true;
                    }
                    // Empty (then the next item inward is at the edge) or at a boundary.
                    if (!(Ir::alwaysEmpty($item) && self::atBoundaryNonempty($item, $side))) {
                        return false;
                    }
                }
                return false;
            case 'o':
                foreach ($n['items'] as $b) {
                    if (!self::atBoundary($b, $side)) {
                        return false;
                    }
                }
                return true;
            default:
                return $n['min'] >= 1 && self::atBoundary($n['body'], $side);
        }
    }

    /**
     * Every match that reads something starts (`LEFT`) or ends (`RIGHT`) at a
     * character boundary.
     */
    private static function atBoundaryNonempty(array $n, int $side): bool
    {
        switch ($n['t']) {
            case 's':
                return !$n['wide'];
            case 'a':
            case 'l':
                return true;
            case 'c':
                foreach (self::inward($n['items'], $side) as $item) {
                    if (!self::atBoundaryNonempty($item, $side)) {
                        return false;
                    }
                    if (!Ir::nullable($item)) {
                        return true;
                    }
                }
                return true;
            case 'o':
                foreach ($n['items'] as $b) {
                    if (!self::atBoundaryNonempty($b, $side)) {
                        return false;
                    }
                }
                return true;
            default:
                return self::atBoundaryNonempty($n['body'], $side);
        }
    }

    private static function node(array $n, int $left, int $right): void
    {
        switch ($n['t']) {
            case 's':
                if ($n['wide'] && !(($left === self::SOFT && $right !== self::NONE) || ($left !== self::NONE && $right === self::SOFT))) {
                    throw self::refused();
                }
                return;
            case 'a':
                return;
            case 'l':
                $here = ($left === self::BOUNDARY || $right === self::BOUNDARY) ? self::BOUNDARY : self::NONE;
                if ($n['k'] === Ir::AHEAD || $n['k'] === Ir::NEG_AHEAD) {
                    self::node($n['body'], $here, self::SOFT);
                } else {
                    // Lookbehind steps back a fixed number of bytes: only ASCII-wide content is exact.
                    self::node($n['body'], self::NONE, self::NONE);
                }
                return;
            case 'c':
                self::seq($n['items'], $left, $right);
                return;
            case 'o':
                foreach ($n['items'] as $b) {
                    self::node($b, $left, $right);
                }
                return;
            default:
                if (self::isRun($n)) {
                    if ($left !== self::NONE && $right !== self::NONE) {
                        return;
                    }
                    throw self::refused();
                }
                if (self::isWide($n['body'])) {
                    throw self::refused();
                }
                if ($n['max'] === 1 || $n['max'] === 0) {
                    self::node($n['body'], $left, $right);
                    return;
                }
                // Later iterations start where an earlier one ended.
                $l = self::atBoundary($n['body'], self::RIGHT) ? min($left, self::BOUNDARY) : self::NONE;
                $r = self::atBoundary($n['body'], self::LEFT) ? min($right, self::BOUNDARY) : self::NONE;
                self::node($n['body'], $l, $r);
        }
    }

    private static function seq(array $items, int $left, int $right): void
    {
        $n = \count($items);
        $before = self::edges($items, $left, self::LEFT);
        $after = self::edges($items, $right, self::RIGHT);
        $i = 0;
        while ($i < $n) {
            // A single wide class right before a run that may be empty (`W W+`
            // would need two characters where two bytes of one can do).
            if (self::isWide($items[$i]) && $i + 1 < $n && self::isRun($items[$i + 1]) && $items[$i + 1]['min'] === 0
                && $before[$i] !== self::NONE && $after[$i + 1] !== self::NONE) {
                $i += 2;
                continue;
            }
            self::node($items[$i], $before[$i], $after[$i]);
            $i++;
        }
    }

    /**
     * The edge on `$side` of each item, in the items' order: `$outer` for the
     * item at that end. A lookaround, or an item that may match empty without
     * an assertion, passes on the edge beyond it, at most as a boundary: a
     * lookaround or an assertion there constrains the position, which is then
     * no longer soft.
     *
     * @return list<int>
     */
    private static function edges(array $items, int $outer, int $side): array
    {
        $n = \count($items);
        $out = [];
        $edge = $outer;
        foreach (self::inward($items, $side) as $item) {
            $out[] = $edge;
            if (\count($out) === $n) {
                break;
            }
            // What the item passes on to the next one inward (its far side).
            $far = $side === self::LEFT ? self::RIGHT : self::LEFT;
            if ($item['t'] === 'l') {
                $edge = min($edge, self::BOUNDARY);
            } elseif (self::atBoundary($item, $far)) {
                $edge = self::BOUNDARY;
            } elseif (Ir::alwaysEmpty($item) && self::atBoundaryNonempty($item, $far)) {
                $edge = min($edge, self::BOUNDARY);
            } else {
                $edge = self::NONE;
            }
        }
        return $side === self::LEFT ? $out : array_reverse($out);
    }

    /** Can match the empty string at a position inside a multibyte character. */
    private static function midnull(array $n): bool
    {
        switch ($n['t']) {
            case 's':
                return false;
            case 'a':
                return $n['a'] === Ir::NOT_WORD_B;
            case 'l':
                return ($n['k'] === Ir::AHEAD || $n['k'] === Ir::BEHIND) ? self::midnull($n['body']) : true;
            case 'c':
                foreach ($n['items'] as $i) {
                    if (!self::midnull($i)) {
                        return false;
                    }
                }
                return true;
            case 'o':
                foreach ($n['items'] as $i) {
                    if (self::midnull($i)) {
                        return true;
                    }
                }
                return false;
            default:
                return $n['min'] === 0 || self::midnull($n['body']);
        }
    }
}
