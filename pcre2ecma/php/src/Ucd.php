<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * PCRE2's Unicode property tables, per claimed version. The generated classes
 * (tests/regex/build_ucd.php, run on the PHP that has that PCRE2) hold every
 * table of 10.42 (Ucd1042: Unicode 14), and for each later version only the
 * code points each table loses and gains (Ucd1046: Unicode 16): a Unicode
 * update changes a few ranges of a few tables, and tables() assembles a later
 * version's tables once, at first use.
 * Mirrors `src/ucd.rs`.
 *
 * @internal
 */
final class Ucd
{
    /** @var array<string, mixed>|null 10.46's tables, once assembled */
    private static ?array $v1046 = null;

    /**
     * The tables of `$version` (a Pcre::V* constant): `gc` (leaf general
     * categories by name), `graph`, `print`, `punct`, `xdigit`, `xps`, `xsp`, `xuc`.
     *
     * @return array<string, mixed>
     */
    public static function tables(string $version): array
    {
        if ($version === Pcre::V10_46) {
            return self::$v1046 ??= self::patched(Ucd1042::TABLES, Ucd1046::REMOVED, Ucd1046::ADDED);
        }
        return Ucd1042::TABLES;
    }

    /**
     * One leaf general category (`'Lu'`) of `$version`; empty for an unknown name.
     *
     * @return list<array{0: int, 1: int}>
     */
    public static function gc(string $version, string $name): array
    {
        return self::tables($version)['gc'][$name] ?? [];
    }

    /**
     * `$base` with, in each table, the code points `$removed` lists for it
     * taken out and those `$added` lists put in (both by table name: a leaf
     * category, `'Lu'`, or a key of the tables, `'graph'`).
     *
     * @param array<string, mixed> $base
     * @param array<string, list<array{0: int, 1: int}>> $removed
     * @param array<string, list<array{0: int, 1: int}>> $added
     * @return array<string, mixed>
     */
    private static function patched(array $base, array $removed, array $added): array
    {
        $table = static function (string $name, array $table) use ($removed, $added): array {
            $out = $removed[$name] ?? [];
            $into = $added[$name] ?? [];
            return $out === [] && $into === [] ? $table : self::toggled($table, $out, $into);
        };
        foreach ($base['gc'] as $name => $ranges) {
            $base['gc'][$name] = $table($name, $ranges);
        }
        foreach (['graph', 'print', 'punct', 'xdigit', 'xps', 'xsp', 'xuc'] as $name) {
            $base[$name] = $table($name, $base[$name]);
        }
        return $base;
    }

    /**
     * The code points that are in an odd number of `$tables`, as a range table.
     * With a base table, code points of it to remove and code points outside it
     * to add (as the generator writes them), that is the patched table. Works
     * on the edges of the ranges (where membership starts, `lo`, and ends,
     * `hi + 1`): a point is an edge of the result when it is an edge in an odd
     * number of the tables.
     *
     * @param list<array{0: int, 1: int}> ...$tables
     * @return list<array{0: int, 1: int}>
     */
    private static function toggled(array ...$tables): array
    {
        $edges = [];
        foreach ($tables as $t) {
            foreach ($t as [$lo, $hi]) {
                $edges[] = $lo;
                $edges[] = $hi + 1;
            }
        }
        sort($edges);
        $odd = [];
        foreach ($edges as $edge) {
            if ($odd !== [] && $odd[\count($odd) - 1] === $edge) {
                array_pop($odd);
            } else {
                $odd[] = $edge;
            }
        }
        $out = [];
        for ($i = 0, $n = \count($odd); $i < $n; $i += 2) {
            $out[] = [$odd[$i], $odd[$i + 1] - 1];
        }
        return $out;
    }
}
