<?php

// The branches of the PCRE2 version check, in both implementations.
//
// Usage: php tests/regex/pcre_version.php [EXTENSION.so]
//
// The translation is verified on PCRE2 10.42 (PHP 8.2) and 10.46 (PHP 8.4 on
// Debian 13), each with its own tables and readings. The PHP twin reads
// PCRE_VERSION, the extension reads the same constant at module startup;
// both take TOOL_SCHEMA_PCRE_VERSION instead when it is set (for this test
// only). Each case runs a child PHP with the pure-PHP implementation and,
// when an extension is given, with the extension, and requires the expected
// schema and warnings, byte-identical between the two: a pattern every
// claimed version reads alike, one that 10.42 and 10.46 read differently
// (`{,2}`), and one that 10.42 answers wrongly (`(?=a)b?a`).
declare(strict_types=1);

$root = dirname(__DIR__, 2);
$so = $argv[1] ?? '';
$child = <<<'PHP'
require getenv('TOOL_SCHEMA_ROOT') . '/php/autoload.php';
$out = [ToolSchema\IMPLEMENTATION];
foreach (['/^a$/', '/^a{,2}$/D', '/(?=a)b?a/'] as $p) {
    $w = null;
    $s = ToolSchema\normalize_schema(['type' => 'string', 'constraints' => ['Regex' => $p]], [], $w);
    $out[] = [$s, $w];
}
echo json_encode($out, JSON_UNESCAPED_SLASHES);
PHP;

$refused = static function (string $shown): array {
    $one = [['type' => 'string'], [['code' => 'regex_pcre_version', 'path' => 'constraints.Regex', 'message' => "PCRE2 $shown is not a version the translation was verified on (10.42, 10.46)"]]];
    return [$one, $one, $one];
};
$v1042 = [
    [['type' => 'string', 'pattern' => '^a$'], []],
    [['type' => 'string', 'pattern' => '^a\{,2\}$'], []],
    [['type' => 'string'], [['code' => 'regex_pcre_version', 'path' => 'constraints.Regex', 'message' => 'PCRE2 10.42 answers this pattern wrongly (a lookahead at the start and a required literal: its first code unit optimisation, fixed in 10.45)']]],
];
$v1046 = [
    [['type' => 'string', 'pattern' => '^a$'], []],
    [['type' => 'string', 'pattern' => '^a{0,2}$'], []],
    [['type' => 'string', 'pattern' => '(?=a)b?a'], []],
];
$own = match (explode(' ', PCRE_VERSION)[0]) {
    '10.42' => $v1042,
    '10.46' => $v1046,
    default => $refused(explode(' ', PCRE_VERSION)[0]),
};
$cases = [
    // [TOOL_SCHEMA_PCRE_VERSION or null, expected [schema, warnings] per pattern]
    [null, $own],
    ['10.42 2022-12-11', $v1042],
    ['10.42 2030-01-01', $v1042],
    ['10.46 2025-08-27', $v1046],
    ['10.43 2024-02-16', $refused('10.43')],
    ['10.44 2024-06-07', $refused('10.44')],
    ['10.45 2025-02-05', $refused('10.45')],
    ['10.40 2022-04-14', $refused('10.40')],
    ['10.4', $refused('10.4')],
    ['', $own],
    ['garbage', $refused('(unknown)')],
];
$runs = [['php', []]];
if ($so !== '') {
    $runs[] = ['native', ['-d', 'extension=' . $so]];
}
$failures = 0;
foreach ($cases as [$version, $expected]) {
    $outputs = [];
    foreach ($runs as [$impl, $args]) {
        $env = getenv();
        $env['TOOL_SCHEMA_ROOT'] = $root;
        unset($env['TOOL_SCHEMA_PCRE_VERSION']);
        if ($version !== null) {
            $env['TOOL_SCHEMA_PCRE_VERSION'] = $version;
        }
        $cmd = array_merge([PHP_BINARY], $args, ['-r', $child]);
        $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $root, $env);
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        proc_close($proc);
        $got = json_decode((string) $out, true);
        $label = sprintf('%s with %s', $impl, $version === null ? 'PHP\'s own PCRE_VERSION (' . PCRE_VERSION . ')' : json_encode($version));
        if (!is_array($got) || $got[0] !== $impl) {
            echo "FAIL $label: unexpected output $out $err\n";
            $failures++;
            continue;
        }
        if (\array_slice($got, 1) !== $expected) {
            echo "FAIL $label: got ", json_encode(\array_slice($got, 1), JSON_UNESCAPED_SLASHES), ' expected ', json_encode($expected, JSON_UNESCAPED_SLASHES), "\n";
            $failures++;
            continue;
        }
        $outputs[] = $out;
        echo "ok   $label: ", implode('; ', array_map(static fn (array $e): string => $e[1] === [] ? 'translated' : 'skipped', $expected)), "\n";
    }
    if (count(array_unique(array_map(static fn (string $o): string => (string) preg_replace('/^\["(php|native)"/', '', $o), $outputs))) > 1) {
        echo "FAIL the implementations differ for ", json_encode($version), "\n";
        $failures++;
    }
}
if ($failures > 0) {
    echo "$failures failure(s)\n";
    exit(1);
}
echo "pcre version check: OK (", count($cases), ' versions, ', count($runs), " implementation(s))\n";
