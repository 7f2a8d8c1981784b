<?php

declare(strict_types=1);

// The outputs of the public functions on every fixture case and on seeded
// random definitions, values and options, one line per case, for comparing a
// tree before and after a change that must not alter output (issue 18's gate:
// scripts/snapshot.sh). Only the public API is called (ToolSchema\
// normalize_schema, coerce_input, fit_budget): the extension's when it is
// loaded, the pure-PHP twin's otherwise, so the same script reads any tree.
// Usage: php tests/snapshot/snapshot.php SEED COUNT > FILE

use ToolSchema\Tests\Fixtures;
use ToolSchema\Tests\Generator;
use ToolSchema\Tests\Implementations;

require __DIR__ . '/../phpunit/bootstrap.php';

$seed = (int) ($argv[1] ?? 20261201);
$count = (int) ($argv[2] ?? 2000);
$flags = Implementations::JSON | JSON_INVALID_UTF8_SUBSTITUTE;

$normalize = static function (array $d, array $o, &$w): array {
    return \ToolSchema\normalize_schema($d, $o, $w);
};
$coerce = static fn (mixed $v, array $d, array $o): mixed => \ToolSchema\coerce_input($v, $d, $o);
$line = static function (string $name, string $outcome): void {
    echo $name, "\t", str_replace(["\\", "\n"], ["\\\\", "\\n"], $outcome), "\n";
};

foreach (Fixtures::all() as $name => ['case' => $case]) {
    $fn = $case['function'] ?? '';
    if ($fn === 'coerce') {
        $line("fixture $name", Implementations::coerceOutcome($coerce, $case['input'] ?? null, $case['definition'], $case['options'] ?? []));
    } elseif (isset($case['definition'])) {
        $line("fixture $name", Implementations::normalizeOutcome($normalize, $case['definition'], $case['options'] ?? []));
    }
}

foreach (glob(__DIR__ . '/../budget/*.json') as $file) {
    foreach (json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR)['cases'] as $case) {
        $w = null;
        try {
            $out = \ToolSchema\fit_budget($case['tools'], $case['options'] ?? [], $w);
            $outcome = json_encode($out, $flags) . "\nwarnings: " . json_encode($w, $flags);
        } catch (\Throwable $e) {
            $outcome = \get_class($e) . ': ' . $e->getMessage();
        }
        $line('budget ' . $case['name'], $outcome);
    }
}

$g = new Generator($seed);
$profiles = [null, 'mcp', 'openai', 'anthropic', 'gemini'];
for ($i = 0; $i < $count; $i++) {
    $def = $g->definition();
    $opts = $g->options();
    $line("random $i normalize", Implementations::normalizeOutcome($normalize, $def, $opts));
    // Every profile on every definition, not only the generator's pick.
    foreach ($profiles as $p) {
        $o = $opts;
        if ($p === null) {
            unset($o['profile']);
        } else {
            $o['profile'] = $p;
        }
        $line("random $i normalize " . ($p ?? 'default'), Implementations::normalizeOutcome($normalize, $def, $o));
    }
    $line("random $i coerce", Implementations::coerceOutcome($coerce, $g->value($def), $def, []));
    $line("random $i coerce options", Implementations::coerceOutcome($coerce, $g->value($def), $def, $opts));
}
