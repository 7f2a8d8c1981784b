<?php

declare(strict_types=1);

namespace Drupal\tool_schema;

use Drupal\Core\DependencyInjection\ContainerBuilder;
use Drupal\Core\DependencyInjection\ServiceProviderBase;
use Drupal\tool_schema\DependencyInjection\ToolApi;
use Drupal\tool_schema\EventSubscriber\InputCoercionSubscriber;
use Symfony\Component\DependencyInjection\Argument\ServiceClosureArgument;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\Reference;

/**
 * Switches the Tool module's paths onto tool_schema, with no patch:
 *
 * - register(): the input coercion subscriber, only on a Tool module release
 *   that has the input event (INPUT_EVENT); the 2025-12-16 snapshot has
 *   none (patches/tool-input-coercion.patch is the way there).
 * - alter(): the Tool module's context definition normalizer leaves the
 *   serializer (its `normalizer` tag is removed) and becomes the fallback of
 *   tool_schema.normalizer.input_definition (its service closure); the tool
 *   plugin manager's cache gets the `tool_plugins` cache tag, which the
 *   schemas kept in the cache bin carry.
 * - alter(), on a core the Tool module's normalizers cannot be loaded on
 *   (Drupal 11.4 narrowed ComplexDataNormalizer::normalize() to return
 *   `array`: their wider return type is a fatal error when the class is
 *   loaded): each such normalizer leaves the serializer, the context
 *   definition one is no fallback (tool_schema answers alone), and the
 *   container parameter REPLACED lists them. Decided from core's return
 *   type (reflected) and the one their source files declare (found through
 *   the container.namespaces parameter, read, never loaded).
 *
 * All of it is compiled into the container while the module is enabled, and
 * goes with the container rebuild when it is uninstalled.
 */
final class ToolSchemaServiceProvider extends ServiceProviderBase {

  /**
   * The Tool module's context definition normalizer: its service id ...
   */
  public const TOOL_NORMALIZER = 'tool.normalizer.context_definition';

  /**
   * ... and its class, which finds it under another id.
   */
  public const TOOL_NORMALIZER_CLASS = 'Drupal\tool\Normalizer\ContextDefinitionNormalizer';

  /**
   * The Tool module's normalizers, by service id: their classes.
   */
  public const TOOL_NORMALIZERS = [
    self::TOOL_NORMALIZER => self::TOOL_NORMALIZER_CLASS,
    'tool.normalizer.map_data_definition' => 'Drupal\tool\Normalizer\MapDefinitionNormalizer',
    'tool.normalizer.legacy_data_definition' => 'Drupal\tool\Normalizer\LegacyTypedDataNormalizer',
  ];

  /**
   * The container parameter listing the Tool module's normalizers this core
   * cannot load, which tool_schema took out of the serializer: service id =>
   * ['class' => ..., 'reasons' => [...]] (empty when they all load).
   */
  public const REPLACED = 'tool_schema.replaced_tool_normalizers';

  /**
   * The normalizer that takes its place (tool_schema.services.yml).
   */
  public const NORMALIZER = 'tool_schema.normalizer.input_definition';

  /**
   * The input event of Tool module releases after the 2025-12-16 snapshot.
   */
  public const INPUT_EVENT = 'Drupal\tool\Event\ToolInputTransformEvent';

  /**
   * The coercion subscriber's service id, when registered.
   */
  public const SUBSCRIBER = 'tool_schema.input_coercion_subscriber';

  /**
   * The tool plugin manager, and the cache tag its discovery cache gets.
   */
  public const TOOL_MANAGER = 'plugin.manager.tool';
  public const TOOL_PLUGINS_TAG = 'tool_plugins';

  /**
   * The core class the Tool module's normalizers extend.
   */
  public const CORE_NORMALIZER = 'Drupal\serialization\Normalizer\ComplexDataNormalizer';

  /**
   * {@inheritdoc}
   */
  public function register(ContainerBuilder $container): void {
    $missing = ToolApi::missing();
    $container->setParameter(ToolApi::MISSING, $missing);
    if ($missing === [] && class_exists(self::INPUT_EVENT)) {
      $container->register(self::SUBSCRIBER, InputCoercionSubscriber::class)
        ->addArgument(new Reference('tool_schema.input_coercer'))
        ->addTag('event_subscriber');
    }
  }

