<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `rewrite`: exact simplifications of the tree, so that the emitted
 * pattern needs no lookaround where PCRE's meaning can be said without one,
 * and backtracks less. Each rule keeps the set of subjects that have a match
 * (see src/rewrite.rs for the rules).
 * Mirrors `src/rewrite.rs`.
 *
 * A "next" value (what may be read after a position) is [ranges, any].
 *
 * @internal
 */
final class Rewrite
{
    private const NL = [[0x0A, 0x0A]];

    /** Applies every rule; `anchored` is the `A` modifier (no search). */
    public static function apply(array $root, bool $anchored): array
    {
        $root = self::foldLookaheads($root);
        $branches = $root['t'] === 'o' ? $root['items'] : [$root];
        $out = [];
        foreach ($branches as $b) {
            $b = $anchored ? $b : self::head($b);
            $out[] = self::tail($b);
        }
        return self::possessive(Ir::alt($out), [[], false]);
    }

    /** An item at a search start: dropped if it matches empty everywhere, `X{n,m}` cut to `X{n}`. */
    private static function trimEdge(array $node): ?array
    {
        if (Ir::alwaysEmpty($node)) {
            return null;
        }
        if ($node['t'] === 'r' && $node['max'] !== $node['min']) {
            if ($node['min'] === 1) {
                return $node['body'];
            }
            $node['max'] = $node['min'];
            $node['poss'] = false;
        }
        return $node;
    }

    /** The start of a top-level alternative. */
    private static function head(array $node): array
    {
        $items = Ir::items($node);
        while ($items !== []) {
            $first = $items[0];
            if (Ir::alwaysEmpty($first)) {
                array_shift($items);
                continue;
            }
            // A possessive run must be maximal: not cut at a search start.
            if ($first['t'] === 'r' && $first['max'] !== $first['min'] && !$first['poss']) {
                array_shift($items);
                $t = self::trimEdge($first);
                if ($t !== null) {
                    // `X{1,m}` became `X`: its own start is the search start now.
                    $items = array_merge(Ir::items($t), $items);
                }
                continue;
            }
            if ($first['t'] === 'o') {
                $items[0] = Ir::alt(array_map(self::head(...), $first['items']));
            }
            break;
        }
        if ($items !== [] && $items[0] === Ir::assert(Ir::LINE_START)) {
            $restNullable = true;
            foreach (\array_slice($items, 1) as $it) {
                if (!Ir::nullable($it)) {
                    $restNullable = false;
                    break;
                }
            }
            if (!$restNullable) {
                $items[0] = Ir::alt([Ir::assert(Ir::START), Ir::set(self::NL)]);
            }
        }
        return Ir::cat($items);
    }

    /** The end of a top-level alternative or of a lookahead body. */
    private static function tail(array $node): array
    {
        switch ($node['t']) {
            case 'o':
                return Ir::alt(array_map(self::tail(...), $node['items']));
            case 'a':
                if ($node['a'] === Ir::END_NL) {
                    return Ir::cat([Ir::repeat(Ir::set(self::NL), 0, 1), Ir::assert(Ir::END)]);
                }
                if ($node['a'] === Ir::LINE_END) {
                    return Ir::alt([Ir::set(self::NL), Ir::assert(Ir::END)]);
                }
                return $node;
            case 'r':
                if ($node['max'] !== $node['min']) {
                    $t = self::trimEdge($node);
                    return $t === null ? Ir::empty() : self::tail($t);
                }
                $node['poss'] = false;
                return $node;
            case 'c':
                $items = $node['items'];
                while ($items !== [] && Ir::alwaysEmpty($items[\count($items) - 1])) {
                    array_pop($items);
                }
                if ($items !== []) {
                    $last = array_pop($items);
                    $items[] = self::tail($last);
                }
                return Ir::cat($items);
            case 'l':
                if ($node['k'] === Ir::AHEAD || $node['k'] === Ir::NEG_AHEAD) {
                    $node['body'] = self::tail($node['body']);
                }
                return $node;
            default:
                return $node;
        }
    }

    /** @return array{0: list<array{0: int, 1: int}>, 1: bool} */
    private static function union(array $a, array $b): array
    {
        return [CharSet::fromTable($a[0])->unionWith(CharSet::fromTable($b[0]))->ranges, $a[1] || $b[1]];
    }

