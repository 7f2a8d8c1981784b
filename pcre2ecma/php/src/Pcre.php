<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `pcre`: the PCRE2 versions the translation is made for. Every table
 * (case folding, Unicode properties) and every reading of the syntax that
 * differs between versions is kept per version; a version is claimed only
 * when the regex differential runs on it with no disagreement
 * (docs/regex.md): PCRE2 10.42 (PHP 8.2, Debian 12) and 10.46 (PHP 8.4,
 * Debian 13). On any other version every pattern is skipped.
 * Mirrors `src/pcre.rs`.
 *
 * @internal
 */
final class Pcre
{
    /**
     * PCRE2 10.42 (Unicode 14): `{,n}` and `{ n }` are literals, `\w` has no
     * marks, caseless `\p{Lu}` is `\p{Lu}`, and its first-code-unit
     * optimisation answers `(?=a)b?a` wrongly (see Lookahead).
     */
    public const V10_42 = '10.42';
    /**
     * PCRE2 10.46 (Unicode 16): `{,n}` is `{0,n}`, spaces and tabs are allowed
     * inside quantifier braces, `\w` adds Mn and Pc, `[:xdigit:]` the
     * fullwidth hex digits, caseless `\p{Lu}`/`\p{Ll}`/`\p{Lt}` are `\p{L&}`.
     */
    public const V10_46 = '10.46';

    /** PHP 8.2's `PCRE_VERSION`. */
    public const SUPPORTED = '10.42 2022-12-11';

    /** The version numbers claimed, as shown in messages. */
    public const CLAIMED = '10.42, 10.46';

    /**
     * Environment variable that replaces the version PHP reports, when set and
     * not empty: for tests of the version branches only (read once per process).
     */
    public const OVERRIDE_ENV = 'TOOL_SCHEMA_PCRE_VERSION';

    private static ?string $version = null;

    /** The version translations are checked against: the override, else PCRE_VERSION. */
    public static function version(): string
    {
        if (self::$version === null) {
            $override = getenv(self::OVERRIDE_ENV);
            self::$version = \is_string($override) && $override !== '' ? $override : PCRE_VERSION;
        }
        return self::$version;
    }

    /**
     * The claimed version (a V* constant) `$version` names (the release date
     * is not compared), or a skip.
     */
    public static function check(string $version): string
    {
        $number = explode(' ', $version, 2)[0];
        if ($number === self::V10_42 || $number === self::V10_46) {
            return $number;
        }
        $shown = substr((string) preg_replace('/[^0-9.]/', '', $number), 0, 20);
        throw new Skip(Translator::PCRE_VERSION, sprintf(
            'PCRE2 %s is not a version the translation was verified on (%s)',
            $shown === '' ? '(unknown)' : $shown,
            self::CLAIMED,
        ));
    }

    /**
     * From 10.43 on: `{,n}` is a quantifier, and spaces and tabs may stand
     * after `{`, around the comma and before `}` of a quantifier.
     */
    public static function perlBraces(string $v): bool
    {
        return $v === self::V10_46;
    }

    /**
     * From 10.45 on: under caseless matching `\p{Lu}`, `\p{Ll}` and `\p{Lt}`
     * (and their negations) are `\p{L&}`.
     */
    public static function caselessCasedLetters(string $v): bool
    {
        return $v === self::V10_46;
    }

    /** From 10.43 on: `\w` under UCP is L, N, Mn and Pc. */
    public static function wordWithMarks(string $v): bool
    {
        return $v === self::V10_46;
    }

    /** A unit from a set of one code point. */
    private const SINGLE = 1;
    /** A unit from an ASCII letter with its other case (a caseless literal). */
    private const PAIR = 2;

    /** The message of a pattern PCRE2 answers wrongly (firstUnitBug()). */
    public static function firstUnitMessage(string $v): string
    {
        return $v === self::V10_46
            ? 'PCRE2 10.46 answers this pattern wrongly (a lookahead at the start and a required literal written in the other letter case: its first code unit optimisation)'
            : 'PCRE2 10.42 answers this pattern wrongly (a lookahead at the start and a required literal: its first code unit optimisation, fixed in 10.45)';
    }