  /**
   * {@inheritdoc}
   */
  public function alter(ContainerBuilder $container): void {
    if ($container->hasParameter(ToolApi::MISSING) && $container->getParameter(ToolApi::MISSING) !== []) {
      $this->standAside($container);
      return;
    }
    $replaced = $this->unloadable($container);
    foreach (array_keys($replaced) as $unloadable) {
      $container->getDefinition($unloadable)->clearTag('normalizer');
    }
    $container->setParameter(self::REPLACED, $replaced);
    if ($container->hasDefinition(self::NORMALIZER)) {
      $id = $this->toolNormalizerId($container);
      if ($id === NULL || isset($replaced[$id])) {
        // No Tool module normalizer to decorate, or one that cannot be
        // loaded: nothing to fall back to, tool_schema answers alone.
        $container->getDefinition(self::NORMALIZER)->replaceArgument(1, NULL);
      }
      else {
        $container->getDefinition($id)->clearTag('normalizer');
        $container->getDefinition(self::NORMALIZER)
          ->replaceArgument(1, new ServiceClosureArgument(new Reference($id, ContainerInterface::NULL_ON_INVALID_REFERENCE)));
      }
    }
    if ($container->hasDefinition(self::TOOL_MANAGER)) {
      // ToolManager sets no cache tag of its own: with one, rediscovering
      // the tool plugins invalidates what tool_schema keeps of them.
      $container->getDefinition(self::TOOL_MANAGER)
        ->addMethodCall('setCacheBackend', [new Reference('cache.discovery'), 'tool_plugins', [self::TOOL_PLUGINS_TAG]]);
    }
  }

  /**
   * On a Tool module without what the module reads (ToolApi::missing()):
   * nothing of tool_schema on any path. Its normalizer leaves the serializer
   * and its decorators go (the decorated services stay as their modules
   * have them); the services themselves stay, for a caller that asks.
   */
  private function standAside(ContainerBuilder $container): void {
    $container->setParameter(self::REPLACED, []);
    foreach ($container->getDefinitions() as $id => $definition) {
      if (!str_starts_with((string) $id, 'tool_schema.')) {
        continue;
      }
      if ($definition->getDecoratedService() !== NULL) {
        $container->removeDefinition($id);
      }
      elseif ($definition->hasTag('normalizer') || $definition->hasTag('event_subscriber')) {
        $definition->clearTag('normalizer')->clearTag('event_subscriber');
      }
    }
  }

  /**
   * The Tool module's normalizers (by their classes, under any service id)
   * that this core cannot load, with why.
   *
   * The one incompatibility known (the Tool module snapshot of 2025-12-16 on
   * Drupal 11.4), checked where it lies: core's
   * ComplexDataNormalizer::normalize() returns `array` (reflected), and the
   * Tool module's class declares a wider return type for it in its source
   * file (read, never loaded: loading it is the fatal error).
   *
   * @return array<string, array{class: string, reasons: list<string>}>
   */
  private function unloadable(ContainerBuilder $container): array {
    $parent = self::CORE_NORMALIZER;
    $core = class_exists($parent) ? (string) (new \ReflectionMethod($parent, 'normalize'))->getReturnType() : '';
    if ($core !== 'array') {
      return [];
    }
    $namespaces = $container->hasParameter('container.namespaces') ? (array) $container->getParameter('container.namespaces') : [];
    $directories = (array) ($namespaces['Drupal\tool'] ?? []);
    $unloadable = [];
    foreach ($container->getDefinitions() as $id => $definition) {
      $class = ltrim((string) $definition->getClass(), '\\');
      if (!\in_array($class, self::TOOL_NORMALIZERS, TRUE)) {
        continue;
      }
      $relative = str_replace('\\', '/', substr($class, \strlen('Drupal\tool\\'))) . '.php';
      $files = array_filter(array_map(static fn (string $d): string => "$d/$relative", $directories), 'is_file');
      $source = $files === [] ? FALSE : file_get_contents(reset($files));
      $declared = $source !== FALSE && preg_match('/function\s+normalize\s*\((?:[^()]|\([^()]*\))*\)\s*:\s*([^{;]+?)\s*[{;]/i', $source, $m) ? $m[1] : NULL;
      $reason = match (TRUE) {
        $source === FALSE => "$class: its source file is not under the Drupal\\tool namespace's directory (the container.namespaces parameter)",
        $declared === NULL => NULL,
        strcasecmp($declared, 'array') === 0 => NULL,
        default => "$class::normalize() returns $declared, wider than $parent::normalize()'s array: loading the class is a fatal error",
      };
      if ($reason !== NULL) {
        $unloadable[(string) $id] = ['class' => $class, 'reasons' => [$reason]];
      }
    }
    return $unloadable;
  }

  /**
   * The service id of the Tool module's context definition normalizer: its
   * own, or the first service of its class (a site that renamed it).
   */
  private function toolNormalizerId(ContainerBuilder $container): ?string {
    if ($container->hasDefinition(self::TOOL_NORMALIZER)) {
      return self::TOOL_NORMALIZER;
    }
    foreach ($container->getDefinitions() as $id => $definition) {
      if ($definition->getClass() === self::TOOL_NORMALIZER_CLASS) {
        return (string) $id;
      }
    }
    return NULL;
  }

}
