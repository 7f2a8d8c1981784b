<?php

// The case sets and Unicode tables the PHP twin assembles for each claimed
// PCRE2 version (CaseFold::sets(), Ucd::tables(): the base version's whole
// tables, a later version's built from them and its differences) are the ones
// read from that PCRE2: their FNV-1a checksum (fnv1a64), over the
// serialization below, is that of the whole tables as read. The Rust side's
// tests/tables.rs hashes the same serialization to the same values, so a
// regenerated table that differs changes them in both places. The checksum
// guards against a table assembled wrongly, not against tampering.
// Runs on any PHP (no PCRE2 is consulted).
// Usage: php tests/regex/tables_checksum.php
declare(strict_types=1);

use ToolSchema\Regex\CaseFold;
use ToolSchema\Regex\Pcre;
use ToolSchema\Regex\Ucd;

require __DIR__ . '/../../php/autoload.php';

$expected = [
    'case sets 10.42' => '38dd9f53f304903c',
    'case sets 10.46' => '1f64ca9c1d2bc577',
    'Unicode tables 10.42' => '38cd4fba25ae8744',
    'Unicode tables 10.46' => 'a81f721a44c72dca',
];

// The sets one per line, each as its members in decimal joined by `,`.
$sets = static function (array $sets): string {
    $out = '';
    foreach ($sets as $set) {
        $out .= implode(',', $set) . "\n";
    }
    return $out;
};
// One line per table, the leaf categories in order then graph, print, punct,
// xdigit, xps, xsp, xuc: its name, `:`, and its ranges as `lo-hi` in decimal
// joined by `,`.
$tables = static function (array $t): string {
    $out = '';
    $named = $t['gc'];
    foreach (['graph', 'print', 'punct', 'xdigit', 'xps', 'xsp', 'xuc'] as $name) {
        $named[$name] = $t[$name];
    }
    foreach ($named as $name => $ranges) {
        $out .= $name . ':' . implode(',', array_map(static fn (array $r): string => $r[0] . '-' . $r[1], $ranges)) . "\n";
    }
    return $out;
};
$got = [];
foreach ([Pcre::V10_42, Pcre::V10_46] as $v) {
    $got["case sets $v"] = hash('fnv1a64', $sets(CaseFold::sets($v)));
    $got["Unicode tables $v"] = hash('fnv1a64', $tables(Ucd::tables($v)));
}
$failed = 0;
foreach ($expected as $what => $sum) {
    if (($got[$what] ?? '') !== $sum) {
        fwrite(STDERR, "$what: fnv1a64 " . ($got[$what] ?? 'missing') . ", expected $sum\n");
        $failed++;
    }
}
if ($failed > 0) {
    exit(1);
}
echo 'tables: ', implode(', ', array_keys($expected)), " match their checksums\n";
