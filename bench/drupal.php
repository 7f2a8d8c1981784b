<?php

declare(strict_types=1);

// Benchmark (not a test): the input schemas of all the Tool module's tool
// plugins on real Drupal 10.6 (tests/drupal/bootstrap.php, needs
// scripts/deps.sh), the way a site produces them: every input through the
// Symfony serializer, as the Tool module's consumers ask for them.
//
//   tool module        what sites run today: the Tool module's ContextDefinitionNormalizer
//   drop-in cold       tool_schema's normalizer (above LegacyTypedDataNormalizer) with
//                      InputSchemaCache, empty: a new builder, cache object and cache bin
//                      per tool list (each tool built and normalized in one call)
//   drop-in warm, bin  a new cache object on a filled bin: the next request
//   drop-in warm       the same cache object again: the same request
// each drop-in row with the extension (native) and with the PHP twin; then the
// split of the cold path: the serializer's dispatch to a normalizer alone, the
// adapter (DefinitionArrayBuilder) alone, normalize_schema() alone; and the
// bin write at the end of the request (destruct(), after the response).
//
//   per tool, cold  InputSchemaCache::schemaOfTool() of every tool on an empty cache:
//                   one call per tool, no serializer (a per-tool entry point)
//   uncached        InputSchemaGenerator through the same serializer: nothing kept,
//                   each input built and normalized on every call
//
// The drop-in rows run the service as a site has it: the bin is used with the
// PHP twin and not with the extension (InputSchemaCache's default); the
// "warm, bin" rows and the bin write ask for it with either implementation.
//
// One "tool list" is every tool that has inputs (30 tools, 91 inputs). Every
// sample runs every workload once (passes per sample calibrated), in an order
// rotated per sample, after gc_collect_cycles(); medians of CPU time
// (getrusage, user + system) and of wall time. What a pass leaves (its cache
// object) is freed after the clock stops, as at the end of a request after
// the response; the bin write is timed apart; the serializer's own cache is
// warm in every row (as after the first input of a request).
//
//   php -d extension=target/release/tool_schema.so bench/drupal.php [--samples=N] [--target-ms=N] [--ceiling]
//
// --ceiling adds rows for stripped versions of the cache (bench/drupal_ceiling.php:
// the least work a cache of schemas can do on this path; not products).
//
// bench/bench.sh runs it after bench/run.php: opcache off, opcache without JIT,
// opcache + tracing JIT.

use Drupal\Core\Cache\MemoryBackend;
use Symfony\Component\Serializer\Serializer;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Drupal\tool_schema\Schema\InputDefinitionSchemasInterface as InputSchemas;
use ToolSchema\Php\Normalize\Normalizer;
use ToolSchema\Tests\Drupal\Schemas;
use ToolSchema\Tests\Drupal\Site;

$site = require __DIR__ . '/../tests/drupal/bootstrap.php';

$o = getopt('', ['samples:', 'target-ms:', 'ceiling']);
$samples = (int) ($o['samples'] ?? 41);
$targetMs = (float) ($o['target-ms'] ?? 20);

if (!extension_loaded('tool_schema')) {
    fwrite(STDERR, "bench/drupal.php: load the extension (php -d extension=.../tool_schema.so)\n");
    exit(64);
}

$container = $site->container;
$tm = $container->get('serializer');
$tools = [];
foreach ($site->tools()->getDefinitions() as $id => $definition) {
    $inputs = $definition->getInputDefinitions();
    if ($inputs !== []) {
        $tools[$id] = $inputs;
    }
}
$inputCount = array_sum(array_map('count', $tools));
// The implementation InputSchemaCache calls: native is its default (null),
// \ToolSchema\normalize_schema() called directly, as on a site. (Through a
// Closure::fromCallable() of it, every call would go through PHP's closure
// trampoline, which sites do not pay and which the tracing JIT does not
// compile through.)
$implementations = [
    'native' => null,
    'php' => static fn (array $d, array $o, ?array &$w = null): array => Normalizer::normalize($d, $o, $w),
];

