<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * PCRE2's Unicode property tables, one generated class per claimed version
 * (Ucd1042: Unicode 14, Ucd1046: Unicode 16; both written by
 * tests/regex/build_ucd.php from the PHP that runs that PCRE2).
 * Mirrors `src/ucd.rs`.
 *
 * @internal
 */
final class Ucd
{
    /**
     * The tables of `$version` (a Pcre::V* constant): `gc` (leaf general
     * categories by name), `graph`, `print`, `punct`, `xdigit`, `xps`, `xsp`, `xuc`.
     *
     * @return array<string, mixed>
     */
    public static function tables(string $version): array
    {
        return $version === Pcre::V10_46 ? Ucd1046::TABLES : Ucd1042::TABLES;
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
}
