<?php

declare(strict_types=1);

// Benchmark (not a test): the input schemas of all the Tool module's tool
// plugins, produced three ways on real Drupal 10.6 (tests/drupal/bootstrap.php,
// needs scripts/deps.sh):
//
//   tool module   what sites run today: the Tool module's ContextDefinitionNormalizer,
//                 each input through the Symfony Serializer (serializer->normalize($input, 'json_schema'))
//   adapter+php   DefinitionArrayBuilder::buildInputs() + the pure-PHP normalize_schema
//   adapter+ext   DefinitionArrayBuilder::buildInputs() + the native normalize_schema
//   (adapter      DefinitionArrayBuilder::buildInputs() alone: its share of adapter+ext)
//
// One "tool list" is every tool that has inputs (30 tools, 91 inputs). Samples
// interleave the workloads; the table gives medians per tool list and ratios.
//
//   php -d extension=target/release/tool_schema.so bench/drupal.php [--samples=N] [--target-ms=N]
//
// bench/bench.sh runs it after bench/run.php (opcache off, then opcache + JIT).

use ToolSchema\Php\Drupal\DefinitionArrayBuilder;
use ToolSchema\Php\Normalize\Normalizer;

$site = require __DIR__ . '/../tests/drupal/bootstrap.php';

$o = getopt('', ['samples:', 'target-ms:']);
$samples = (int) ($o['samples'] ?? 31);
$targetMs = (float) ($o['target-ms'] ?? 20);

if (!extension_loaded('tool_schema')) {
    fwrite(STDERR, "bench/drupal.php: load the extension (php -d extension=.../tool_schema.so)\n");
    exit(64);
}

$container = $site->container;
$serializer = $container->get('serializer');
$builder = new DefinitionArrayBuilder($container, $container->get('entity_type.bundle.info'));
$tools = [];
foreach ($site->tools()->getDefinitions() as $id => $definition) {
    $inputs = $definition->getInputDefinitions();
    if ($inputs !== []) {
        $tools[$id] = $inputs;
    }
}
$inputCount = array_sum(array_map('count', $tools));
$options = ['nullable' => 'type_array'];

$workloads = [
    'tool module' => static function () use ($tools, $serializer): int {
        $n = 0;
        foreach ($tools as $inputs) {
            $schema = ['type' => 'object', 'properties' => []];
            foreach ($inputs as $name => $input) {
                $schema['properties'][$name] = $serializer->normalize($input, 'json_schema');
                $n++;
            }
        }
        return $n;
    },
    'adapter+php' => static function () use ($tools, $builder, $options): int {
        $n = 0;
        foreach ($tools as $inputs) {
            $w = null;
            $schema = Normalizer::normalize($builder->buildInputs($inputs), $options, $w);
            $n += \count($schema['properties']);
        }
        return $n;
    },
    'adapter+ext' => static function () use ($tools, $builder, $options): int {
        $n = 0;
        foreach ($tools as $inputs) {
            $w = null;
            $schema = \ToolSchema\normalize_schema($builder->buildInputs($inputs), $options, $w);
            $n += \count($schema['properties']);
        }
        return $n;
    },
    'adapter' => static function () use ($tools, $builder): int {
        $n = 0;
        foreach ($tools as $inputs) {
            $n += \count($builder->buildInputs($inputs)['properties']);
        }
        return $n;
    },
];

// Parity first: the PHP twin and the extension agree on every tool.
foreach ($tools as $id => $inputs) {
    $array = $builder->buildInputs($inputs);
    $w1 = $w2 = null;
    if (json_encode(Normalizer::normalize($array, $options, $w1)) !== json_encode(\ToolSchema\normalize_schema($array, $options, $w2)) || $w1 !== $w2) {
        fwrite(STDERR, "ABORT: native and PHP differ on $id\n");
        exit(2);
    }
}

// Passes per sample: the slowest workload takes about --target-ms.
foreach ($workloads as $f) {
    $f();
}
$t = hrtime(true);
$workloads['tool module']();
$once = (hrtime(true) - $t) / 1e6;
$passes = max(1, (int) round($targetMs / max($once, 0.001)));

$times = array_fill_keys(array_keys($workloads), []);
for ($s = 0; $s < $samples; $s++) {
    foreach ($workloads as $name => $f) {
        $t = hrtime(true);
        for ($p = 0; $p < $passes; $p++) {
            $f();
        }
        $times[$name][] = (hrtime(true) - $t) / 1e6 / $passes;
    }
}
$median = static function (array $xs): float {
    sort($xs);
    return $xs[intdiv(\count($xs), 2)];
};
$m = array_map($median, $times);

printf("PHP %s, opcache %s, JIT %s; %d tools, %d inputs per tool list; %d samples x %d passes\n",
    PHP_VERSION,
    function_exists('opcache_get_status') && (opcache_get_status(false)['opcache_enabled'] ?? false) ? 'on' : 'off',
    function_exists('opcache_get_status') && (opcache_get_status(false)['jit']['on'] ?? false) ? 'on' : 'off',
    \count($tools), $inputCount, $samples, $passes);
printf("%-13s %14s %16s\n", 'workload', 'ms / tool list', 'vs tool module');
foreach (['tool module', 'adapter+php', 'adapter+ext', 'adapter'] as $name) {
    printf("%-13s %14.3f %15.2fx\n", $name, $m[$name], $m['tool module'] / $m[$name]);
}
printf("adapter share of adapter+ext: %.0f %%; adapter+php / adapter+ext: %.2fx\n",
    100 * $m['adapter'] / $m['adapter+ext'], $m['adapter+php'] / $m['adapter+ext']);
