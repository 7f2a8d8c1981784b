<?php

declare(strict_types=1);

/*
 * Boots real Drupal 10.6 typed data and the Tool module for the tests in
 * tests/drupal/, without a database, a kernel or a single stub class: the
 * services a ContextDefinition, a constraint validator and the Tool module's
 * plugins reach are the real core classes, wired by hand into an empty core
 * Container (as DrupalKernel would, for the parts that matter here):
 *
 *   module_handler                    ModuleHandler: user, serialization, tool, tool_*
 *   class_resolver                    ClassResolver
 *   string_translation                TranslationManager (English)
 *   language_manager, language.default
 *   cache backends                    MemoryBackend, tags invalidated by cache_tags.invalidator
 *   typed_data_manager                TypedDataManager + validation.constraint (ConstraintManager)
 *   entity_type.manager               EntityTypeManager (+ last installed schema on memory key/value)
 *   entity_type.bundle.info           EntityTypeBundleInfo
 *   plugin.manager.field.field_type   FieldTypePluginManager (+ its category manager)
 *   current_user                      AnonymousUserSession
 *   country_manager                   CountryManager (the CountryCode constraint)
 *   logger.factory, request_stack     LoggerChannelFactory (the log_message tool)
 *   plugin.manager.tool               the Tool module's ToolManager (33 tool plugins), cache tag tool_plugins
 *   serializer                        Symfony Serializer with the Tool module's three
 *                                     json_schema normalizers and core serialization's
 *                                     service-free ones, by the priorities of their
 *                                     services.yml
 *
 * Usage: $site = require 'tests/drupal/bootstrap.php'; (a Site, booted once per process)
 */

namespace ToolSchema\Tests\Drupal;

use Drupal\Component\Datetime\Time;
use Drupal\Component\DependencyInjection\ReverseContainer;
use Drupal\Component\FileCache\FileCacheFactory;
use Drupal\Core\Cache\CacheTagsInvalidator;
use Drupal\Core\Cache\MemoryBackend;
use Drupal\Core\DependencyInjection\ClassResolver;
use Drupal\Core\DependencyInjection\Container;
use Drupal\Core\Entity\EntityLastInstalledSchemaRepository;
use Drupal\Core\Entity\EntityTypeBundleInfo;
use Drupal\Core\Entity\EntityTypeManager;
use Drupal\Core\Extension\ModuleHandler;
use Drupal\Core\Field\FieldTypeCategoryManager;
use Drupal\Core\Field\FieldTypePluginManager;
use Drupal\Core\KeyValueStore\KeyValueMemoryFactory;
use Drupal\Core\Language\LanguageDefault;
use Drupal\Core\Language\LanguageManager;
use Drupal\Core\Locale\CountryManager;
use Drupal\Core\Locale\CountryManagerInterface;
use Drupal\Core\Logger\LoggerChannelFactory;
use Drupal\Core\Session\AnonymousUserSession;
use Drupal\Core\StringTranslation\TranslationManager;
use Drupal\Core\TypedData\TypedDataManager;
use Drupal\Core\Validation\ConstraintManager;
use Drupal\tool\Tool\ToolManager;
use Symfony\Component\HttpFoundation\RequestStack;
use Symfony\Component\Serializer\Serializer;

require_once __DIR__ . '/../../php/autoload.php';
require_once __DIR__ . '/autoload.php';

final class Site
{
    private static ?self $site = null;

    /** Seconds the boot took (autoloader set-up, services, discovery of data types, constraints and tools). */
    public readonly float $bootSeconds;

    private function __construct(public readonly Container $container, public readonly Deps $deps, float $started)
    {
        $this->bootSeconds = microtime(true) - $started;
    }

