<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Settings;

use Drupal\Core\Cache\CacheTagsInvalidatorInterface;
use Drupal\Core\Config\ConfigCrudEvent;
use Drupal\Core\Config\ConfigEvents;
use Drupal\tool_schema\Schema\ToolSchemaBin;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\EventDispatcher\EventSubscriberInterface;

/**
 * A change of tool_schema.settings invalidates exactly what depends on it:
 *
 * - `profile`, `nullable`, `derived_enum_limit` (ToolSchemaSettings::
 *   SCHEMA_KEYS): the schemas kept in the bin (cache tag `tool_schema`),
 *   and the schema cache of this request takes the new options
 *   (InputSchemaCache::reconfigure(); later requests build it with them);
 * - `repairs`, `log_repairs`, `o200k_ranks_file`: nothing (InputCoercer and
 *   the token counter read them when they use them).
 *
 * The bin entries do not carry the config's own cache tag
 * (config:tool_schema.settings), which any change of the object
 * invalidates, the repairs switch included.
 */
final class SettingsSubscriber implements EventSubscriberInterface {

  public function __construct(
    private readonly CacheTagsInvalidatorInterface $invalidator,
    private readonly ContainerInterface $container,
  ) {
  }

  public static function getSubscribedEvents(): array {
    return [
      ConfigEvents::SAVE => 'onSave',
    ];
  }

  public function onSave(ConfigCrudEvent $event): void {
    $config = $event->getConfig();
    if ($config->getName() !== ToolSchemaSettings::CONFIG) {
      return;
    }
    $changed = array_values(array_filter(ToolSchemaSettings::SCHEMA_KEYS, static fn (string $key): bool => $event->isChanged($key)));
    if ($changed === []) {
      return;
    }
    $this->invalidator->invalidateTags([ToolSchemaBin::TAG]);
    // The schema services of this request, when they were made already.
    $settings = $this->container->get('tool_schema.settings');
    \assert($settings instanceof ToolSchemaSettings);
    if ($this->container->initialized('tool_schema.input_schema_cache')) {
      $this->container->get('tool_schema.input_schema_cache')->reconfigure(NULL, $settings->schemaOptions(), $settings->profileArgument());
    }
  }

}
