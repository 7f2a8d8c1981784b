<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Drupal\tool_schema\Schema\NullableStyle;
use ToolSchema\Tests\Implementations;

/**
 * InputSchemaCache on the real site, without changing it (the changes are
 * InputSchemaCacheInvalidationTest's): the cached path gives the uncached
 * path's schemas byte for byte for every input of every tool plugin, in
 * every options set, cold, warm in memory and from the cache bin; the
 * serializer dispatches to tool_schema's normalizer without asking the Tool
 * module's LegacyTypedDataNormalizer per input; bin entries are bounded and
 * their size is reported.
 */
final class InputSchemaCacheTest extends TestCase
{
    private const JSON = JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES;

    /**
     * The options sets: the three nullable styles, and each `profile` in
     * each style once normalize_schema() knows the option (it does not yet
     * on this branch: an unknown option is a \ValueError).
     *
     * @return array<string, array{array<string, string>}>
     */
    public static function optionSets(): array
    {
        $sets = [];
        $styles = ['type_array', 'one_of', 'any_of'];
        foreach ($styles as $style) {
            $sets[$style] = [['nullable' => $style]];
        }
        foreach (['mcp', 'openai', 'anthropic', 'gemini', 'gemini_json'] as $profile) {
            try {
                \ToolSchema\normalize_schema(['type' => 'string'], ['profile' => $profile]);
            } catch (\ValueError) {
                continue;
            }
            foreach ($styles as $style) {
                $sets["$profile, $style"] = [['profile' => $profile, 'nullable' => $style]];
            }
        }
        return $sets;
    }

    /**
     * Every input of the 33 tool plugins through the serializer: the
     * uncached path (InputSchemaGenerator, built and normalized per call),
     * the cache cold (empty memory, empty bin), warm in memory, and from the
     * bin in a new request (a new service object). And each whole tool
     * (toolSchema()) as buildInputs() + normalize_schema() give it, warnings
     * included.
     *
     * @dataProvider optionSets
     * @param array<string, string> $options
     */
    #[DataProvider('optionSets')]
    public function testCachedSchemasAreTheUncachedOnes(array $options): void
    {
        $site = Site::boot();
        $tools = Schemas::tools($site);
        self::assertCount(33, $tools);
        $builder = Schemas::builder($site);
        $uncached = Schemas::throughGenerator(new InputSchemaGenerator($builder, null, null, $options), $tools);
        self::assertCount(91, $uncached);
        self::assertNotContains('null', $uncached);

        // With each implementation (the extension's when it is loaded, the
        // PHP twin), each with a bin of its own.
        foreach (Implementations::normalizers() as $implementation => $normalize) {
            $normalize = \Closure::fromCallable($normalize);
            $bin = Schemas::bin($site);
            $cold = Schemas::cache($site, $bin, $options, normalize: $normalize);
            self::assertSame($uncached, Schemas::throughSerializer(Schemas::serializer($cold), $tools), "cold, $implementation");
            $stats = $cold->stats();
            self::assertSame(30, $stats['tool_builds'], 'the 30 tools with inputs, each built once');
            self::assertSame(30, $stats['normalize_calls'], 'one normalize_schema() call per tool');
            self::assertSame(0, $stats['single_builds']);

            self::assertSame($uncached, Schemas::throughSerializer(Schemas::serializer($cold), $tools), "warm, in memory, $implementation");
            self::assertSame($stats, $cold->stats(), 'nothing built or normalized again');
            foreach ($tools as $id => $inputs) {
                foreach ($inputs as $name => $input) {
                    self::assertSame($uncached["$id.$name"], json_encode($cold->cached($input), self::JSON), "$id.$name: cached()");
                }
            }
            $cold->destruct();
            self::assertSame(29, $cold->stats()['bin_writes'], 'every tool but field_storage_add (its field_type enum has no cache tag)');

            $next = Schemas::cache($site, $bin, $options, normalize: $normalize);
            self::assertSame($uncached, Schemas::throughSerializer(Schemas::serializer($next), $tools), "warm, from the bin, $implementation");
            $stats = $next->stats();
            self::assertSame(29, $stats['bin_hits']);
            self::assertSame(1, $stats['tool_builds'], 'field_storage_add, built again');
            self::assertSame(1, $stats['normalize_calls']);

            foreach ($tools as $id => $inputs) {
                $w = null;
                $expected = $normalize($builder->buildInputs($inputs), $options, $w);
                foreach ([$cold, $next] as $cache) {
                    $warnings = null;
                    self::assertSame(json_encode($expected, self::JSON), json_encode($cache->schemaOfTool($id, $options, $warnings), self::JSON), "$id: toolSchema(), $implementation");
                    self::assertSame($w, $warnings);
                }
            }
        }
    }

