<?php

// Regenerates the case-folding tables (src/casefold_*.rs and
// php/src/CaseFold*.php) from PHP's own PCRE2: every set of code points
// that /iu matches as one character. Candidates come from mbstring's simple
// case mappings, each pair is confirmed with preg_match, and the result is
// verified exhaustively: each member of each set matches exactly its set over
// all code points, and every 0x800-wide range matches exactly its closure.
// One pair of files per claimed PCRE2 version, from a PHP that runs it. The
// first version, 10.42 (PHP 8.2), is the base: its files hold the whole table
// (src/casefold_10_42.rs, php/src/CaseFold1042.php). A later version's files
// (the 10_46 / 1046 pair, from PHP 8.4 on Debian 13: scripts/trixie.sh run)
// hold only its differences from the committed base, the sets it removes and
// adds (a changed set is both), which casefold::sets() / CaseFold::sets()
// apply; so regenerate the base first, then every later version. The run
// ends by checking that the library's assembled table is the one it read.
// Usage: php tests/regex/build_casefold.php   (needs mbstring; ~10 s)
declare(strict_types=1);

use ToolSchema\Regex\CaseFold;

ini_set('memory_limit', '2G');
// The claimed versions, the base first.
$versions = ['10.42', '10.46'];
$base = $versions[0];
$version = explode(' ', PCRE_VERSION)[0];
if (!\in_array($version, $versions, true)) {
    fwrite(STDERR, 'tables are made for the claimed PCRE2 versions (' . implode(', ', $versions) . '); this PHP has ' . PCRE_VERSION . "\n");
    exit(1);
}
require __DIR__ . '/../../php/autoload.php';
$tag = str_replace('.', '_', $version);
$classTag = str_replace('.', '', $version);
$phpVersion = PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$parent = [];
$find = static function (int $x) use (&$parent): int {
    while (isset($parent[$x]) && $parent[$x] !== $x) {
        $x = $parent[$x];
    }
    return $x;
};
for ($cp = 0; $cp <= 0x10FFFF; $cp++) {
    if ($cp >= 0xD800 && $cp <= 0xDFFF) {
        continue;
    }
    $c = mb_chr($cp, 'UTF-8');
    foreach ([MB_CASE_LOWER_SIMPLE, MB_CASE_UPPER_SIMPLE, MB_CASE_TITLE_SIMPLE, MB_CASE_FOLD_SIMPLE] as $mode) {
        $d = mb_convert_case($c, $mode, 'UTF-8');
        if ($d === $c || mb_strlen($d, 'UTF-8') !== 1 || preg_match('/^\x{' . dechex($cp) . '}$/iu', $d) !== 1) {
            continue;
        }
        $ra = $find($cp);
        $rb = $find(mb_ord($d, 'UTF-8'));
        $parent[$ra] = $parent[$ra] ?? $ra;
        $parent[$rb] = $parent[$rb] ?? $rb;
        $parent[max($ra, $rb)] = min($ra, $rb);
    }
}
$sets = [];
foreach (array_keys($parent) as $x) {
    $sets[$find($x)][] = $x;
}
$sets = array_values(array_filter(array_map(static function (array $s): array {
    $s = array_values(array_unique($s));
    sort($s);
    return $s;
}, $sets), static fn (array $s): bool => count($s) > 1));
usort($sets, static fn (array $a, array $b): int => $a[0] <=> $b[0]);

// Exhaustive verification against PCRE2.
$all = '';
for ($cp = 0; $cp <= 0x10FFFF; $cp++) {
    if ($cp < 0xD800 || $cp > 0xDFFF) {
        $all .= mb_chr($cp, 'UTF-8');
    }
}
$setOf = [];
foreach ($sets as $i => $s) {
    foreach ($s as $cp) {
        $setOf[$cp] = $i;
    }
}
foreach ($sets as $s) {
    foreach ($s as $member) {
        preg_match_all('/\x{' . dechex($member) . '}/iu', $all, $m);
        $got = array_map(static fn (string $c): int => mb_ord($c, 'UTF-8'), $m[0]);
        sort($got);
        if ($got !== $s) {
            fwrite(STDERR, sprintf("U+%X: PCRE folds to %s\n", $member, json_encode($got)));
            exit(1);
        }
    }
}
for ($lo = 0; $lo <= 0x10FFFF; $lo += 0x800) {
    $hi = $lo + 0x7FF;
    if ($lo >= 0xD800 && $hi <= 0xDFFF) {
        continue;
    }
    $members = [];
    for ($cp = $lo; $cp <= $hi; $cp++) {
        if ($cp >= 0xD800 && $cp <= 0xDFFF) {
            continue;
        }
        $members[$cp] = true;
        foreach (isset($setOf[$cp]) ? $sets[$setOf[$cp]] : [] as $x) {
            $members[$x] = true;
        }
    }
    if (preg_match_all(sprintf('/[\x{%X}-\x{%X}]/iu', $lo, $hi), $all) !== count($members)) {
        fwrite(STDERR, sprintf("range U+%X-U+%X: closure differs\n", $lo, $hi));
        exit(1);
    }
}

