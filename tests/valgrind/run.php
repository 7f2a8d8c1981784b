<?php

declare(strict_types=1);

// Runs the native functions under valgrind (see scripts/test.d/60-valgrind.sh):
// every fixture case, then a few hundred random definitions and values, plus
// the robustness inputs. Prints one line; valgrind's exit code says whether
// memory was misused or leaked.

require __DIR__ . '/../../php/autoload.php';
require __DIR__ . '/../phpunit/Fixtures.php';
require __DIR__ . '/../phpunit/Implementations.php';
require __DIR__ . '/../phpunit/Generator.php';

use ToolSchema\Tests\Fixtures;
use ToolSchema\Tests\Generator;
use ToolSchema\Tests\Implementations;

if (!extension_loaded('tool_schema')) {
    fwrite(STDERR, "the extension is not loaded\n");
    exit(2);
}
$normalize = Implementations::normalizers()['native'];
$coerce = Implementations::coercers()['native'];
$n = 0;
foreach (Fixtures::all() as $fixture) {
    $case = $fixture['case'];
    if ($case['function'] === 'normalize') {
        Implementations::normalizeOutcome($normalize, $case['definition'], $case['options'] ?? []);
    } else {
        Implementations::coerceOutcome($coerce, $case['input'] ?? null, $case['definition'], $case['options'] ?? []);
    }
    $n++;
}
$g = new Generator((int) ($argv[1] ?? 7));
$random = (int) ($argv[2] ?? 300);
for ($i = 0; $i < $random; $i++) {
    $def = $g->definition();
    Implementations::normalizeOutcome($normalize, $def, $g->options());
    Implementations::coerceOutcome($coerce, $g->value($def), $def, []);
}
$self = ['type' => 'list'];
$self['items'] = &$self;
Implementations::normalizeOutcome($normalize, $self, []);
$rec = [1];
$rec[] = &$rec;
Implementations::coerceOutcome($coerce, $rec, ['type' => 'list', 'items' => ['type' => 'integer']], []);
unset($self, $rec);
gc_collect_cycles();
printf("valgrind run: %d fixture cases, %d random definitions and values\n", $n, $random);