    /**
     * @param bool $symfonyConstraints Also enable the test module
     *   tool_schema_symfony_constraints (GreaterThan, Url, Ip, ... registered
     *   with their Symfony classes). Only the first call of a process decides.
     */
    public static function boot(bool $symfonyConstraints = false): self
    {
        if (self::$site !== null) {
            if ($symfonyConstraints && !self::$site->moduleHandler()->moduleExists(Deps::TEST_MODULE)) {
                throw new \LogicException('Site already booted without ' . Deps::TEST_MODULE);
            }
            return self::$site;
        }
        $started = microtime(true);
        $deps = Deps::get();
        $root = $deps->root;
        // As DrupalKernel does: t(), drupal_static() and the other procedural
        // helpers core classes call (CountryManager calls t()).
        require_once "$root/core/includes/bootstrap.inc";

        FileCacheFactory::setPrefix('tool_schema_tests');
        FileCacheFactory::setConfiguration([FileCacheFactory::DISABLE_CACHE => true]);

        $container = new Container();
        \Drupal::setContainer($container);
        $time = new Time();
        // Cache tags are invalidated in every bin, as core's
        // cache_tags.invalidator does (Cache::invalidateTags(): plugin
        // managers with cache tags, EntityTypeBundleInfo::clearCachedBundles()).
        $invalidator = new CacheTagsInvalidator();
        $container->set('cache_tags.invalidator', $invalidator);
        $cache = static function () use ($time, $invalidator): MemoryBackend {
            $bin = new MemoryBackend($time);
            $invalidator->addBin($bin);
            return $bin;
        };
        $container->set('datetime.time', $time);
        // DependencySerializationTrait (plugin definitions are serialized by discovery).
        $container->set(ReverseContainer::class, new ReverseContainer($container));

        $modules = [];
        foreach (Deps::CORE_MODULES as $module) {
            $modules[$module] = "core/modules/$module";
        }
        $modules['tool'] = 'modules/tool';
        foreach (Deps::TOOL_SUBMODULES as $module) {
            $modules[$module] = "modules/tool/modules/$module";
        }
        if ($symfonyConstraints) {
            $modules[Deps::TEST_MODULE] = 'modules/' . Deps::TEST_MODULE;
        }
        $moduleList = [];
        foreach ($modules as $module => $path) {
            $file = is_file("$root/$path/$module.module") ? "$module.module" : null;
            $moduleList[$module] = ['type' => 'module', 'pathname' => "$path/$module.info.yml", 'filename' => $file];
        }
        $moduleHandler = new ModuleHandler($root, $moduleList, $cache());
        // As DrupalKernel does: the .module files are loaded (user.module, and
        // the test module's alter hook when enabled).
        $moduleHandler->loadAll();
        $container->set('module_handler', $moduleHandler);

        // Plugin namespaces as DrupalKernel::compileContainer() lays them out:
        // each module's src/, and each folder of core/lib/Drupal/{Core,Component}
        // with a Plugin/, Entity/ or Element/ subfolder.
        $namespaces = [];
        foreach ($modules as $module => $path) {
            $namespaces["Drupal\\$module"] = "$root/$path/src";
        }
        foreach (['Core', 'Component'] as $parent) {
            foreach (new \DirectoryIterator("$root/core/lib/Drupal/$parent") as $dir) {
                $p = $dir->getPathname();
                if (!$dir->isDot() && $dir->isDir() && (is_dir("$p/Plugin") || is_dir("$p/Entity") || is_dir("$p/Element"))) {
                    $namespaces["Drupal\\$parent\\" . $dir->getFilename()] = $p;
                }
            }
        }
        $namespaces = new \ArrayObject($namespaces);
        $container->set('container.namespaces', $namespaces);

        $classResolver = new ClassResolver($container);
        $container->set('class_resolver', $classResolver);
        $languageDefault = new LanguageDefault(['id' => 'en', 'name' => 'English']);
        $container->set('language.default', $languageDefault);
        $container->set('string_translation', new TranslationManager($languageDefault));
        $languageManager = new LanguageManager($languageDefault);
        $container->set('language_manager', $languageManager);
        $currentUser = new AnonymousUserSession();
        $container->set('current_user', $currentUser);
        $countries = new CountryManager($moduleHandler);
        $container->set('country_manager', $countries);
        $container->set(CountryManagerInterface::class, $countries);
        $requestStack = new RequestStack();
        $container->set('request_stack', $requestStack);
        $loggers = new LoggerChannelFactory($requestStack, $currentUser);
        $container->set('logger.factory', $loggers);
        $keyValue = new KeyValueMemoryFactory();
        $container->set('keyvalue', $keyValue);

        $typedData = new TypedDataManager($namespaces, $cache(), $moduleHandler, $classResolver);
        $constraints = new ConstraintManager($namespaces, $cache(), $moduleHandler);
        $typedData->setValidationConstraintManager($constraints);
        $container->set('typed_data_manager', $typedData);
        $container->set('validation.constraint', $constraints);

        $schemaRepository = new EntityLastInstalledSchemaRepository($keyValue, $cache());
        $container->set('entity.last_installed_schema.repository', $schemaRepository);
        $entityTypes = new EntityTypeManager($namespaces, $moduleHandler, $cache(), $container->get('string_translation'), $classResolver, $schemaRepository, $container);
        $container->set('entity_type.manager', $entityTypes);
        $container->set('entity_type.bundle.info', new EntityTypeBundleInfo($entityTypes, $languageManager, $moduleHandler, $typedData, $cache()));
        $categories = new FieldTypeCategoryManager($root, $moduleHandler, $cache());
        $container->set('plugin.manager.field.field_type_category', $categories);
        $container->set('plugin.manager.field.field_type', new FieldTypePluginManager($namespaces, $cache(), $moduleHandler, $typedData, $categories));
        $tools = new ToolManager($namespaces, $cache(), $moduleHandler);
        // As the tool_schema services of docs/drupal.md configure it: the
        // tool plugin manager's cache carries a cache tag, which plugin
        // discovery invalidates (ToolManager sets none of its own).
        $tools->setCacheBackend($cache(), 'tool_plugins', ['tool_plugins']);
        $container->set('plugin.manager.tool', $tools);

        $container->set('serializer', self::serializer());

        // The interface aliases of core.services.yml, for the services above
        // (constraint plugins and tools are autowired by interface).
        foreach ([
            'Drupal\Core\Extension\ModuleHandlerInterface' => 'module_handler',
            'Drupal\Core\DependencyInjection\ClassResolverInterface' => 'class_resolver',
            'Drupal\Core\StringTranslation\TranslationInterface' => 'string_translation',
            'Drupal\Core\Language\LanguageManagerInterface' => 'language_manager',
            'Drupal\Core\Session\AccountInterface' => 'current_user',
            'Drupal\Core\KeyValueStore\KeyValueFactoryInterface' => 'keyvalue',
            'Drupal\Core\Logger\LoggerChannelFactoryInterface' => 'logger.factory',
            'Drupal\Core\TypedData\TypedDataManagerInterface' => 'typed_data_manager',
            'Drupal\Core\Entity\EntityTypeManagerInterface' => 'entity_type.manager',
            'Drupal\Core\Entity\EntityTypeBundleInfoInterface' => 'entity_type.bundle.info',
            'Drupal\Core\Entity\EntityLastInstalledSchemaRepositoryInterface' => 'entity.last_installed_schema.repository',
            'Drupal\Core\Field\FieldTypePluginManagerInterface' => 'plugin.manager.field.field_type',
            'Drupal\Core\Field\FieldTypeCategoryManagerInterface' => 'plugin.manager.field.field_type_category',
        ] as $alias => $id) {
            $container->set($alias, $container->get($id));
        }

        return self::$site = new self($container, $deps, $started);
    }

