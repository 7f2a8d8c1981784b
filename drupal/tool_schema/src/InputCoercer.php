<?php

declare(strict_types=1);

namespace Drupal\tool_schema;

use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\Core\Plugin\Context\ContextDefinitionInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool\TypedData\InputDefinitionInterface;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Definition\DefinitionException;
use Drupal\tool_schema\Definition\DefinitionSnapshot;
use Drupal\tool_schema\DerivedEnum\Dependency;
use Drupal\tool_schema\Entity\EntityInputException;
use Drupal\tool_schema\Entity\EntityInputResolverInterface;
use Drupal\tool_schema\Schema\InputWarnings;
use Psr\Log\LoggerInterface;

/**
 * Repairs values sent for Tool API inputs through ToolSchema\coerce_input()
 * (the extension when it is loaded, the pure-PHP implementation otherwise).
 * Definition arrays are built once per definition object (a WeakMap: they go
 * when the definition goes) and built again when the object changed in place
 * (DefinitionSnapshot: the Tool module's input definition refiners add
 * constraints to the plugin definition's own objects) or the site state
 * behind a derived enum did (Dependency: a bundle or a plugin added).
 *
 * coerceValue() (the Tool module's input path) also turns an entity input's
 * advertised form (an ID, "TYPE:ID[:LANGCODE]") into the entity, through
 * tool_schema.entity_input_resolver; when that fails (no such entity, or
 * one the user may not view) the value is left as it is, for Drupal's
 * validation to refuse. coerce() (before an integration validates the
 * arguments against the advertised schema) leaves entity handles as sent.
 *
 * Never throws for a bad value. A definition that cannot be turned into a
 * definition array is logged (error level, once per version of the
 * definition) and the value is returned unchanged, so that validation
 * reports it.
 */
final class InputCoercer implements InputCoercerInterface {

  /**
   * Definition => [its array, or FALSE when it has none; its snapshot; its
   * dependencies].
   *
   * @var \WeakMap<object, array{array<string, mixed>|false, list<array{object, array<mixed>}>, list<\Drupal\tool_schema\DerivedEnum\Dependency>}>
   */
  private \WeakMap $arrays;

  /** The module's settings (setSettings()); NULL: repairs on, not logged. */
  private ?\Drupal\tool_schema\Settings\ToolSchemaSettings $settings = NULL;

  public function __construct(
    private readonly DefinitionArrayBuilder $builder,
    private readonly PluginManagerInterface $toolManager,
    private readonly ?LoggerInterface $logger = NULL,
    private readonly ?EntityInputResolverInterface $entities = NULL,
  ) {
    $this->arrays = new \WeakMap();
  }

  /**
   * {@inheritdoc}
   */
  public function coerce(ToolDefinition|string|array $tool, array $arguments): array {
    if (\is_string($tool)) {
      $tool = $this->toolManager->getDefinition($tool);
    }
    $definitions = $tool instanceof ToolDefinition ? $tool->getInputDefinitions() : $tool;
    foreach ($arguments as $name => $value) {
      $definition = $definitions[$name] ?? NULL;
      if ($definition instanceof ContextDefinitionInterface && !($definition instanceof InputDefinitionInterface && $definition->isLocked())) {
        $arguments[$name] = $this->repair($definition, $value);
      }
    }
    return $arguments;
  }

  /**
   * {@inheritdoc}
   */
  public function coerceValue(ContextDefinitionInterface $definition, mixed $value): mixed {
    $value = $this->repair($definition, $value);
    if ($this->entities !== NULL && $value !== NULL && $this->entities->isEntityInput($definition)) {
      try {
        $value = $this->entities->resolve($definition, $value);
      }
      catch (EntityInputException) {
        // Left as sent: Drupal's validation refuses it.
      }
    }
    return $value;
  }

  /**
   * ToolSchema\coerce_input() for one value against its definition's array.
   */
  private function repair(ContextDefinitionInterface $definition, mixed $value): mixed {
    $entry = $this->arrays[$definition] ?? NULL;
    if ($entry === NULL || !self::holds($entry)) {
      $dependencies = [];
      $objects = [];
      try {
        $array = $this->builder->build($definition, $dependencies, $objects);
      }
      catch (DefinitionException $e) {
        $array = FALSE;
        $this->logger?->error('tool_schema: input values are not coerced for the @label input definition: @error', ['@label' => InputWarnings::label($definition), '@error' => $e->getMessage()]);
      }
      $entry = [$array, DefinitionSnapshot::of($objects), $dependencies];
      $this->arrays[$definition] = $entry;
    }
    if ($entry[0] === FALSE) {
      return $value;
    }
    if ($this->settings !== NULL && !$this->settings->repairs()) {
      // Repairs are off (setting `repairs`): validation sees what was sent.
      return $value;
    }
    try {
      $repaired = \ToolSchema\coerce_input($value, $entry[0]);
      if ($repaired !== $value && $this->settings?->logRepairs()) {
        $this->logRepair($definition, $value, $repaired, $entry[0]);
      }
      return $repaired;
    }
    catch (\ValueError $e) {
      $entry[0] = FALSE;
      $this->arrays[$definition] = $entry;
      $this->logger?->error('tool_schema: input values are not coerced for the @label input definition: @error', ['@label' => InputWarnings::label($definition), '@error' => $e->getMessage()]);
      return $value;
    }
  }

  /**
   * The module's settings: repairs on or off, and their log (a service
   * call, tool_schema.services.yml). Without them: repairs on, no log.
   */
  public function setSettings(?\Drupal\tool_schema\Settings\ToolSchemaSettings $settings): void {
    $this->settings = $settings;
  }

  /**
   * Logs a repair (setting `log_repairs`) on the tool_schema channel, at
   * info level: the tool and input (found by the definition object among
   * the tool plugins' inputs; its label when it is none of theirs), and per
   * repaired place its path, the rule and the values before and after.
   *
   * @param array<string, mixed> $array the definition array
   */
  private function logRepair(ContextDefinitionInterface $definition, mixed $before, mixed $after, array $array): void {
    if ($this->logger === NULL) {
      return;
    }
    $tool = NULL;
    $input = NULL;
    foreach ($this->toolManager->getDefinitions() as $id => $candidate) {
      if ($candidate instanceof ToolDefinition) {
        $name = array_search($definition, $candidate->getInputDefinitions(TRUE), TRUE);
        if ($name !== FALSE) {
          [$tool, $input] = [(string) $id, (string) $name];
          break;
        }
      }
    }
    $repairs = [];
    foreach (\Drupal\tool_schema\Repair\RepairDescriber::describe($before, $after, $array) as $repair) {
      $repairs[] = ($repair['path'] === '' ? '' : $repair['path'] . ': ') . $repair['rule'] . ' (' . $repair['before'] . ' → ' . $repair['after'] . ')';
    }
    $this->logger->info('tool_schema: repaired @tool input @input: @repairs', [
      '@tool' => $tool ?? '(no tool plugin)',
      '@input' => $input ?? InputWarnings::label($definition),
      '@repairs' => implode('; ', $repairs),
    ]);
  }

  /**
   * Is what the array was built from unchanged?
   *
   * @param array{array<string, mixed>|false, list<array{object, array<mixed>}>, list<\Drupal\tool_schema\DerivedEnum\Dependency>} $entry
   */
  private static function holds(array $entry): bool {
    if (!DefinitionSnapshot::holds($entry[1])) {
      return FALSE;
    }
    foreach ($entry[2] as $dependency) {
      \assert($dependency instanceof Dependency);
      if (!$dependency->holds()) {
        return FALSE;
      }
    }
    return TRUE;
  }

}
