<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * PCRE2's caseless sets under /iu, one generated class per claimed version
 * (CaseFold1042, CaseFold1046: tests/regex/build_casefold.php run on the PHP
 * that has that PCRE2).
 * Mirrors `src/casefold.rs`.
 *
 * @internal
 */
final class CaseFold
{
    /**
     * The case sets of `$version` (a Pcre::V* constant).
     *
     * @return list<list<int>>
     */
    public static function sets(string $version): array
    {
        return $version === Pcre::V10_46 ? CaseFold1046::SETS : CaseFold1042::SETS;
    }
}
