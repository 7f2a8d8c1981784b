<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Cache\MemoryBackend;
use Drupal\Core\Logger\RfcLogLevel;
use Drupal\tool\TypedData\InputDefinition;
use PHPUnit\Framework\Attributes\PreserveGlobalState;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;
use PHPUnit\Framework\TestCase;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Drupal\tool_schema\Schema\NullableStyle;

/**
 * A cached schema is never served stale: the site changes under the cache,
 * as it does when a bundle is created, a module installed, an input refined,
 * and the next call follows, in memory (the same request) and from the bin
 * (the next request). Each test changes the site, so each runs in a process
 * of its own.
 *
 * "The next request" is a new service object on the same bin, with the tool
 * plugin definitions read again from the discovery cache (new objects, as
 * discovered), as a new request has them.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
#[RunTestsInSeparateProcesses]
#[PreserveGlobalState(false)]
final class InputSchemaCacheInvalidationTest extends TestCase
{
    private const JSON = JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES;

    /** The next request: the tool plugin definitions as the discovery cache holds them. */
    private static function nextRequest(Site $site): void
    {
        $site->tools()->useCaches(false);
        $site->tools()->useCaches(true);
    }

    private static function input(Site $site, string $tool, string $input): object
    {
        return $site->tools()->getDefinition($tool)->getInputDefinition($input);
    }

    /** What InputSchemaGenerator (nothing kept) gives for the definition now, with its name in its tool. */
    private static function uncached(Site $site, object $definition): string
    {
        return json_encode((new InputSchemaGenerator(Schemas::builder($site)))->schema($definition, null, Schemas::nameOf($site, $definition)), self::JSON);
    }

    private static function json(mixed $schema): string
    {
        return json_encode($schema, self::JSON);
    }

    /**
     * Setting entity_type_id on entity_bundle_delete refines its `bundle`
     * input in place (EntityBundleDelete::refineInputDefinition() adds
     * EntityBundleExists to the plugin definition's own object): the next
     * call sees it.
     */
    public function testAnInputRefinedInPlaceIsBuiltAgain(): void
    {
        $site = Site::boot();
        $cache = Schemas::cache($site, Schemas::bin($site));
        $bundle = self::input($site, 'entity_bundle_delete', 'bundle');
        $before = $cache->schema($bundle);
        self::assertArrayNotHasKey('enum', $before);
        self::assertSame(self::uncached($site, $bundle), self::json($before));

        $tool = $site->tools()->createInstance('entity_bundle_delete');
        $tool->setInputValue('entity_type_id', 'user');
        self::assertSame($bundle, $tool->getInputDefinition('bundle'), 'refined in place: the plugin definition\'s object');
        self::assertSame(['EntityBundleExists' => 'user'], $bundle->getConstraints());

        self::assertNull($cache->cached($bundle), 'the object changed');
        $after = $cache->schema($bundle);
        self::assertSame(['user'], $after['enum']);
        self::assertSame(self::uncached($site, $bundle), self::json($after));
        self::assertSame($after, $cache->cached($bundle));
        self::assertSame($after, $cache->schemaOfTool('entity_bundle_delete')['properties']['bundle']);
    }

    /**
     * A refined definition and the unrefined one are two variants of the
     * tool's bin entry: a request that refined the input (and wrote its
     * schema to the bin) does not hand its enum to the next request, which
     * has the definition as discovered, nor the other way round.
     */
    public function testRefinedAndUnrefinedDefinitionsAreKeptApartInTheBin(): void
    {
        $site = Site::boot();
        $bin = Schemas::bin($site);
        $first = Schemas::cache($site, $bin);
        self::assertArrayNotHasKey('enum', $first->schema(self::input($site, 'entity_bundle_delete', 'bundle')));
        $first->destruct();
        $site->tools()->createInstance('entity_bundle_delete')->setInputValue('entity_type_id', 'user');
        self::assertSame(['user'], $first->schema(self::input($site, 'entity_bundle_delete', 'bundle'))['enum']);
        $first->destruct();
        self::assertCount(2, $bin->get($first->cid('entity_bundle_delete'))->data['variants'], 'one variant each');

        self::nextRequest($site);
        $unrefined = self::input($site, 'entity_bundle_delete', 'bundle');
        self::assertSame([], $unrefined->getConstraints(), 'as discovered');
        $next = Schemas::cache($site, $bin);
        self::assertSame(self::uncached($site, $unrefined), self::json($next->schema($unrefined)));
        self::assertSame(['tool_builds' => 0, 'bin_hits' => 1], array_intersect_key($next->stats(), ['tool_builds' => 0, 'bin_hits' => 0]));

        self::nextRequest($site);
        $site->tools()->createInstance('entity_bundle_delete')->setInputValue('entity_type_id', 'user');
        $refined = self::input($site, 'entity_bundle_delete', 'bundle');
        $third = Schemas::cache($site, $bin);
        self::assertSame(['user'], $third->schema($refined)['enum']);
        self::assertSame(self::uncached($site, $refined), self::json($third->schema($refined)));
        self::assertSame(['tool_builds' => 0, 'bin_hits' => 1], array_intersect_key($third->stats(), ['tool_builds' => 0, 'bin_hits' => 0]));
    }

    /**
     * A request that writes a tool's entry keeps the entry's other variants
     * only as the bin holds them then: a variant it read before a bundle was
     * added (and the entry invalidated) does not come back under fresh tags.
     */
    public function testAWriteDoesNotBringBackAStaleVariant(): void
    {
        $site = Site::boot();
        $bin = Schemas::bin($site);
        $refine = static function (string $entityTypeId) use ($site): object {
            $site->tools()->createInstance('entity_bundle_delete')->setInputValue('entity_type_id', $entityTypeId);
            return self::input($site, 'entity_bundle_delete', 'bundle');
        };
        $first = Schemas::cache($site, $bin);
        self::assertSame(['user'], $first->schema($refine('user'))['enum']);
        $first->destruct();
        self::nextRequest($site);
        $second = Schemas::cache($site, $bin);
        self::assertSame(['user_role'], $second->schema($refine('user_role'))['enum']);
        $second->destruct();
        self::assertCount(2, $bin->get($second->cid('entity_bundle_delete'))->data['variants']);

        // Refined for user_role, read from the bin; a bundle is added to
        // user (the user variant is stale now); another options set makes
        // this request write the entry.
        self::nextRequest($site);
        $third = Schemas::cache($site, $bin);
        $bundle = $refine('user_role');
        self::assertSame(['user_role'], $third->schema($bundle)['enum']);
        self::assertSame(1, $third->stats()['bin_hits']);
        SiteChanges::addBundle($site, 'user', 'tool_schema_extra');
        $third->inputSchema($bundle, ['nullable' => 'one_of']);
        $third->destruct();

        self::nextRequest($site);
        $fourth = Schemas::cache($site, $bin);
        self::assertSame(['user', 'tool_schema_extra'], $fourth->schema($refine('user'))['enum']);
    }

    /**
     * EntityBundleExists: a bundle created (the bundle info cleared, tag
     * entity_bundles) shows on the next call and in the next request.
     */
    public function testAddingABundle(): void
    {
        $site = Site::boot();
        $bin = Schemas::bin($site);
        $cache = Schemas::cache($site, $bin);
        $site->tools()->createInstance('entity_bundle_delete')->setInputValue('entity_type_id', 'user');
        $bundle = self::input($site, 'entity_bundle_delete', 'bundle');
        self::assertSame(['user'], $cache->schema($bundle)['enum']);
        $cache->destruct();

        SiteChanges::addBundle($site, 'user', 'tool_schema_extra');
        self::assertNull($cache->cached($bundle), 'the bundle info changed');
        self::assertSame(['user', 'tool_schema_extra'], $cache->schema($bundle)['enum']);
        self::assertSame(self::uncached($site, $bundle), self::json($cache->schema($bundle)));
        $cache->destruct();

        self::nextRequest($site);
        $site->tools()->createInstance('entity_bundle_delete')->setInputValue('entity_type_id', 'user');
        $bundle = self::input($site, 'entity_bundle_delete', 'bundle');
        $next = Schemas::cache($site, $bin);
        self::assertSame(['user', 'tool_schema_extra'], $next->schema($bundle)['enum']);
        self::assertSame(1, $next->stats()['bin_hits']);

        // Created between two requests: the bin entry's tag is invalidated.
        SiteChanges::addBundle($site, 'user', 'tool_schema_third');
        self::nextRequest($site);
        $site->tools()->createInstance('entity_bundle_delete')->setInputValue('entity_type_id', 'user');
        $bundle = self::input($site, 'entity_bundle_delete', 'bundle');
        $third = Schemas::cache($site, $bin);
        self::assertSame(['user', 'tool_schema_extra', 'tool_schema_third'], $third->schema($bundle)['enum']);
        self::assertSame(['tool_builds' => 1, 'bin_hits' => 0], array_intersect_key($third->stats(), ['tool_builds' => 0, 'bin_hits' => 0]));
    }

    /**
     * The coercer keeps definition arrays per definition object too: a
     * refinement in place and a bundle added reach the next repair.
     */
    public function testTheCoercerFollowsRefinementsAndBundles(): void
    {
        $site = Site::boot();
        $coercer = new \Drupal\tool_schema\InputCoercer(Schemas::builder($site), $site->tools());
        $bundle = self::input($site, 'entity_bundle_delete', 'bundle');
        self::assertSame(' USER ', $coercer->coerceValue($bundle, ' USER '), 'no choices yet: left as it is');
        $site->tools()->createInstance('entity_bundle_delete')->setInputValue('entity_type_id', 'user');
        self::assertSame('user', $coercer->coerceValue($bundle, ' USER '), 'refined in place: the bundle choices');
        self::assertSame(' Tool_Schema_Extra ', $coercer->coerceValue($bundle, ' Tool_Schema_Extra '));
        SiteChanges::addBundle($site, 'user', 'tool_schema_extra');
        self::assertSame('tool_schema_extra', $coercer->coerceValue($bundle, ' Tool_Schema_Extra '), 'a bundle added');
    }

    /**
     * PluginExists on entity_type.manager (cache tag entity_types): an
     * entity type added (a module installed: the manager rediscovers) shows
     * on the next call and in the next request.
     */
    public function testAddingAnEntityType(): void
    {
        $site = Site::boot();
        $bin = Schemas::bin($site);
        $cache = Schemas::cache($site, $bin);
        $input = self::input($site, 'entity_bundle_list', 'entity_type_id');
        self::assertSame(['user'], $cache->schema($input)['enum']);
        $cache->destruct();
        self::assertContains('entity_types', $bin->get($cache->cid('entity_bundle_list'))->tags);

        SiteChanges::addEntityType($site, 'tool_schema_thing');
        self::assertNull($cache->cached($input), 'the entity types changed');
        self::assertSame(['user', 'tool_schema_thing'], $cache->schema($input)['enum']);
        self::assertSame(self::uncached($site, $input), self::json($cache->schema($input)));
        $cache->destruct();

        $next = Schemas::cache($site, $bin);
        self::assertSame(['user', 'tool_schema_thing'], $next->schema($input)['enum']);
        self::assertSame(1, $next->stats()['bin_hits']);

        SiteChanges::addEntityType($site, 'tool_schema_other');
        $third = Schemas::cache($site, $bin);
        self::assertSame(['user', 'tool_schema_thing', 'tool_schema_other'], $third->schema($input)['enum']);
        self::assertSame(['tool_builds' => 1, 'bin_hits' => 0], array_intersect_key($third->stats(), ['tool_builds' => 0, 'bin_hits' => 0]));
    }

    /**
     * PluginExists on a plugin manager without cache tags (field types): the
     * tool is kept in memory only, where a plugin added shows on the next
     * call; it never reaches the bin, where nothing would tell.
     */
    public function testAddingAPluginOfAManagerWithoutCacheTags(): void
    {
        $site = Site::boot();
        self::assertSame([], $site->container->get('plugin.manager.field.field_type')->getCacheTags());
        $bin = Schemas::bin($site);
        $cache = Schemas::cache($site, $bin);
        $input = self::input($site, 'field_storage_add', 'field_type');
        $before = $cache->schema($input)['enum'];
        self::assertNotContains('tool_schema_field', $before);

        SiteChanges::addFieldType($site, 'tool_schema_field');
        self::assertNull($cache->cached($input), 'the field types changed');
        $after = $cache->schema($input)['enum'];
        self::assertSame([...$before, 'tool_schema_field'], $after);
        self::assertSame(self::uncached($site, $input), self::json($cache->schema($input)));
        $cache->destruct();
        self::assertFalse($bin->get($cache->cid('field_storage_add')), 'never in the bin');
        self::assertSame(0, $cache->stats()['bin_writes']);
    }

    /**
     * A tool plugin added (the tool manager rediscovers, tag tool_plugins):
     * in this request and the next, every tool is built again and the new
     * one is there.
     */
    public function testAddingAToolPlugin(): void
    {
        $site = Site::boot();
        $bin = Schemas::bin($site);
        $cache = Schemas::cache($site, $bin);
        Schemas::throughSerializer(Schemas::serializer($cache), Schemas::tools($site));
        $cache->destruct();

        SiteChanges::addTool($site, 'tool_schema_added', ['count' => new InputDefinition('integer', 'Count', 'How many.', required: false)]);
        $tools = Schemas::tools($site);
        self::assertCount(34, $tools);
        $expected = Schemas::throughGenerator(new InputSchemaGenerator(Schemas::builder($site)), $tools);
        self::assertSame($expected, Schemas::throughSerializer(Schemas::serializer($cache), $tools), 'this request');
        // The nullable style of the running core (one_of from Drupal 11.2).
        self::assertSame(NullableStyle::forCoreVersion(\Drupal::VERSION) === NullableStyle::ONE_OF
            ? '{"description":"How many.","oneOf":[{"type":"integer"},{"type":"null"}]}'
            : '{"description":"How many.","type":["integer","null"]}', $expected['tool_schema_added.count']);
        $next = Schemas::cache($site, $bin);
        self::assertSame($expected, Schemas::throughSerializer(Schemas::serializer($next), $tools), 'the next request');
        self::assertSame(31, $next->stats()['tool_builds'], 'every bin entry was invalidated by tool_plugins');
    }

    /**
     * Clearing tags: tool_schema (clearCachedDefinitions()), the tool
     * manager's tool_plugins, locale (translations) invalidate every entry;
     * entity_types the entries of tools with entity type enums.
     */
    public function testClearingCacheTags(): void
    {
        $site = Site::boot();
        $bin = Schemas::bin($site);
        $tools = Schemas::tools($site);
        $fill = static function () use ($site, $bin, $tools): array {
            $cache = Schemas::cache($site, $bin);
            Schemas::throughSerializer(Schemas::serializer($cache), $tools);
            $cache->destruct();
            return $cache->stats();
        };
        self::assertSame(30, $fill()['tool_builds'], 'an empty bin');
        self::assertSame(1, $fill()['tool_builds'], 'a full bin (field_storage_add is never kept)');

        $withEntityTypes = 0;
        foreach (array_keys($tools) as $id) {
            $item = $bin->get(Schemas::cache($site, null)->cid($id));
            $withEntityTypes += $item !== false && \in_array('entity_types', $item->tags, true) ? 1 : 0;
        }
        self::assertSame(10, $withEntityTypes, 'the persisted tools with an entity_type_id enum');
        $site->container->get('cache_tags.invalidator')->invalidateTags(['entity_types']);
        self::assertSame(11, $fill()['tool_builds']);

        foreach ([InputSchemaCache::TAG, 'tool_plugins', 'locale'] as $tag) {
            $site->container->get('cache_tags.invalidator')->invalidateTags([$tag]);
            self::assertSame(30, $fill()['tool_builds'], $tag);
            self::assertSame(1, $fill()['tool_builds'], "$tag: and kept again");
        }

        $cache = Schemas::cache($site, $bin);
        $cache->clearCachedDefinitions();
        self::assertSame(30, $fill()['tool_builds'], 'clearCachedDefinitions()');
    }

    /**
     * Labels are translated: the bin entries are per interface language, and
     * a request whose language changed on the way writes nothing.
     */
    public function testEntriesArePerInterfaceLanguage(): void
    {
        $site = Site::boot();
        $bin = Schemas::bin($site);
        $tools = Schemas::tools($site);
        $english = Schemas::cache($site, $bin);
        Schemas::throughSerializer(Schemas::serializer($english), $tools);
        self::assertStringContainsString(':en:', $english->cid('log_message'));
        $site->container->get('language.default')->set(new \Drupal\Core\Language\Language(['id' => 'de', 'name' => 'German']));
        self::assertSame('de', $site->container->get('language_manager')->getCurrentLanguage()->getId());
        $english->destruct();
        self::assertSame(0, $english->stats()['bin_writes'], 'the language changed during the request');

        $german = Schemas::cache($site, $bin);
        Schemas::throughSerializer(Schemas::serializer($german), $tools);
        self::assertStringContainsString(':de:', $german->cid('log_message'));
        self::assertSame(['tool_builds' => 30, 'bin_hits' => 0], array_intersect_key($german->stats(), ['tool_builds' => 0, 'bin_hits' => 0]));
        $german->destruct();
        self::assertSame(29, $german->stats()['bin_writes']);
        self::assertIsObject($bin->get($german->cid('log_message')));
        self::assertFalse($bin->get(str_replace(':de:', ':en:', $german->cid('log_message'))));
    }

    /** A tool whose entry would exceed MAX_ENTRY_BYTES is served from memory and not written. */
    public function testAnEntryOverTheBoundIsNotWritten(): void
    {
        $site = Site::boot();
        $choices = array_map(static fn (int $i): string => sprintf('choice_%06d', $i), range(1, 20000));
        SiteChanges::addTool($site, 'tool_schema_big', ['pick' => new InputDefinition('string', 'Pick', '', constraints: ['Choice' => $choices])]);
        $bin = Schemas::bin($site);
        $cache = Schemas::cache($site, $bin);
        $pick = self::input($site, 'tool_schema_big', 'pick');
        self::assertCount(20000, $cache->schema($pick)['enum']);
        self::assertSame(self::uncached($site, $pick), self::json($cache->schema($pick)));
        $cache->destruct();
        self::assertFalse($bin->get($cache->cid('tool_schema_big')));
        self::assertArrayNotHasKey('tool_schema_big', $cache->entryBytes());
        self::assertSame($cache->schema($pick), $cache->cached($pick), 'kept in memory');
    }

    /**
     * A profile's size limit is counted per schema: the whole tool's (one
     * normalize_schema() call) may exceed it where no input's does, or the
     * other way round. The inputs' schemas are the same; InputSchemaGenerator
     * logs what an input's schema alone gives, InputSchemaCache what the
     * tool's schema (the one a consumer is sent) gives, once, for the tool.
     */
    public function testAProfileLimitIsCountedPerInputSchema(): void
    {
        $site = Site::boot();
        $values = static fn (string $prefix, int $n): array => array_map(static fn (int $i): string => "$prefix$i", range(1, $n));
        SiteChanges::addTool($site, 'tool_schema_limits', [
            'big' => new InputDefinition('string', 'Big', '', constraints: ['Choice' => $values('b', 1200)]),
            'small' => new InputDefinition('string', 'Small', '', constraints: ['Choice' => $values('s', 600)]),
            'other' => new InputDefinition('string', 'Other', '', constraints: ['Choice' => $values('o', 600)]),
        ]);
        $inputs = $site->tools()->getDefinition('tool_schema_limits')->getInputDefinitions();
        $w = [];
        \ToolSchema\normalize_schema(Schemas::builder($site)->buildInputs($inputs), ['profile' => 'openai'], $w);
        self::assertSame([['profile_limit_exceeded', '']], array_map(static fn (array $x): array => [$x['code'], $x['path']], $w), 'the whole tool: over the limit');

        $runs = [];
        foreach (['generator', 'cache'] as $which) {
            $logger = new CollectingLogger();
            $channel = $logger->channel();
            $schemas = $which === 'generator'
                ? new InputSchemaGenerator(Schemas::builder($site), $channel, null, [], 'openai')
                : new InputSchemaCache(Schemas::builder($site), $site->tools(), null, $channel, profile: 'openai');
            $out = [];
            foreach ($inputs as $name => $input) {
                // The generator is told the name the cache finds (issue 30's label rule).
                $out[$name] = self::json($schemas->schema($input, null, (string) $name));
            }
            $out['log'] = array_map(static fn (array $r): array => [$r['context']['@label'], $r['context']['@code'], $r['context']['@path']], $logger->records);
            $runs[$which] = $out;
        }
        self::assertSame([['Big', 'profile_limit_exceeded', '(root)']], $runs['generator']['log'], 'one input over the limit on its own');
        // The cache normalizes the tool once: its warning is the tool's,
        // logged once under the plugin id, and nothing is normalized again
        // to attribute it to an input. The schemas are the same.
        self::assertSame([['tool_schema_limits', 'profile_limit_exceeded', '(root)']], $runs['cache']['log'], 'the whole tool over the limit');
        unset($runs['generator']['log'], $runs['cache']['log']);
        self::assertSame($runs['generator'], $runs['cache']);
    }

    /**
     * Warnings and errors: logged as InputSchemaGenerator logs them, once
     * per build instead of once per call (an error with the tool's plugin id,
     * which the generator, asked for one input, does not know); an input that cannot be normalized
     * gets the fallback, the others of its tool their schemas; toolSchema()
     * throws what buildInputs() + normalize_schema() throw.
     */
    public function testWarningsAndErrorsAsTheGeneratorLogsThem(): void
    {
        $site = Site::boot();
        SiteChanges::addTool($site, 'tool_schema_warned', [
            'item' => new InputDefinition('field_item:string', 'Item', ''),
            'bundle' => new InputDefinition('string', 'Bundle', '', constraints: ['EntityBundleExists' => '%parent.entity_type']),
            'bad' => new InputDefinition('string', 'Bad', '', constraints: ['Length' => ['max' => 'ten']]),
            'throws' => new InputDefinition('string', 'Throws', '', constraints: ['AllowedValues' => ['callback' => [SiteChanges::class, 'failingChoices']]]),
            'count' => new InputDefinition('integer', 'Count', '', required: false),
        ]);
        $inputs = $site->tools()->getDefinition('tool_schema_warned')->getInputDefinitions();
        $runs = [];
        foreach (['generator', 'cache'] as $which) {
            $logger = new CollectingLogger();
            $channel = $logger->channel();
            $schemas = $which === 'generator'
                ? new InputSchemaGenerator(Schemas::builder($site), $channel)
                : Schemas::cache($site, Schemas::bin($site), logger: $channel);
            $out = [];
            foreach ([1, 2] as $call) {
                foreach ($inputs as $name => $input) {
                    $out[$call][$name] = self::json($schemas->cached($input) ?? $schemas->schema($input, static fn (): array => ['fallback' => $name], (string) $name));
                }
                // Per input, in the order of the inputs (the cache logs a
                // tool's build errors before its warnings).
                $log = array_map(static fn (array $r): array => [$r['context']['@label'], $r['level'], $r['message'], array_diff_key($r['context'], ['channel' => 1, 'link' => 1, 'uid' => 1, 'request_uri' => 1, 'referer' => 1, 'ip' => 1, 'timestamp' => 1])], $logger->records);
                $labels = array_map(static fn (object $i): string => (string) $i->getLabel(), array_values($inputs));
                usort($log, static fn (array $a, array $b): int => array_search($a[0], $labels, true) <=> array_search($b[0], $labels, true));
                $out[$call]['log'] = $log;
                $logger->records = [];
            }
            $runs[$which] = $out;
        }
        $generator = $runs['generator'];
        $cached = $runs['cache'];
        // The cache's errors name the tool; but for that, its records are the
        // generator's.
        foreach ($cached[1]['log'] as $i => [$label, $level, $message, $context]) {
            if ($level === RfcLogLevel::ERROR) {
                self::assertSame('tool_schema_warned', $context['@tool'], $label);
                self::assertSame('tool_schema: cannot normalize the @label input of the @tool tool (@error); the Tool module\'s own schema is used', $message);
                unset($context['@tool']);
                $cached[1]['log'][$i] = [$label, $level, 'tool_schema: cannot normalize the @label input definition (@error); the Tool module\'s own schema is used', $context];
            }
        }
        self::assertSame('{"fallback":"bad"}', $cached[1]['bad']);
        self::assertSame('{"fallback":"throws"}', $cached[1]['throws']);
        self::assertSame(NullableStyle::forCoreVersion(\Drupal::VERSION) === NullableStyle::ONE_OF
            ? '{"oneOf":[{"type":"integer"},{"type":"null"}]}'
            : '{"type":["integer","null"]}', $cached[1]['count']);
        self::assertSame($generator[1], $cached[1], 'the first call: the same schemas and log records');
        self::assertSame(array_diff_key($generator[2], ['log' => true]), array_diff_key($cached[2], ['log' => true]), 'the second call: the same schemas');
        self::assertSame($generator[1]['log'], $generator[2]['log'], 'the generator logs on every call');
        self::assertSame([], $cached[2]['log'], 'nothing logged again');
        $codes = array_map(static fn (array $r): string => $r[3]['@code'] ?? 'error', $generator[1]['log']);
        self::assertSame(['base_type_unknown', 'derived_enum_unresolved', 'error', 'error'], $codes);
        self::assertSame([RfcLogLevel::WARNING, RfcLogLevel::WARNING, RfcLogLevel::ERROR, RfcLogLevel::ERROR], array_column($generator[1]['log'], 1));

        $cache = Schemas::cache($site, null);
        try {
            \ToolSchema\normalize_schema(Schemas::builder($site)->buildInputs($inputs));
            self::fail('the uncached path throws');
        } catch (\Throwable $expected) {
        }
        try {
            $cache->schemaOfTool('tool_schema_warned');
            self::fail('toolSchema() throws');
        } catch (\Throwable $e) {
            self::assertSame([$expected::class, $expected->getMessage()], [$e::class, $e->getMessage()]);
        }
    }
}