/** Every input of every tool through a serializer. */
$list = static function (Serializer $serializer) use ($tools): int {
    $n = 0;
    foreach ($tools as $inputs) {
        $schema = ['type' => 'object', 'properties' => []];
        foreach ($inputs as $name => $input) {
            $schema['properties'][$name] = $serializer->normalize($input, 'json_schema');
            $n++;
        }
    }
    return $n;
};

// One serializer for every drop-in row, tool_schema's normalizer above the
// Tool module's LegacyTypedDataNormalizer; each row hands it its cache
// through $normalizer (the normalizer takes its schemas at construction, as
// the container builds it: a forwarding object is the one call more per
// input that lets one serializer serve every row).
$normalizer = new class () implements InputSchemas {
    public InputSchemas $to;

    public function setToolSchema(InputSchemas $to): void
    {
        $this->to = $to;
    }

    public function schema(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition, ?\Closure $fallback = null): array
    {
        return $this->to->schema($definition, $fallback);
    }

    public function cached(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition): ?array
    {
        return $this->to->cached($definition);
    }
};
$dropIn = new Serializer([Schemas::normalizer($normalizer), new \Drupal\tool\Normalizer\LegacyTypedDataNormalizer(), ...Site::otherNormalizers()], []);
// A drop-in row's run: the normalizer gets the row's schemas, and every tool
// is listed through the serializer.
$through = static function (InputSchemas $schemas) use ($list, $dropIn, $normalizer): int {
    $normalizer->setToolSchema($schemas);
    return $list($dropIn);
};
// A bin per cold pass, not registered with cache_tags.invalidator (which
// would keep every one of them).
$bin = static fn (): MemoryBackend => new MemoryBackend($container->get('datetime.time'));
// The service as a site has it (useCaches: null, the default: the bin with
// the PHP twin only), or with the bin asked for (true: the "bin" rows).
$cache = static fn (object $bin, ?\Closure $normalize, ?DefinitionArrayBuilder $builder = null, ?bool $useCaches = null): InputSchemaCache => Schemas::cache($site, $bin, builder: $builder ?? Schemas::builder($site), normalize: $normalize, useCaches: $useCaches);

// The dispatch alone: the serializer and tool_schema's normalizer, handing
// back a schema that is at hand.
$constant = new class () implements InputSchemas {
    public function schema(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition, ?\Closure $fallback = null): array
    {
        return ['type' => 'string'];
    }

    public function cached(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition): ?array
    {
        return ['type' => 'string'];
    }
};

