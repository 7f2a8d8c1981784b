<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

/**
 * What the test module tool_schema_site_changes adds to the site, and how a
 * test enables it: as if a module were installed or a bundle created. Each
 * change is followed by what Drupal itself does when it happens (clearing
 * the bundle info, rediscovering the plugins), which is what tool_schema's
 * caches must notice.
 */
final class SiteChanges
{
    public const MODULE = 'tool_schema_site_changes';

    /** @var array<string, list<string>> entity type id => bundle ids added */
    public static array $bundles = [];

    /** @var list<string> content entity type ids added */
    public static array $entityTypes = [];

    /** @var list<string> field type ids added */
    public static array $fieldTypes = [];

    /** @var array<string, \Drupal\tool\Tool\ToolDefinition> tool plugins added */
    public static array $tools = [];

    /** An AllowedValues callback that fails (the options provider is down). */
    public static function failingChoices(): array
    {
        throw new \LogicException('the options provider is down');
    }

    /** Enables the module in the running site (its hooks take part from now on). */
    public static function enable(Site $site): void
    {
        $site->enableModule(self::MODULE, 'modules/' . self::MODULE);
    }

    /** A bundle is created (ConfigEntityBundleBase::postSave() clears the bundle info: tag entity_bundles). */
    public static function addBundle(Site $site, string $entityTypeId, string $bundle): void
    {
        self::enable($site);
        self::$bundles[$entityTypeId][] = $bundle;
        $site->container->get('entity_type.bundle.info')->clearCachedBundles();
    }

    /** A module with an entity type is installed (plugin.cache_clearer: the entity type manager invalidates entity_types). */
    public static function addEntityType(Site $site, string $id): void
    {
        self::enable($site);
        self::$entityTypes[] = $id;
        $site->container->get('entity_type.manager')->clearCachedDefinitions();
    }

    /**
     * A module with tool plugins is installed (plugin.cache_clearer: the tool
     * manager clears its definitions; with the cache tag docs/drupal.md gives
     * it, tool_plugins is invalidated).
     *
     * @param array<string, object> $inputs input name => definition
     */
    public static function addTool(Site $site, string $id, array $inputs): void
    {
        self::enable($site);
        self::$tools[$id] = new \Drupal\tool\Tool\ToolDefinition([
            'id' => $id,
            'label' => new \Drupal\Core\StringTranslation\TranslatableMarkup('Test tool @id', ['@id' => $id]),
            'description' => new \Drupal\Core\StringTranslation\TranslatableMarkup('A tool of InputSchemaCacheTest.'),
            'class' => \Drupal\tool_system\Plugin\tool\Tool\LogMessage::class,
            'provider' => self::MODULE,
            'input_definitions' => $inputs,
        ]);
        $site->tools()->clearCachedDefinitions();
    }

    /** A module with a field type is installed (the field type manager has no cache tags: it deletes its cache entry). */
    public static function addFieldType(Site $site, string $id): void
    {
        self::enable($site);
        self::$fieldTypes[] = $id;
        $site->container->get('plugin.manager.field.field_type')->clearCachedDefinitions();
    }
}