    /**
     * The service as docs/drupal.md wires it (no implementation given, no
     * useCaches() call) uses the bin only when the PHP twin normalizes: with
     * the extension, the bin is neither read nor written (building again
     * costs less than reading back, docs/benchmarks.md) until useCaches(true);
     * the schemas are the same either way. An implementation given as a
     * closure (the PHP twin's, in a test or a benchmark) keeps the bin.
     */
    public function testTheBinIsUsedByDefaultOnlyWithThePhpTwin(): void
    {
        $site = Site::boot();
        $tools = Schemas::tools($site);
        $expected = Schemas::throughGenerator(new InputSchemaGenerator(Schemas::builder($site)), $tools);
        $native = \extension_loaded('tool_schema');
        $php = \Closure::fromCallable(Implementations::normalizers()['php']);
        foreach (['site default' => null, 'php twin given' => $php] as $case => $normalize) {
            $bin = Schemas::bin($site);
            $binUsed = $normalize !== null || !$native;
            foreach (['first request', 'next request'] as $request) {
                $cache = Schemas::cache($site, $bin, normalize: $normalize, useCaches: null);
                self::assertSame($expected, Schemas::throughSerializer(Schemas::serializer($cache), $tools), "$case, $request");
                $cache->destruct();
                $stats = $cache->stats();
                if ($request === 'first request') {
                    self::assertSame($binUsed ? 29 : 0, $stats['bin_writes'], "$case: written at the end of the first request");
                    self::assertSame($binUsed ? 29 : 0, \count($cache->entryBytes()), "$case: entries");
                } else {
                    self::assertSame($binUsed ? 29 : 0, $stats['bin_hits'], "$case: read in the next request");
                    self::assertSame($binUsed ? 1 : 30, $stats['tool_builds'], "$case: built again in the next request");
                }
            }
            self::assertSame($binUsed, $bin->get($cache->cid('display_message')) !== false, "$case: the bin holds an entry");
        }
        if ($native) {
            // The extension's, with the bin asked for.
            $bin = Schemas::bin($site);
            $cache = Schemas::cache($site, $bin, useCaches: null);
            $cache->useCaches(true);
            Schemas::throughSerializer(Schemas::serializer($cache), $tools);
            $cache->destruct();
            self::assertSame(29, $cache->stats()['bin_writes'], 'useCaches(true): written with the extension too');
        }
    }

    /** The defaults and other options sets of one service object: each set its own schemas. */
    public function testOptionsSetsAreKeptApart(): void
    {
        $site = Site::boot();
        $builder = Schemas::builder($site);
        $cache = Schemas::cache($site, Schemas::bin($site));
        // The running core's style by default (type_array on 10.6, one_of
        // from 11.2), the other one asked for.
        $default = NullableStyle::forCoreVersion(\Drupal::VERSION);
        $other = $default === NullableStyle::TYPE_ARRAY ? NullableStyle::ONE_OF : NullableStyle::TYPE_ARRAY;
        self::assertSame(['nullable' => $default], $cache->options(), 'Drupal ' . \Drupal::VERSION);
        $input = $site->tools()->getDefinition('display_message')->getInputDefinition('repeat');
        $schemas = [$default => $cache->schema($input), $other => $cache->inputSchema($input, ['nullable' => $other])];
        self::assertSame(['boolean', 'null'], $schemas[NullableStyle::TYPE_ARRAY]['type']);
        self::assertSame('null', $schemas[NullableStyle::ONE_OF]['oneOf'][1]['type']);
        self::assertSame($schemas[$default], $cache->cached($input));
        self::assertSame(json_encode(InputSchemaGenerator::inputSchema($builder->build($input), ['nullable' => $other])), json_encode($schemas[$other]));
        self::assertSame(InputSchemaCache::optionsKey(['title' => 'split', 'nullable' => 'any_of']), InputSchemaCache::optionsKey(['nullable' => 'any_of', 'title' => 'split']));
        self::assertNotSame(InputSchemaCache::optionsKey(['nullable' => 'any_of']), InputSchemaCache::optionsKey(['nullable' => 'one_of']));
    }

