<?php

// Writes a random corpus (same format as corpus.json) of PCRE patterns built
// from the constructs the translator handles, for the differential test:
//   php tests/regex/fuzz.php SEED COUNT > target/regex-fuzz.json
// (scripts/test.d/40-regex.sh runs it with a fixed seed). mt_rand with a seed
// is deterministic, so a failure is reproducible.
declare(strict_types=1);

mt_srand((int) ($argv[1] ?? 1));
$count = (int) ($argv[2] ?? 2000);

$atoms = [
    'a', 'b', 'k', 's', 'K', 'é', '1', '-', ' ', '\.', '\/', '\d', '\D', '\s', '\S', '\w', '\W', '\h', '\v',
    '.', '[a-c]', '[^a]', '[^\d]', '[k-s]', '[^<>]', '[\s\S]', '[[:alpha:]]', '[[:^space:]]', '[[:digit:]]',
    '\x{212A}', 'ſ', '\n', '\r', '\t', '\x41', '\x{A0}', '١', '\b', '\B', '^', '$', '\A', '\z', '\Z',
    '\p{Lu}', '\PL', '\pC', '[^\PC]', '\p{Nd}', '[\x80-\xff]', '[^\x{80}-\x{F7}a]', '[a\x80-\xff]', '\N', '\N{U+41}',
    '[[:<:]]', '[[:>:]]', '[[:alpha:]]', '[[:^punct:]]', '[-.]', '[a-z0-9]', '\w+', '[_.-]?',
    '(?:a|ab)', '(?:a?b?)', '(?:[a-c]+)+', '(?:a?){3}', '(?:b|a?)', '(?:\d+\.?)+',
];
$quants = ['', '', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '{1,}', '*?', '+?', '??', '++', '*+', '?+'];
$opens = ['(?:', '(', '(?=', '(?!', '(?<=', '(?<!', '(?i:', '(?-i:', '(?s:', '(?m:', '(?<n%d>', '(?>', '(?:', '('];
$mods = ['', '', 'u', 'u', 'i', 'iu', 'm', 'mu', 's', 'su', 'D', 'Du', 'U', 'x', 'A', 'imsu', 'xu', 'iD'];
$names = 0;

$gen = static function (int $depth) use (&$gen, $atoms, $quants, $opens, &$names): string {
    $n = mt_rand(1, 4);
    $out = '';
    for ($i = 0; $i < $n; $i++) {
        if ($depth < 3 && mt_rand(0, 9) < 2) {
            $open = sprintf($opens[mt_rand(0, count($opens) - 1)], ++$names);
            $alt = $gen($depth + 1);
            if (mt_rand(0, 2) === 0) {
                $alt .= '|' . $gen($depth + 1);
            }
            $out .= $open . $alt . ')';
        } else {
            $out .= $atoms[mt_rand(0, count($atoms) - 1)];
        }
        $out .= $quants[mt_rand(0, count($quants) - 1)];
    }
    return $out;
};

$base = json_decode((string) file_get_contents(__DIR__ . '/corpus.json'), true, 512, JSON_THROW_ON_ERROR);
$subjects = ['ab', 'aab', 'ba', 'abc', 'kK', 'sS', 'éé', 'aé', "a\nb", "a\r\nb", 'a1', '1a', 'a b', 'a-b', 'a.b', 'A1', "\t1"];
$seen = [];
$patterns = [];
while (count($patterns) < $count) {
    $names = 0;
    $source = '/' . $gen(0) . '/' . $mods[mt_rand(0, count($mods) - 1)];
    if (isset($seen[$source])) {
        continue;
    }
    $seen[$source] = true;
    $patterns[] = ['source' => $source, 'subjects' => $subjects];
}
echo json_encode(['traps' => $base['traps'], 'affixes' => $base['affixes'], 'patterns' => $patterns], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n";
