<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Cache\MemoryBackend;
use Symfony\Component\Serializer\Serializer;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\DerivedEnum\DerivedEnumResolver;
use Drupal\tool_schema\Normalizer\InputDefinitionNormalizer;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Drupal\tool_schema\Schema\InputDefinitionSchemasInterface as InputSchemas;

/**
 * The module's services wired as tool_schema.services.yml wires them, on the
 * real site: the builder, InputSchemaCache with a cache bin, and the Symfony
 * serializer with tool_schema's InputDefinitionNormalizer registered above
 * the Tool module's LegacyTypedDataNormalizer. Shared by the tests and
 * bench/drupal.php.
 */
final class Schemas
{
    public static function builder(Site $site): DefinitionArrayBuilder
    {
        return new DefinitionArrayBuilder(self::enums($site));
    }

    /** The tool_schema.derived_enums service. */
    public static function enums(Site $site): DerivedEnumResolver
    {
        $c = $site->container;
        return new DerivedEnumResolver($c, $c->get('entity_type.bundle.info'), $c->get('country_manager'));
    }

    /** A cache bin as Drupal's cache_tags.invalidator reaches it (a MemoryBackend, as core's tests use). */
    public static function bin(Site $site): MemoryBackend
    {
        $bin = new MemoryBackend($site->container->get('datetime.time'));
        $site->container->get('cache_tags.invalidator')->addBin($bin);
        return $bin;
    }

    /**
     * The tool_schema.input_schema_cache service.
     *
     * @param array<string, mixed> $options
     * @param bool|null $useCaches InputSchemaCache::useCaches(): true (the
     *   tests of the bin, with either implementation), or null for the
     *   service's default (the bin only with the PHP twin)
     */
    public static function cache(Site $site, ?object $bin, array $options = [], ?object $logger = null, ?DefinitionArrayBuilder $builder = null, ?\Closure $normalize = null, ?bool $useCaches = true): InputSchemaCache
    {
        $c = $site->container;
        $cache = new InputSchemaCache(
            $builder ?? self::builder($site),
            $site->tools(),
            $bin,
            $logger,
            $c->get('language_manager'),
            $c->get('cache_tags.invalidator'),
            null,
            $options,
            normalize: $normalize,
        );
        if ($useCaches !== null) {
            $cache->useCaches($useCaches);
        }
        return $cache;
    }

    /**
     * The serializer of a site with the Tool module and tool_schema: the
     * Tool module's json_schema normalizers and core serialization's, by
     * their priorities, tool_schema's InputDefinitionNormalizer in the
     * place of the Tool module's (its fallback), above
     * LegacyTypedDataNormalizer (1000).
     * With $above false, at the Tool module's own priority (100), behind it.
     *
     * Drupal 11.4, where the Tool module snapshot's normalizers are a fatal
     * error to load (Site::toolNormalizersLoad()): tool_schema's normalizer
     * (no fallback: there is no Tool module normalizer to fall back to)
     * above core serialization's normalizers, and no class of the Tool
     * module's Normalizer namespace. A caller that hands in its own
     * $legacy (a test of the Tool module's LegacyTypedDataNormalizer) is
     * skipped there, with the reason.
     */
    public static function serializer(InputSchemas $schemas, bool $above = true, ?object $legacy = null): Serializer
    {
        $ours = self::normalizer($schemas);
        if (!Site::toolNormalizersLoad()) {
            if ($legacy !== null) {
                \PHPUnit\Framework\Assert::markTestSkipped((string) Site::toolNormalizersSkipReason());
            }
            return new Serializer([$ours, ...Site::coreNormalizers()], []);
        }
        $legacy ??= new \Drupal\tool\Normalizer\LegacyTypedDataNormalizer();
        $rest = Site::otherNormalizers();
        return new Serializer($above ? [$ours, $legacy, ...$rest] : [$legacy, $ours, ...$rest], []);
    }

    /**
     * tool_schema.normalizer.input_definition: the Tool module's normalizer
     * as its fallback, made when first needed (a service closure). On a core
     * where the Tool module's normalizers cannot be loaded, none, as
     * ToolSchemaServiceProvider::alter() wires it on a site without one.
     */
    public static function normalizer(InputSchemas $schemas): InputDefinitionNormalizer
    {
        if (!Site::toolNormalizersLoad()) {
            return new InputDefinitionNormalizer($schemas, null);
        }
        return new InputDefinitionNormalizer($schemas, static fn (): \Drupal\tool\Normalizer\ContextDefinitionNormalizer => new \Drupal\tool\Normalizer\ContextDefinitionNormalizer());
    }

    /**
     * The input schemas of tools from InputSchemaGenerator (nothing kept),
     * each input with its name (as in its tool's schema: a label that only
     * restates the name is left out, issue 30; the serializer path of the
     * generator has no name and keeps it), keyed and encoded as
     * throughSerializer() does.
     *
     * @param array<string, array<string, object>> $tools tool id => input name => definition
     * @return array<string, string> "tool.input" => JSON
     */
    public static function throughGenerator(InputSchemaGenerator $generator, array $tools): array
    {
        $out = [];
        foreach ($tools as $id => $inputs) {
            foreach ($inputs as $name => $input) {
                $out["$id.$name"] = json_encode($generator->schema($input, null, (string) $name), JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES);
            }
        }
        return $out;
    }

    /** The name of an input definition object in the site's tool plugins (null: in none). */
    public static function nameOf(Site $site, object $definition): ?string
    {
        foreach ($site->tools()->getDefinitions() as $tool) {
            foreach ($tool->getInputDefinitions() as $name => $input) {
                if ($input === $definition) {
                    return (string) $name;
                }
            }
        }
        return null;
    }

    /**
     * The input schemas of tools, each input through the serializer, the way
     * the Tool module's consumers ask for them.
     *
     * @param array<string, array<string, object>> $tools tool id => input name => definition
     * @return array<string, string> "tool.input" => JSON
     */
    public static function throughSerializer(Serializer $serializer, array $tools): array
    {
        $out = [];
        foreach ($tools as $id => $inputs) {
            foreach ($inputs as $name => $input) {
                $out["$id.$name"] = json_encode($serializer->normalize($input, 'json_schema'), JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES);
            }
        }
        return $out;
    }

    /**
     * Each input's schema as InputSchemaCache::schemaOfTool() gives it (the
     * properties of its tool's schema), keyed and encoded as
     * throughSerializer() does.
     *
     * @param array<string, array<string, object>> $tools tool plugin id => its input definitions
     * @return array<string, string> "<plugin id>.<input>" => JSON
     */
    public static function throughToolSchema(InputSchemaCache $cache, array $tools): array
    {
        $out = [];
        foreach (array_keys($tools) as $id) {
            foreach ($cache->schemaOfTool((string) $id)['properties'] as $name => $schema) {
                $out["$id.$name"] = json_encode($schema, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES);
            }
        }
        return $out;
    }

    /** @return array<string, array<string, object>> every tool plugin => its (unlocked) input definitions */
    public static function tools(Site $site): array
    {
        $tools = [];
        foreach ($site->tools()->getDefinitions() as $id => $definition) {
            $tools[$id] = $definition->getInputDefinitions();
        }
        return $tools;
    }
}
