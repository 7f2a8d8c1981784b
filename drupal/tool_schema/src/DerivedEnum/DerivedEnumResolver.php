<?php

declare(strict_types=1);

namespace Drupal\tool_schema\DerivedEnum;

use Drupal\Component\Plugin\Definition\PluginDefinitionInterface;
use Drupal\Component\Plugin\FallbackPluginManagerInterface;
use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\Core\Cache\CacheableDependencyInterface;
use Drupal\Core\Entity\EntityTypeBundleInfoInterface;
use Drupal\Core\Locale\CountryManagerInterface;
use Drupal\tool_schema\Definition\DefinitionException;
use Symfony\Component\DependencyInjection\ContainerInterface;

/**
 * Resolves the enums Drupal derives from site state into choices, with what
 * tells they changed (Dependency: read again and compared within a request;
 * cache tags across requests):
 *
 * - PluginExists: the ids of a plugin manager's definitions, as core's
 *   PluginExistsConstraintValidator accepts them (only classes implementing
 *   `interface` when given); the fallback plugin of a
 *   FallbackPluginManagerInterface manager left out unless `allowFallback`
 *   (Drupal accepts it, a model should not pick "broken"). Invalidated by the
 *   manager's cache tags (`entity_types` for entity_type.manager); a manager
 *   without any gives none, and the enum is kept for the request only.
 * - EntityBundleExists: the bundle ids of an entity type
 *   (entity_type.bundle.info, tags `entity_types`, `entity_bundles`).
 * - CountryCode: the keys of country_manager's list (what
 *   CountryCodeConstraint builds its Choice from); hook_countries_alter()
 *   shapes it and no cache tag covers it: request only.
 *
 * The constraint names its plugin manager by service id, hence the
 * container (core's PluginExistsConstraint::create() does the same). A
 * service id the container does not have is an error (DefinitionException):
 * Drupal cannot validate that input either.
 */
final class DerivedEnumResolver {

  /**
   * PluginExists enums already read, by manager, interface and fallback.
   *
   * @var array<string, array{object, mixed, DerivedEnum}>
   */
  private array $pluginEnums = [];

  public function __construct(
    private readonly ContainerInterface $container,
    private readonly EntityTypeBundleInfoInterface $bundleInfo,
    private readonly CountryManagerInterface $countryManager,
  ) {
  }

  /**
   * The plugin manager a PluginExists constraint names.
   *
   * @throws \Drupal\tool_schema\Definition\DefinitionException
   *   No such service, or not a plugin manager.
   */
  public function pluginManager(string $serviceId): PluginManagerInterface {
    if (!$this->container->has($serviceId)) {
      throw new DefinitionException(sprintf('the plugin manager service "%s" does not exist', $serviceId));
    }
    $manager = $this->container->get($serviceId);
    if (!$manager instanceof PluginManagerInterface) {
      throw new DefinitionException(sprintf('the service "%s" is not a plugin manager (%s)', $serviceId, get_debug_type($manager)));
    }
    return $manager;
  }

  /**
   * PluginExists: the plugin ids Drupal accepts.
   *
   * @param string|null $serviceId
   *   The manager's service id (NULL: a manager handed over on a constraint
   *   object, which a later request cannot find again by id).
   */
  public function pluginIds(?string $serviceId, PluginManagerInterface $manager, ?string $interface, bool $allowFallback): DerivedEnum {
    $key = $serviceId === NULL ? NULL : "plugins:$serviceId";
    $definitions = $manager->getDefinitions();
    // The same manager, interface and definitions give the same enum (a
    // tool list asks for the entity types a dozen times).
    $memo = $key . "\0" . spl_object_id($manager) . "\0" . ($interface ?? '') . "\0" . (int) $allowFallback;
    $known = $this->pluginEnums[$memo] ?? NULL;
    if ($known !== NULL && $known[0] === $manager && $known[1] === $definitions) {
      return $known[2];
    }
    $ids = [];
    foreach ($definitions as $pluginId => $definition) {
      if ($interface !== NULL && $interface !== '' && !is_a(self::pluginClass($definition), $interface, TRUE)) {
        continue;
      }
      $ids[] = $pluginId;
    }
    if (!$allowFallback && $manager instanceof FallbackPluginManagerInterface) {
      $fallbacks = [];
      foreach ($ids as $pluginId) {
        $fallback = $manager->getFallbackPluginId((string) $pluginId);
        if (\is_string($fallback) && $fallback !== '') {
          $fallbacks[$fallback] = TRUE;
        }
      }
      $ids = array_values(array_filter($ids, static fn ($pluginId): bool => !isset($fallbacks[(string) $pluginId])));
    }
    $enum = new DerivedEnum($ids, self::pluginDependency($key, $manager, $definitions));
    $this->pluginEnums[$memo] = [$manager, $definitions, $enum];
    return $enum;
  }

  /**
   * EntityBundleExists: the bundle ids of an entity type.
   */
  public function bundles(string $entityTypeId): DerivedEnum {
    $bundles = $this->bundleInfo->getBundleInfo($entityTypeId);
    return new DerivedEnum(array_keys($bundles), self::bundleDependency($entityTypeId, $this->bundleInfo, $bundles));
  }

  /**
   * CountryCode: the country codes.
   */
  public function countries(): DerivedEnum {
    $list = $this->countryManager->getList();
    return new DerivedEnum(array_map('strval', array_keys($list)), self::countryDependency($this->countryManager, $list));
  }

  /**
   * The site state behind a Dependency::$key, read now: how a cache that
   * kept an enum across requests (valid by its cache tags) watches the source
   * again for the rest of this request. NULL when it cannot be found here.
   */
  public function dependency(string $key): ?Dependency {
    try {
      if (str_starts_with($key, 'plugins:')) {
        $manager = $this->pluginManager(substr($key, 8));
        return self::pluginDependency($key, $manager, $manager->getDefinitions());
      }
      if (str_starts_with($key, 'bundles:')) {
        $entityTypeId = substr($key, 8);
        return self::bundleDependency($entityTypeId, $this->bundleInfo, $this->bundleInfo->getBundleInfo($entityTypeId));
      }
      if ($key === 'countries') {
        return self::countryDependency($this->countryManager, $this->countryManager->getList());
      }
    }
    catch (\Throwable) {
    }
    return NULL;
  }

  /**
   * The class of a plugin definition, as DefaultFactory::getPluginClass()
   * reads it.
   */
  private static function pluginClass(mixed $definition): string {
    $class = match (TRUE) {
      \is_array($definition) => $definition['class'] ?? NULL,
      $definition instanceof PluginDefinitionInterface => $definition->getClass(),
      default => NULL,
    };
    return \is_string($class) ? $class : '';
  }

  private static function pluginDependency(?string $key, PluginManagerInterface $manager, array $definitions): Dependency {
    $tags = $manager instanceof CacheableDependencyInterface ? $manager->getCacheTags() : [];
    return new Dependency($key, $tags === [] ? NULL : array_values($tags), static fn (): array => $manager->getDefinitions(), $definitions);
  }

  private static function bundleDependency(string $entityTypeId, EntityTypeBundleInfoInterface $bundleInfo, array $bundles): Dependency {
    return new Dependency("bundles:$entityTypeId", ['entity_types', 'entity_bundles'], static fn (): array => $bundleInfo->getBundleInfo($entityTypeId), $bundles);
  }

  private static function countryDependency(CountryManagerInterface $countries, array $list): Dependency {
    return new Dependency('countries', NULL, static fn (): array => $countries->getList(), $list);
  }

}
