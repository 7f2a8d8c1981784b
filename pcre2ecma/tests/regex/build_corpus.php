<?php

// Regenerates tests/regex/corpus.json from tests/regex/corpus_source.php.
declare(strict_types=1);

$entries = require __DIR__ . '/corpus_source.php';
$traps = [
    '', "\n", "\r", "\r\n", ' ', "\t", 'a', 'A', 'abc', 'ABC', '0', '5', '123', '12345',
    "\u{A0}", "\u{2028}", "\u{2029}", "\u{85}", "\u{FEFF}", "\u{180E}", "\u{3000}",
    "\u{212A}", 'k', 'K', "\u{17F}", 's', 'S', 'é', 'É', 'ß', "\u{130}", "\u{131}",
    'ẞ', 'ς', 'Σ', 'µ', 'Μ', 'ϑ', "\u{212B}", 'Å', 'ǅ', 'Ǆ',
    '١٢٣', '１２３', "\u{1D7D8}", "\u{1E4F0}", "\u{11F50}", "\u{1F600}", '_', '-', 'a-b', 'a b',
];
$affixes = [["", "\n"], ["\n", ""], ["", "\r"], ["", "\r\n"], ["", "\u{2028}"], ["", "\u{A0}"], ["", 'é'], ['é', ''], ["", ' '], ['x', '']];
$out = ['traps' => $traps, 'affixes' => $affixes, 'patterns' => []];
$seen = [];
foreach ($entries as [$pattern, $subjects]) {
    if (isset($seen[$pattern])) {
        fwrite(STDERR, "duplicate pattern: $pattern\n");
        exit(1);
    }
    $seen[$pattern] = true;
    $out['patterns'][] = ['source' => $pattern, 'subjects' => array_values($subjects)];
}
file_put_contents(__DIR__ . '/corpus.json', json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR) . "\n");
echo count($out['patterns']), " patterns\n";
