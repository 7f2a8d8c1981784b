<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Cache\MemoryBackendFactory;
use Drupal\Core\DependencyInjection\ContainerBuilder;
use Drupal\Core\DependencyInjection\YamlFileLoader;
use Drupal\serialization\RegisterSerializationClassesCompilerPass;
use Drupal\tool_schema\ToolSchemaServiceProvider;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\Serializer\Serializer;

/**
 * A container as DrupalKernel compiles it for a site with the Tool module and
 * (when enabled) tool_schema: the Tool module's tool.services.yml and the
 * module's tool_schema.services.yml read by core's YamlFileLoader into core's
 * ContainerBuilder, the module's service provider run as DrupalKernel runs
 * it (register() with the services, alter() after every module's), core
 * serialization's compiler pass. The services outside the files are the
 * booted site's, set as synthetic services; the two parents the YAML names
 * (logger.channel_base, default_plugin_manager) are read from
 * core.services.yml. Without the module: what a container rebuild after
 * uninstalling gives. (ModuleContainerTest, ModuleMcpToolsTest.)
 */
final class ModuleContainer
{
    public const MODULE = __DIR__ . '/../../../drupal/tool_schema';

    /** The services of the booted site the YAML reaches (set as synthetic services). */
    public const SITE_SERVICES = [
        'entity_type.bundle.info', 'country_manager', 'language_manager', 'cache_tags.invalidator',
        'container.namespaces', 'module_handler', 'logger.factory', 'typed_data_manager',
        // The plugin managers the Tool module's PluginExists constraints name.
        'entity_type.manager', 'plugin.manager.field.field_type',
        // tool_schema.entity_input_resolver checks view access for the current user.
        'current_user',
    ];

    /**
     * @param \Closure(ContainerBuilder): void|null $before what else the
     *   site has, loaded before the module's file (another module's services)
     */
    public static function builder(bool $enabled, ?\Closure $before = null): ContainerBuilder
    {
        $site = Site::boot();
        $container = new ContainerBuilder();
        // As DrupalKernel::compileContainer() sets it before the service
        // providers run: each module's namespace => its src/ directory.
        $container->setParameter('container.namespaces', $site->container->get('container.namespaces')->getArrayCopy());
        $core = new ContainerBuilder();
        (new YamlFileLoader($core))->load($site->deps->root . '/core/core.services.yml');
        foreach (['logger.channel_base', 'default_plugin_manager'] as $parent) {
            $container->setDefinition($parent, $core->getDefinition($parent));
        }
        foreach (self::SITE_SERVICES as $id) {
            $container->register($id)->setSynthetic(true)->setPublic(true);
        }
        $container->register('cache_factory', MemoryBackendFactory::class)->addArgument($site->container->get('datetime.time'));
        $container->register('cache.discovery', \Drupal\Core\Cache\CacheBackendInterface::class)->setFactory([new Reference('cache_factory'), 'get'])->addArgument('discovery');
        $container->register('serializer', Serializer::class)->setArguments([[], []])->setPublic(true);
        // Core serialization's service-free normalizers, at the priorities of
        // serialization.services.yml (the Tool module's normalizers hand
        // default values and other typed data to them, Drupal 11.3's
        // ContextDefinitionNormalizer a StringData).
        foreach (Site::coreNormalizers() as $i => $normalizer) {
            $container->register('serialization.tool_schema_test.' . $i, $normalizer::class)
                ->addTag('normalizer', ['priority' => [9, 5, 0, 0, 0][$i] ?? 0]);
        }

        (new YamlFileLoader($container))->load($site->deps->root . '/modules/tool/tool.services.yml');
        if ($before !== null) {
            $before($container);
        }
        $provider = new ToolSchemaServiceProvider();
        if ($enabled) {
            (new YamlFileLoader($container))->load(self::MODULE . '/tool_schema.services.yml');
            $provider->register($container);
            $provider->alter($container);
        }
        $container->addCompilerPass(new RegisterSerializationClassesCompilerPass());
        return $container;
    }

    public static function compiled(bool $enabled, ?\Closure $before = null): ContainerBuilder
    {
        $site = Site::boot();
        $container = self::builder($enabled, $before);
        $container->compile();
        foreach (self::SITE_SERVICES as $id) {
            $container->set($id, $site->container->get($id));
        }
        return $container;
    }
}
