<?php

// The case sets and Unicode tables the PHP twin assembles for each claimed
// PCRE2 version (CaseFold::sets(), Ucd::tables(): the base version's whole
// tables, a later version's built from them and its differences) are the ones
// read from that PCRE2: their sha256, over the serialization below, is the
// checksum of the whole tables as read. The Rust side's unit tests
// (src/casefold.rs, src/ucd.rs) hash the same serialization to the same
// values, so a regenerated table that differs changes them in both places.
// Runs on any PHP (no PCRE2 is consulted).
// Usage: php tests/regex/tables_checksum.php
declare(strict_types=1);

use ToolSchema\Regex\CaseFold;
use ToolSchema\Regex\Pcre;
use ToolSchema\Regex\Ucd;

require __DIR__ . '/../../php/autoload.php';

$expected = [
    'case sets 10.42' => 'e2cc0b4a40199077a56ccdb1ea03f86428e675cedc29b10de89bc636d52d71ae',
    'case sets 10.46' => 'c0245b5f7bc378082298d56b48a317d48177aa3e6719ac4371da4fb2d0ecabc1',
    'Unicode tables 10.42' => '621f534292667ac427aa161219a1dd0e640f3a3990273983e08325ba77224568',
    'Unicode tables 10.46' => '8872fe11f3e6d72c0a9690db0bdd3411372731c44063e5fa1ec1c7444beee037',
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
    $got["case sets $v"] = hash('sha256', $sets(CaseFold::sets($v)));
    $got["Unicode tables $v"] = hash('sha256', $tables(Ucd::tables($v)));
}
$failed = 0;
foreach ($expected as $what => $sum) {
    if (($got[$what] ?? '') !== $sum) {
        fwrite(STDERR, "$what: sha256 " . ($got[$what] ?? 'missing') . ", expected $sum\n");
        $failed++;
    }
}
if ($failed > 0) {
    exit(1);
}
echo 'tables: ', implode(', ', array_keys($expected)), " match their checksums\n";