    /**
     * Symfony 6.4 caches a normalizer's support decision per class when
     * getSupportedTypes() says it may. tool_schema's normalizer does, for
     * context definitions only; registered above the Tool module's
     * LegacyTypedDataNormalizer (priority 1000), it is the serializer's first
     * and only candidate for an input definition, asked once per class.
     * Behind it (the Tool module's own priority 100), the serializer asks
     * LegacyTypedDataNormalizer::supportsNormalization() for every input
     * (its '*' answer cannot be cached, and it runs class_exists() of a class
     * Drupal 10 lacks each time).
     */
    public function testSerializerDispatchIsCachedPerClass(): void
    {
        if (($reason = Site::toolNormalizersSkipReason()) !== null) {
            self::markTestSkipped($reason);
        }
        $site = Site::boot();
        $tools = Schemas::tools($site);
        $cache = Schemas::cache($site, null);
        $ours = Schemas::normalizer($cache);
        self::assertSame([\Drupal\Core\Plugin\Context\ContextDefinitionInterface::class => true], $ours->getSupportedTypes('json_schema'));
        self::assertSame([\Drupal\Core\Plugin\Context\ContextDefinitionInterface::class => true], $ours->getSupportedTypes(null));

        $counts = [];
        foreach ([true, false] as $above) {
            $legacy = new CountingNormalizer(new \Drupal\tool\Normalizer\LegacyTypedDataNormalizer());
            $serializer = Schemas::serializer($cache, $above, $legacy);
            $schemas = Schemas::throughSerializer($serializer, $tools);
            self::assertCount(91, $schemas);
            $counts[$above ? 'above' : 'behind'] = $legacy->asked;
        }
        $classes = [];
        foreach ($tools as $inputs) {
            foreach ($inputs as $input) {
                $classes[$input::class] = true;
            }
        }
        self::assertSame(0, $counts['above'], 'above LegacyTypedDataNormalizer: never asked');
        self::assertSame(91 + \count($classes), $counts['behind'], 'behind it: asked for each of the 91 inputs (and once more per class, as the serializer fills its cache)');
    }

    /**
     * A bin entry per tool: its size reported (bytes of serialize()),
     * bounded by MAX_ENTRY_BYTES; every options set and refined variant
     * adds to the entry of its tool.
     */
    public function testEntriesAreBoundedAndReported(): void
    {
        $site = Site::boot();
        $tools = Schemas::tools($site);
        $bin = Schemas::bin($site);
        $cache = Schemas::cache($site, $bin);
        Schemas::throughSerializer(Schemas::serializer($cache), $tools);
        // The two styles besides the running core's default.
        foreach (array_diff(['type_array', 'one_of', 'any_of'], [NullableStyle::forCoreVersion(\Drupal::VERSION)]) as $style) {
            foreach (array_keys(array_filter($tools)) as $id) {
                $cache->schemaOfTool($id, ['nullable' => $style]);
            }
        }
        $cache->destruct();
        $bytes = $cache->entryBytes();
        self::assertCount(29, $bytes);
        self::assertArrayNotHasKey('field_storage_add', $bytes);
        foreach ($bytes as $id => $size) {
            self::assertLessThanOrEqual(InputSchemaCache::MAX_ENTRY_BYTES, $size, $id);
            $item = $bin->get($cache->cid($id));
            self::assertIsObject($item, $id);
            self::assertCount(1, $item->data['variants'], "$id: one variant (no refinement)");
            $variant = array_key_first($item->data['variants']);
            self::assertCount(3, $item->data['variants'][$variant]['results'], "$id: three options sets");
            $arrays = $bin->get($cache->cid($id) . ":$variant:arrays");
            self::assertIsObject($arrays, "$id: the definition arrays, in an entry of their own");
            self::assertSame(array_keys(array_filter($tools[$id], static fn (object $input): bool => true)), array_keys($arrays->data));
            self::assertLessThanOrEqual(InputSchemaCache::MAX_ENTRY_BYTES, \strlen(serialize($arrays->data)), $id);
            self::assertSame($size, \strlen(serialize($item->data)) + \strlen(serialize($arrays->data)), "$id: the entries as stored");
            self::assertContains('tool_plugins', $item->tags);
            self::assertContains(InputSchemaCache::TAG, $item->tags);
        }
        self::assertContains('entity_types', $bin->get($cache->cid('entity_bundle_list'))->tags, 'PluginExists on entity_type.manager');
        self::$bytes = $bytes;
    }

    /** @var array<string, int> */
    private static array $bytes = [];

    public static function tearDownAfterClass(): void
    {
        if (self::$bytes === []) {
            return;
        }
        arsort(self::$bytes);
        $lines = [sprintf("\nBin entries of the Tool module's tools (3 nullable styles each): %d tools, %d bytes in all, %.0f bytes per tool on average, largest %s",
            \count(self::$bytes), array_sum(self::$bytes), array_sum(self::$bytes) / \count(self::$bytes), implode(', ', array_map(
                static fn (string $id, int $b): string => "$id $b",
                array_keys(\array_slice(self::$bytes, 0, 3, true)),
                \array_slice(self::$bytes, 0, 3, true),
            )))];
        fwrite(STDERR, implode("\n", $lines) . "\n");
    }
}