    /**
     * Whether PCRE2 10.42 may answer the pattern wrongly through its first
     * code unit optimisation. When the pattern itself sets no first code
     * unit, 10.42 takes the one a leading lookahead asserts (`(?=a)`: every
     * match starts with `a`), then looks for the required code unit (the
     * last literal every match holds) only after the match's first
     * character, and counts both in the minimum length: `/(?=a)b?a/` fails
     * on "a" and "xa". When the two units differ the match holds both
     * anyway; 10.45 takes the asserted unit only then, but compares the units
     * as written: under `i`, `/(?=a)b?A/i` still fails on "a" in 10.46.
     *
     * The check over-approximates PCRE2's: the ASCII characters a leading
     * positive lookahead may assert as the first unit
     * (`find_firstassertedcu()`: through `first_significant_code()`, which
     * skips negative lookaheads, lookbehinds, `\b` and `\B`, groups, every
     * branch, repeats of at least one, to a literal in the lookahead),
     * against the ASCII characters of every literal outside lookarounds (a
     * set of one or two code points: a character, or one with its other case
     * under `i`), letter case ignored; unless the pattern starts with a
     * character (past zero-width items) and so has a first code unit of its
     * own. On 10.46 one of the two must be a pair (a caseless literal, which
     * may be written in the other case: two single code points that are the
     * same character are the same unit). `$anchored`: the tree starts with
     * the `^` the `A` modifier put there, which is no opcode in PCRE2.
     *
     * @param array<string, mixed> $root
     */
    public static function firstUnitBug(array $root, bool $anchored, string $v): bool
    {
        $items = $root['t'] === 'c' ? $root['items'] : [$root];
        if ($anchored && ($items[0]['t'] ?? '') === 'a' && $items[0]['a'] === Ir::START) {
            $items = \array_slice($items, 1);
        }
        if (self::startsWithChar($items)) {
            // The pattern sets its own first code unit: no asserted one is taken.
            return false;
        }
        $asserted = self::leadingUnits($items, false);
        if ($asserted === null) {
            return false;
        }
        $literals = [];
        foreach ($items as $item) {
            self::literalUnits($item, $literals);
        }
        $pairNeeded = $v === self::V10_46;
        foreach ($asserted as $c => $a) {
            $l = $literals[$c] ?? 0;
            if ($l !== 0 && (!$pairNeeded || (($a | $l) & self::PAIR) !== 0)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the first item that reads a character, past the zero-width
     * ones, is one fixed code point (PCRE2 then has a first code unit of its own).
     *
     * @param list<array<string, mixed>> $items
     */
    private static function startsWithChar(array $items): bool
    {
        foreach ($items as $item) {
            if ($item['t'] === 'l' || ($item['t'] === 'a' && ($item['a'] === Ir::WORD_B || $item['a'] === Ir::NOT_WORD_B))) {
                continue;
            }
            return $item['t'] === 's' && \count($item['set']) === 1 && $item['set'][0][0] === $item['set'][0][1];
        }
        return false;
    }

    /**
     * The ASCII characters (lower case, as keys) of a set of one or two code
     * points, marked SINGLE or PAIR.
     *
     * @param list<array{0: int, 1: int}> $set
     * @param array<int, int> $into
     */
    private static function markLiteral(array $set, array &$into): void
    {
        $size = 0;
        foreach ($set as [$lo, $hi]) {
            $size += $hi - $lo + 1;
        }
        if ($size > 2) {
            return;
        }
        // A pair is a letter with its other case; other pairs are classes,
        // which are no unit at all (marked as single code points: no case to differ).
        $pair = $size === 2 && \count($set) === 2 && $set[0][0] >= 0x41 && $set[0][0] <= 0x5A && $set[1][0] === $set[0][0] + 0x20;
        $mark = $pair ? self::PAIR : self::SINGLE;
        foreach ($set as [$lo, $hi]) {
            for ($cp = $lo; $cp <= min($hi, 0x7F); $cp++) {
                $k = \ord(strtolower(\chr($cp)));
                $into[$k] = ($into[$k] ?? 0) | $mark;
            }
        }
    }

    /** @param array<string, mixed> $node */
    private static function items(array $node): array
    {
        return $node['t'] === 'c' ? $node['items'] : [$node];
    }

    /**
     * The first units (ASCII, lower case, as keys) the first significant
     * item of `$items` may assert (`$inLook`: inside a positive lookahead,
     * where literals count), or null where PCRE2 finds none: as in
     * `find_firstassertedcu()`, every branch of an alternation must assert one.
     *
     * @param list<array<string, mixed>> $items
     * @return array<int, int>|null
     */
    private static function leadingUnits(array $items, bool $inLook): ?array
    {
        foreach ($items as $item) {
            switch ($item['t']) {
                case 'a':
                    if ($item['a'] === Ir::WORD_B || $item['a'] === Ir::NOT_WORD_B) {
                        continue 2;
                    }
                    return null;
                case 'l':
                    if ($item['k'] !== Ir::AHEAD) {
                        continue 2;
                    }
                    return self::leadingUnits(self::items($item['body']), true);
                case 's':
                    $units = [];
                    if ($inLook) {
                        self::markLiteral($item['set'], $units);
                    }
                    return $units === [] ? null : $units;
                case 'c':
                    return self::leadingUnits($item['items'], $inLook);
                case 'o':
                    $units = [];
                    foreach ($item['items'] as $b) {
                        $got = self::leadingUnits(self::items($b), $inLook);
                        if ($got === null) {
                            return null;
                        }
                        foreach ($got as $c => $m) {
                            $units[$c] = ($units[$c] ?? 0) | $m;
                        }
                    }
                    return $units;
                default:
                    return $item['min'] >= 1 ? self::leadingUnits(self::items($item['body']), $inLook) : null;
            }
        }
        return null;
    }

    /**
     * Marks the units of every literal of the tree outside lookarounds (the
     * required code unit PCRE2 may pick; one it takes from a lookahead is a
     * character after the lookahead's first, so never at the match start).
     *
     * @param array<string, mixed> $node
     * @param array<int, int> $into
     */
    private static function literalUnits(array $node, array &$into): void
    {
        switch ($node['t']) {
            case 's':
                self::markLiteral($node['set'], $into);
                return;
            case 'a':
            case 'l':
                return;
            case 'c':
            case 'o':
                foreach ($node['items'] as $item) {
                    self::literalUnits($item, $into);
                }
                return;
            default:
                self::literalUnits($node['body'], $into);
        }
    }
}
