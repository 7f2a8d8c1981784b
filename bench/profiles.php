<?php

declare(strict_types=1);

// The cost of each profile (not a test): normalize_schema() over the bench
// catalogue with each `profile`, native and pure PHP, timed interleaved in one
// process (CPU time, medians), as ratios to the default profile `mcp`.
//
//   php -n -d extension=target/release/tool_schema.so bench/profiles.php [--samples=N]

require __DIR__ . '/../php/autoload.php';
require __DIR__ . '/catalogue.php';

use ToolSchema\Bench\Catalogue;
use ToolSchema\Php\Normalize\Normalizer;

$samples = 31;
foreach (array_slice($argv, 1) as $a) {
    if (preg_match('/^--samples=(\d+)$/', $a, $m) === 1) {
        $samples = max(1, (int) $m[1]);
    }
}
if (!extension_loaded('tool_schema')) {
    fwrite(STDERR, "profiles: load the extension (php -d extension=...)\n");
    exit(1);
}
$tools = array_column(Catalogue::tools(), 'definition');
$profiles = ['mcp', 'openai', 'anthropic', 'gemini'];
$impls = [
    'native' => static fn (array $d, array $o) => \ToolSchema\normalize_schema($d, $o),
    'php' => static fn (array $d, array $o) => Normalizer::normalize($d, $o),
];

function cpu_ns(): float
{
    $r = getrusage();
    return ($r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec']) * 1e9 + ($r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec']) * 1e3;
}

$cases = [];
foreach ($impls as $impl => $f) {
    foreach ($profiles as $p) {
        $o = ['profile' => $p];
        $cases["$impl $p"] = static function (int $passes) use ($f, $tools, $o): void {
            for ($i = 0; $i < $passes; $i++) {
                foreach ($tools as $d) {
                    $r = $f($d, $o);
                }
            }
        };
    }
}
foreach ($cases as $run) {
    $run(1);
}
$passes = ['native' => 20, 'php' => 2];
$ns = array_fill_keys(array_keys($cases), []);
$names = array_keys($cases);
for ($s = 0; $s < $samples; $s++) {
    foreach ($names as $j => $_) {
        $name = $names[($s + $j) % \count($names)];
        $n = $passes[explode(' ', $name)[0]];
        $t = cpu_ns();
        $cases[$name]($n);
        $ns[$name][] = (cpu_ns() - $t) / ($n * \count($tools));
    }
}
printf("%d tools, %d samples, CPU time per tool (median)\n", \count($tools), $samples);
foreach ($impls as $impl => $_) {
    $xs = $ns["$impl mcp"];
    sort($xs);
    $base = $xs[intdiv(\count($xs), 2)];
    foreach ($profiles as $p) {
        $xs = $ns["$impl $p"];
        sort($xs);
        $m = $xs[intdiv(\count($xs), 2)];
        printf("  %-6s %-9s %9.1f µs  x%.2f\n", $impl, $p, $m / 1000, $m / $base);
    }
}