    /**
     * The characters a node may read first, and whether it may let the match
     * go on past it without reading one.
     *
     * @return array{0: array{0: list<array{0: int, 1: int}>, 1: bool}, 1: bool}
     */
    private static function first(array $n): array
    {
        switch ($n['t']) {
            case 's':
                return [[$n['set'], false], false];
            case 'a':
                if ($n['a'] === Ir::END) {
                    return [[[], false], false];
                }
                if ($n['a'] === Ir::END_NL || $n['a'] === Ir::LINE_END) {
                    return [[self::NL, false], false];
                }
                return [[[], true], true];
            case 'l':
                if ($n['k'] === Ir::AHEAD || $n['k'] === Ir::NEG_AHEAD) {
                    return [self::firstSeq(Ir::items($n['body']))[0], true];
                }
                return [[[], true], true];
            case 'c':
                return self::firstSeq($n['items']);
            case 'o':
                $next = [[], false];
                $passes = false;
                foreach ($n['items'] as $b) {
                    [$f, $p] = self::first($b);
                    $next = self::union($next, $f);
                    $passes = $passes || $p;
                }
                return [$next, $passes];
            default:
                [$f, $p] = self::first($n['body']);
                return [$f, $p || $n['min'] === 0];
        }
    }

    /** @return array{0: array{0: list<array{0: int, 1: int}>, 1: bool}, 1: bool} */
    private static function firstSeq(array $items): array
    {
        $next = [[], false];
        foreach ($items as $item) {
            [$f, $passes] = self::first($item);
            $next = self::union($next, $f);
            if (!$passes) {
                return [$next, false];
            }
        }
        return [$next, true];
    }

    /** Drops possessiveness where no character of the repeated set can come next. */
    private static function possessive(array $node, array $after): array
    {
        switch ($node['t']) {
            case 'c':
                $out = [];
                $follow = $after;
                foreach (array_reverse($node['items']) as $item) {
                    [$f, $passes] = self::first($item);
                    $out[] = self::possessive($item, $follow);
                    $follow = $passes ? self::union($f, $follow) : $f;
                }
                return Ir::cat(array_reverse($out));
            case 'o':
                return Ir::alt(array_map(static fn (array $b): array => self::possessive($b, $after), $node['items']));
            case 'l':
                $inner = ($node['k'] === Ir::AHEAD || $node['k'] === Ir::NEG_AHEAD) ? [[], false] : [[], true];
                $node['body'] = self::possessive($node['body'], $inner);
                return $node;
            case 'r':
                $again = $node['max'] !== 1 && $node['max'] !== 0;
                $inner = $again ? self::union(self::first($node['body'])[0], $after) : $after;
                if ($node['poss'] && $node['body']['t'] === 's') {
                    if (!$after[1] && !CharSet::fromTable($after[0])->intersects(CharSet::fromTable($node['body']['set']))) {
                        $node['poss'] = false;
                    }
                }
                $node['body'] = self::possessive($node['body'], $inner);
                return $node;
            default:
                return $node;
        }
    }

    /**
     * Folds a one-character negative lookahead into the character set it looks at.
     *
     * @param array<string, mixed> $node
     * @return array<string, mixed>
     */
    private static function foldLookaheads(array $node): array
    {
        switch ($node['t']) {
            case 'c':
                $out = [];
                foreach ($node['items'] as $item) {
                    $item = self::foldLookaheads($item);
                    $last = $out === [] ? null : $out[\count($out) - 1];
                    if ($last !== null && $last['t'] === 'l') {
                        $folded = self::fold($last['k'], $last['body'], $item);
                        if ($folded !== null) {
                            $out[\count($out) - 1] = $folded;
                            continue;
                        }
                    }
                    $out[] = $item;
                }
                return Ir::cat($out);
            case 'o':
                return Ir::alt(array_map(self::foldLookaheads(...), $node['items']));
            case 'l':
            case 'r':
                $node['body'] = self::foldLookaheads($node['body']);
                return $node;
            default:
                return $node;
        }
    }

    /**
     * `(?!N)` (`$kind`, `$body`) followed by `$next`, as one item, when the
     * rule applies.
     *
     * @param array<string, mixed> $body
     * @param array<string, mixed> $next
     * @return array<string, mixed>|null
     */
    private static function fold(string $kind, array $body, array $next): ?array
    {
        if ($body['t'] !== 's' || $body['wide'] || $body['mb'] || $kind !== Ir::NEG_AHEAD) {
            return null;
        }
        $n = CharSet::fromTable($body['set']);
        $first = static function (array $s) use ($n): ?array {
            if ($s['mb']) {
                return null;
            }
            // Without `u`, `N` is ASCII: `S-N` keeps every byte >= 0x80 `S` has.
            $set = CharSet::fromTable($s['set'])->subtract($n);
            return $set->isEmpty() ? null : Ir::set($set->ranges, $s['wide']);
        };
        if ($next['t'] === 's') {
            return $first($next);
        }
        if ($next['t'] !== 'r' || $next['min'] < 1 || $next['poss'] || $next['body']['t'] !== 's') {
            return null;
        }
        $head = $first($next['body']);
        if ($head === null) {
            return null;
        }
        $max = $next['max'] === null ? null : $next['max'] - 1;
        if ($max === 0) {
            return $head;
        }
        $rest = $next;
        $rest['min'] = $next['min'] - 1;
        $rest['max'] = $max;
        return Ir::cat([$head, $rest]);
    }
}