$hex = static fn (array $s): string => implode(', ', array_map(static fn (int $cp): string => sprintf('0x%X', $cp), $s));
$baseTag = str_replace('.', '_', $base);
$baseClassTag = str_replace('.', '', $base);
$rust = "//! Case-insensitive sets of PCRE2 $version under `/iu` (read from PHP $phpVersion):\n"
    . "//! each list is one set of code points that match each other caselessly.\n";
$php = "<?php\n\ndeclare(strict_types=1);\n\nnamespace ToolSchema\\Regex;\n\n"
    . "/**\n * Case-insensitive sets of PCRE2 $version under /iu (read from PHP $phpVersion):\n"
    . " * each list is one set of code points that match each other caselessly.\n";
if ($version === $base) {
    $later = array_slice($versions, 1);
    $rust .= "//! The base table: the later versions' files ("
        . implode(', ', array_map(static fn (string $v): string => 'casefold_' . str_replace('.', '_', $v) . '.rs', $later))
        . ") hold only their differences from it.\n";
    $php .= " * The base table: the later versions' files ("
        . implode(', ', array_map(static fn (string $v): string => 'CaseFold' . str_replace('.', '', $v) . '.php', $later))
        . ") hold only their differences from it.\n";
} else {
    $rust .= "//! Written as the differences from $base's table (casefold_$baseTag.rs),\n"
        . "//! which `casefold::sets()` applies.\n";
    $php .= " * Written as the differences from $base's table (CaseFold$baseClassTag.php),\n"
        . " * which CaseFold::sets() applies.\n";
}
$rust .= "//! Generated by tests/regex/build_casefold.php (verified against preg_match); do not edit.\n"
    . "//! Mirrors `php/src/CaseFold$classTag.php`.\n\n";
$php .= " * Generated by tests/regex/build_casefold.php (verified against preg_match); do not edit.\n"
    . " * Mirrors `src/casefold_$tag.rs`.\n *\n * @internal\n */\nfinal class CaseFold$classTag\n{\n";
// One list of sets, one set a line (the base's is CASE_SETS in Rust, SETS in PHP).
$list = static function (string $name, array $sets, string $doc) use (&$rust, &$php, $hex): void {
    $rust .= "/// $doc\n#[rustfmt::skip]\npub const " . ($name === 'SETS' ? 'CASE_SETS' : $name) . ": &[&[u32]] = &[";
    $php .= "    /** $doc */\n    public const $name = [";
    foreach ($sets as $s) {
        $rust .= "\n    &[" . $hex($s) . '],';
        $php .= "\n        [" . $hex($s) . '],';
    }
    $rust .= ($sets === [] ? '' : "\n") . "];\n";
    $php .= ($sets === [] ? '' : "\n    ") . "];\n";
};
if ($version === $base) {
    $list('SETS', $sets, 'The sets, in the order of their smallest member.');
} else {
    $key = static fn (array $s): string => implode(',', $s);
    $baseSets = CaseFold::sets($base);
    $inBase = array_flip(array_map($key, $baseSets));
    $inThis = array_flip(array_map($key, $sets));
    $list('REMOVED', array_values(array_filter($baseSets, static fn (array $s): bool => !isset($inThis[$key($s)]))),
        "The sets of $base that $version does not have (gone, or changed: the new set is in `ADDED`).");
    $rust .= "\n";
    $php .= "\n";
    $list('ADDED', array_values(array_filter($sets, static fn (array $s): bool => !isset($inBase[$key($s)]))),
        "The sets of $version that $base does not have (new, or changed), in the order of their smallest member.");
}
$php .= "}\n";
$rustPath = __DIR__ . "/../../src/casefold_$tag.rs";
if ($version === $base && is_file($rustPath) && file_get_contents($rustPath) !== $rust) {
    echo "the base table changed: regenerate the later versions' files on their PHP\n";
}
file_put_contents($rustPath, $rust);
file_put_contents(__DIR__ . "/../../php/src/CaseFold$classTag.php", $php);
// The library assembles exactly the table read (the file just written is
// loaded now, for the first time in this run).
if (CaseFold::sets($version) !== $sets) {
    fwrite(STDERR, "CaseFold::sets('$version') differs from the sets read\n");
    exit(1);
}
echo count($sets), " case sets written\n";