    /**
     * Symfony's Serializer with the normalizers a site with the serialization
     * and tool modules has that need no other service, in the order of their
     * services.yml priorities (Symfony tries them in array order). The
     * entity, field, timestamp and datetime normalizers of core are left out:
     * they need the entity repository or the config factory, and a json_schema
     * normalization of an input definition never reaches them (the Tool
     * module's normalizers, priorities 1000 and 100, take every typed data and
     * context definition object first).
     */
    private static function serializer(): Serializer
    {
        return new Serializer([
            new \Drupal\tool\Normalizer\LegacyTypedDataNormalizer(),      // 1000
            new \Drupal\tool\Normalizer\ContextDefinitionNormalizer(),    // 100
            ...self::otherNormalizers(),
        ], []);
    }

    /**
     * The normalizers below the context definition normalizers, in their
     * order: the Tool module's MapDefinitionNormalizer and core's (a
     * serializer with tool_schema's normalizer in place of the Tool module's
     * puts these after it).
     *
     * @return list<object>
     */
    public static function otherNormalizers(): array
    {
        return [
            new \Drupal\tool\Normalizer\MapDefinitionNormalizer(),        // 100
            new \Drupal\serialization\Normalizer\ListNormalizer(),        // 9
            new \Drupal\serialization\Normalizer\PrimitiveDataNormalizer(), // 5
            new \Drupal\serialization\Normalizer\ComplexDataNormalizer(), // 0
            new \Drupal\serialization\Normalizer\MarkupNormalizer(),      // 0
            new \Drupal\serialization\Normalizer\TypedDataNormalizer(),   // 0
        ];
    }

    public function moduleHandler(): ModuleHandler
    {
        return $this->container->get('module_handler');
    }

    public function typedData(): TypedDataManager
    {
        return $this->container->get('typed_data_manager');
    }

    public function tools(): ToolManager
    {
        return $this->container->get('plugin.manager.tool');
    }
}

return Site::boot(\defined('TOOL_SCHEMA_SYMFONY_CONSTRAINTS'));
