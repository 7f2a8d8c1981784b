<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * PCRE2's caseless sets under /iu, per claimed version. The generated classes
 * (tests/regex/build_casefold.php, run on the PHP that has that PCRE2) hold
 * one whole table, 10.42's (CaseFold1042), and for each later version only
 * its differences from it (CaseFold1046): most sets are the same in every
 * version, and sets() assembles a later version's table once, at first use.
 * Mirrors `src/casefold.rs`.
 *
 * @internal
 */
final class CaseFold
{
    /** @var list<list<int>>|null 10.46's sets, once assembled */
    private static ?array $v1046 = null;

    /**
     * The case sets of `$version` (a Pcre::V* constant): each one set of code
     * points that match each other caselessly, the sets in the order of their
     * smallest member.
     *
     * @return list<list<int>>
     */
    public static function sets(string $version): array
    {
        if ($version === Pcre::V10_46) {
            return self::$v1046 ??= self::patched(CaseFold1042::SETS, CaseFold1046::REMOVED, CaseFold1046::ADDED);
        }
        return CaseFold1042::SETS;
    }

    /**
     * The sets of `$base` without those in `$removed`, with those in `$added`:
     * each set is whole in one of the three lists (a changed set is removed and
     * added), and sets never share a member, so ordering by the smallest member
     * restores the generator's order.
     *
     * @param list<list<int>> $base
     * @param list<list<int>> $removed
     * @param list<list<int>> $added
     * @return list<list<int>>
     */
    private static function patched(array $base, array $removed, array $added): array
    {
        $out = [];
        foreach ($base as $set) {
            if (!\in_array($set, $removed, true)) {
                $out[] = $set;
            }
        }
        foreach ($added as $set) {
            $out[] = $set;
        }
        usort($out, static fn (array $a, array $b): int => $a[0] <=> $b[0]);
        return $out;
    }
}