// Each workload: a setup (not timed: the services a request instantiates)
// and the run (timed).
$none = static fn (): null => null;
$workloads = ['tool module' => [$none, static fn (): int => $list($tm)]];
$filled = [];
$warm = [];
foreach ($implementations as $impl => $normalize) {
    $workloads["drop-in cold, $impl"] = [
        static fn (): InputSchemaCache => $cache($bin(), $normalize, Schemas::builder($site)),
        $through,
    ];
    $filled[$impl] = $bin();
    $fill = $cache($filled[$impl], $normalize, null, true);
    $through($fill);
    $fill->destruct();
    $workloads["drop-in warm, bin, $impl"] = [
        static fn (): InputSchemaCache => $cache($filled[$impl], $normalize, null, true),
        $through,
    ];
    $warm[$impl] = $cache($bin(), $normalize);
    $workloads["drop-in warm, $impl"] = [
        static fn (): InputSchemaCache => $warm[$impl],
        $through,
    ];
}
// Asked once per tool (InputSchemaCache::schemaOfTool(), no serializer): what a
// per-tool entry point in the Tool module would cost, cold.
$workloads['per tool, cold, native'] = [
    static fn (): InputSchemaCache => $cache($bin(), null, Schemas::builder($site)),
    static function (InputSchemaCache $c) use ($tools): int {
        $n = 0;
        foreach ($tools as $id => $inputs) {
            $n += \count($c->schemaOfTool((string) $id)['properties']);
        }
        return $n;
    },
];
// Nothing kept: InputSchemaGenerator builds and normalizes each input on
// every call (one normalize_schema() call per input).
$workloads['uncached, native'] = [
    static fn (): InputSchemaGenerator => new InputSchemaGenerator(Schemas::builder($site)),
    $through,
];
if (isset($o['ceiling'])) {
    require_once __DIR__ . '/drupal_ceiling.php';
    // The options the site's services use (the nullable style of Drupal 10.6).
    $siteOptions = InputSchemaGenerator::defaultOptions(null, [], null);
    $ceilings = [
        'ceiling: per-tool minimum' => static fn (): InputSchemas => new \ToolSchema\Bench\Ceiling\PerToolMinimum(Schemas::builder($site), $site->tools(), $siteOptions),
        'ceiling: per-input minimum' => static fn (): InputSchemas => new \ToolSchema\Bench\Ceiling\PerInput(Schemas::builder($site), $siteOptions, false),
        'ceiling: per-input, checked' => static fn (): InputSchemas => new \ToolSchema\Bench\Ceiling\PerInput(Schemas::builder($site), $siteOptions, true),
    ];
    foreach ($ceilings as $name => $make) {
        $workloads[$name] = [$make, $through];
    }
}
$workloads['split: dispatch'] = [static fn (): InputSchemas => $constant, $through];
$workloads['split: adapter'] = [static fn (): DefinitionArrayBuilder => Schemas::builder($site), static function (DefinitionArrayBuilder $builder) use ($tools): int {
    $n = 0;
    foreach ($tools as $inputs) {
        foreach ($inputs as $input) {
            $builder->build($input);
            $n++;
        }
    }
    return $n;
}];
$arrays = [];
$builder = Schemas::builder($site);
foreach ($tools as $id => $inputs) {
    $arrays[$id] = $builder->buildInputs($inputs);
}
foreach ($implementations as $impl => $normalize) {
    $workloads["split: function, $impl"] = [$none, static function () use ($arrays, $normalize): int {
        $n = 0;
        foreach ($arrays as $array) {
            $w = [];
            $n += \count(($normalize === null ? \ToolSchema\normalize_schema($array, ['nullable' => 'type_array'], $w) : $normalize($array, ['nullable' => 'type_array'], $w))['properties']);
        }
        return $n;
    }];
}
// After the response (Drupal's kernel terminate): writing what a cold pass
// built to the bin.
$workloads['bin write (destruct)'] = [
    static function () use ($cache, $bin, $implementations, $site, $through): InputSchemaCache {
        $c = $cache($bin(), $implementations['native'], Schemas::builder($site), true);
        $through($c);
        return $c;
    },
    static function (InputSchemaCache $c): int {
        $c->destruct();
        return 0;
    },
];

// Parity first: every drop-in path gives the uncached generator's schemas,
// and the extension and the PHP twin the same.
$expected = json_encode(Schemas::throughSerializer(Schemas::serializer(new InputSchemaGenerator($builder)), $tools));
foreach ($implementations as $impl => $normalize) {
    foreach (['cold' => $cache($bin(), $normalize), 'bin' => $cache($filled[$impl], $normalize, null, true), 'warm' => $warm[$impl]] as $row => $c) {
        $normalizer->setToolSchema($c);
        if (json_encode(Schemas::throughSerializer($dropIn, $tools)) !== $expected) {
            fwrite(STDERR, "ABORT: drop-in $row ($impl) differs from the uncached schemas\n");
            exit(2);
        }
    }
}
foreach ($ceilings ?? [] as $name => $make) {
    $normalizer->setToolSchema($make());
    if (json_encode(Schemas::throughSerializer($dropIn, $tools)) !== $expected) {
        fwrite(STDERR, "ABORT: $name differs from the uncached schemas\n");
        exit(2);
    }
}
if (json_encode(Schemas::throughToolSchema($cache($bin(), null), $tools)) !== $expected) {
    fwrite(STDERR, "ABORT: schemaOfTool() differs from the uncached schemas\n");
    exit(2);
}
foreach ($workloads as $name => [$setup, $f]) {
    if (!str_starts_with($name, 'split') && !str_starts_with($name, 'bin write') && $f($setup()) !== $inputCount) {
        fwrite(STDERR, "ABORT: $name did not produce $inputCount schemas\n");
        exit(2);
    }
}

