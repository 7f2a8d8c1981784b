<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Settings;

use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\Core\Cache\CacheBackendInterface;
use Drupal\Core\Cache\CacheTagsInvalidatorInterface;
use Drupal\Core\Language\LanguageManagerInterface;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Psr\Log\LoggerInterface;

/**
 * Service factories (tool_schema.services.yml): the schema services with
 * the options of the module's settings (profile, nullable style,
 * derived-enum limit).
 */
final class SchemaServiceFactory {

  public static function inputSchemaCache(
    ToolSchemaSettings $settings,
    DefinitionArrayBuilder $builder,
    ?PluginManagerInterface $toolManager = NULL,
    ?CacheBackendInterface $cache = NULL,
    ?LoggerInterface $logger = NULL,
    ?LanguageManagerInterface $languageManager = NULL,
    ?CacheTagsInvalidatorInterface $invalidator = NULL,
  ): InputSchemaCache {
    return new InputSchemaCache($builder, $toolManager, $cache, $logger, $languageManager, $invalidator, NULL, $settings->schemaOptions(), $settings->profileArgument());
  }

  public static function inputSchemaGenerator(ToolSchemaSettings $settings, DefinitionArrayBuilder $builder, ?LoggerInterface $logger = NULL): InputSchemaGenerator {
    return new InputSchemaGenerator($builder, $logger, NULL, $settings->schemaOptions(), $settings->profileArgument());
  }

}
