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

    private function __construct(
        public readonly Container $container,
        public readonly Deps $deps,
        float $started,
        /** Drupal 11: the cache.bootstrap bin of ModuleHandler (its hook_data entry). */
        private readonly ?MemoryBackend $bootstrapCache = null,
    ) {
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
        $keyValue = new KeyValueMemoryFactory();
        $container->set('keyvalue', $keyValue);
        $classResolver = new ClassResolver($container);
        $container->set('class_resolver', $classResolver);
        if ($deps->isDrupal11()) {
            // Drupal 11: ModuleHandler reads the hook implementations from the
            // hook_data key/value collection, which core's own compiler passes
            // write when DrupalKernel compiles the container (procedural
            // hooks of the .module files and #[Hook] methods alike).
            $bootstrapCache = $cache();
            self::collectHooks($root, $moduleList, $keyValue, $bootstrapCache);
            $callableResolver = new \Drupal\Core\Utility\CallableResolver($classResolver);
            $container->set('callable_resolver', $callableResolver);
            $moduleHandler = new ModuleHandler($root, $moduleList, $keyValue, $callableResolver, $bootstrapCache);
        } else {
            $moduleHandler = new ModuleHandler($root, $moduleList, $cache());
        }
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

        return self::$site = new self($container, $deps, $started, $bootstrapCache ?? null);
    }

    /**
     * Drupal 11's hook discovery, as DrupalKernel::compileContainer() runs it:
     * core's HookCollectorPass over the enabled modules (a container builder
     * with the container.modules parameter), then core's
     * HookCollectorKeyValueWritePass, which stores what it found in the
     * hook_data key/value collection that ModuleHandler reads.
     *
     * @param array<string, array{type: string, pathname: string, filename: ?string}> $moduleList
     */
    private static function collectHooks(string $root, array $moduleList, KeyValueMemoryFactory $keyValue, MemoryBackend $bootstrapCache): void
    {
        $builder = new \Symfony\Component\DependencyInjection\ContainerBuilder();
        $absolute = [];
        foreach ($moduleList as $module => $info) {
            $absolute[$module] = ['pathname' => "$root/{$info['pathname']}"] + $info;
        }
        $builder->setParameter('container.modules', $absolute);
        $builder->set('keyvalue', $keyValue);
        $builder->set('cache.bootstrap', $bootstrapCache);
        (new \Drupal\Core\Hook\HookCollectorPass())->process($builder);
        (new \Drupal\Core\Hook\HookCollectorKeyValueWritePass())->process($builder);
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
        if (!self::toolNormalizersLoad()) {
            // What a Drupal 11.4 site with this Tool module snapshot cannot
            // build: its serializer service would load the Tool module's
            // normalizers, a fatal error. Core's own normalizers remain.
            return new Serializer(self::coreNormalizers(), []);
        }
        return new Serializer([
            new \Drupal\tool\Normalizer\LegacyTypedDataNormalizer(),      // 1000
            new \Drupal\tool\Normalizer\ContextDefinitionNormalizer(),    // 100
            ...self::otherNormalizers(),
        ], []);
    }

    /**
     * Whether the Tool module snapshot's three normalizers (and tool_schema's
     * ContextDefinitionNormalizer, which extends one of them) can be loaded
     * on this core: they declare normalize() with the return type
     * array|string|int|float|bool|\ArrayObject|null, and Drupal 11.4 narrowed
     * core's ComplexDataNormalizer::normalize(), which they extend, to
     * `array` (core commit 03e2fc0427): loading one is then a fatal error
     * ("must be compatible"), which no test can catch. Read from core's own
     * class, not from the version number.
     */
    public static function toolNormalizersLoad(): bool
    {
        $type = (new \ReflectionMethod(\Drupal\serialization\Normalizer\ComplexDataNormalizer::class, 'normalize'))->getReturnType();
        return !($type instanceof \ReflectionNamedType && $type->getName() === 'array');
    }

    /**
     * Why a test that needs the Tool module's normalizers (or tool_schema's
     * drop-in, which extends the Tool module's) does not run on this core, or
     * null when they load.
     */
    public static function toolNormalizersSkipReason(): ?string
    {
        return self::toolNormalizersLoad() ? null : 'Drupal ' . \Drupal::VERSION . ' narrowed ComplexDataNormalizer::normalize() to return array: '
            . 'the Tool module snapshot\'s normalizers (LegacyTypedDataNormalizer, ContextDefinitionNormalizer, MapDefinitionNormalizer extend it) '
            . 'are a fatal error to load, and this test is about one of them';
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
            ...self::coreNormalizers(),
        ];
    }

    /**
     * Core serialization's service-free normalizers, in their order.
     *
     * @return list<object>
     */
    public static function coreNormalizers(): array
    {
        return [
            new \Drupal\serialization\Normalizer\ListNormalizer(),        // 9
            new \Drupal\serialization\Normalizer\PrimitiveDataNormalizer(), // 5
            new \Drupal\serialization\Normalizer\ComplexDataNormalizer(), // 0
            new \Drupal\serialization\Normalizer\MarkupNormalizer(),      // 0
            new \Drupal\serialization\Normalizer\TypedDataNormalizer(),   // 0
        ];
    }

    /**
     * Enables a module in the running site, its hooks taking part from now on.
     * Drupal 10.6: ModuleHandler::addModule() and load(). Drupal 11 removed
     * that (addModule() does nothing since 11.2; a module is installed by a
     * container rebuild, whose compiler passes collect the hooks): the module
     * list is set, core's hook passes run again over it, and the module
     * handler forgets the hook lists it read, as the one of a rebuilt
     * container has not read them yet.
     */
    public function enableModule(string $module, string $path): void
    {
        $modules = $this->moduleHandler();
        if ($modules->moduleExists($module)) {
            return;
        }
        if (!$this->deps->isDrupal11()) {
            $modules->addModule($module, $path);
            $modules->load($module);
            return;
        }
        $file = is_file("{$this->deps->root}/$path/$module.module") ? "$module.module" : null;
        $extensions = $modules->getModuleList();
        $extensions[$module] = new \Drupal\Core\Extension\Extension($this->deps->root, 'module', "$path/$module.info.yml", $file);
        $list = [];
        foreach ($extensions as $name => $extension) {
            $list[$name] = ['type' => 'module', 'pathname' => $extension->getPathname(), 'filename' => $extension->getExtensionFilename()];
        }
        $modules->setModuleList($extensions);
        $modules->load($module);
        self::collectHooks($this->deps->root, $list, $this->container->get('keyvalue'), $this->bootstrapCache);
        (function (): void {
            $this->hookLists = null;
        })->call($modules);
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