$cpu = static function (): float {
    $r = getrusage();
    return $r['ru_utime.tv_sec'] * 1e6 + $r['ru_utime.tv_usec'] + $r['ru_stime.tv_sec'] * 1e6 + $r['ru_stime.tv_usec'];
};

// Passes per sample: the slowest workload takes about --target-ms.
foreach ($workloads as [$setup, $f]) {
    $f($setup());
}
$t = hrtime(true);
$workloads['tool module'][1]();
$once = (hrtime(true) - $t) / 1e6;
$passes = max(1, (int) round($targetMs / max($once, 0.001)));

// Each pass: its setup, gc_collect_cycles() (every pass starts with an empty
// root buffer), then the timed run; what the run leaves is freed after the
// clock stops (at the end of a request, after the response).
$names = array_keys($workloads);
$times = array_fill_keys($names, []);
$walls = array_fill_keys($names, []);
for ($s = 0; $s < $samples; $s++) {
    $order = array_merge(\array_slice($names, $s % \count($names)), \array_slice($names, 0, $s % \count($names)));
    foreach ($order as $name) {
        [$setup, $f] = $workloads[$name];
        $cpuTotal = 0.0;
        $wallTotal = 0;
        for ($p = 0; $p < $passes; $p++) {
            $state = $setup();
            gc_collect_cycles();
            $c0 = $cpu();
            $w0 = hrtime(true);
            $f($state);
            $wallTotal += hrtime(true) - $w0;
            $cpuTotal += $cpu() - $c0;
            // Freed outside the clock: the cache object the normalizer holds.
            $normalizer->setToolSchema($constant);
            $state = null;
        }
        $walls[$name][] = $wallTotal / 1e6 / $passes;
        $times[$name][] = $cpuTotal / 1e3 / $passes;
    }
}
$median = static function (array $xs): float {
    sort($xs);
    return $xs[intdiv(\count($xs), 2)];
};
$m = array_map($median, $times);
$mw = array_map($median, $walls);

printf("PHP %s, opcache %s, JIT %s; %d tools, %d inputs per tool list; %d samples x %d passes, interleaved; medians\n",
    PHP_VERSION,
    function_exists('opcache_get_status') && (opcache_get_status(false)['opcache_enabled'] ?? false) ? 'on' : 'off',
    function_exists('opcache_get_status') && (opcache_get_status(false)['jit']['on'] ?? false) ? 'on' : 'off',
    \count($tools), $inputCount, $samples, $passes);
printf("%-28s %12s %16s %12s\n", 'workload', 'CPU ms/list', 'vs tool module', 'wall ms/list');
foreach ($names as $name) {
    printf("%-28s %12.3f %15.2fx %12.3f\n", $name, $m[$name], $m['tool module'] / $m[$name], $mw[$name]);
}
$ratio = static fn (string $name): float => $m['tool module'] / $m[$name];
printf("targets: warm native %.1fx (>= 10), cold native %.1fx (>= 3), slowest PHP row %.2fx (>= 1: %s)\n",
    $ratio('drop-in warm, native'), $ratio('drop-in cold, native'),
    min($ratio('drop-in cold, php'), $ratio('drop-in warm, bin, php'), $ratio('drop-in warm, php')),
    min($ratio('drop-in cold, php'), $ratio('drop-in warm, bin, php'), $ratio('drop-in warm, php')) >= 1 ? 'met' : 'MISSED');
$probe = $cache($filled['native'], $implementations['native'], null, true);
$through($probe);
$bytes = $probe->entryBytes();
printf("bin entries: %d tools, %d bytes in all, %.0f per tool on average, largest %d (%s); bound %d\n",
    \count($bytes), array_sum($bytes), array_sum($bytes) / max(1, \count($bytes)), max($bytes), array_search(max($bytes), $bytes, true), InputSchemaCache::MAX_ENTRY_BYTES);
