<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool\TypedData\InputDefinitionInterface;
use Drupal\tool_schema\DerivedEnum\Dependency;

/**
 * @internal What InputSchemaCache keeps in memory during a request for one
 *   tool plugin's inputs, normalized in one call (or for one input
 *   definition that belongs to no tool plugin, as a tool of one input named
 *   InputSchemaGenerator::INPUT, which is what InputSchemaGenerator::inputSchema() normalizes without a name):
 *   per input, its definition array and what tells whether it still holds;
 *   per options set, the result and each input's schema.
 */
final class CachedTool {

  /** @var array<int, string> spl_object_id() of an input definition => its name */
  public array $names = [];

  /**
   * @var array<string, array<mixed>> input name => the input definition
   *   object's properties as they were read (`(array)`, the first entry of
   *   its DefinitionSnapshot); absent until the input is built or read from
   *   the bin
   */
  public array $states = [];

  /**
   * @var array<string, list<array{object, array<mixed>}>> input name =>
   *   the rest of its DefinitionSnapshot: the definition and constraint
   *   objects read in it (inputs that have none, most: absent)
   */
  public array $nested = [];

  /** Whether the inputs have been built or read from the bin (false: made by the index, nothing kept yet). */
  public bool $built = FALSE;

  /** @var array<string, list<Dependency>> input name => the site state behind its derived enums (inputs without any: absent) */
  public array $dependencies = [];

  /** @var array<string, array<string, mixed>> input name => definition array (read from the bin: empty until needed, see $loaded) */
  public array $arrays = [];

  /** Whether $arrays holds the definition arrays (read from the bin, they stay in their own bin entry until needed). */
  public bool $loaded = TRUE;

  /** @var array<string, string> input name => why its definition array could not be built */
  public array $buildErrors = [];

  /** @var array<string, array<string, array<string, mixed>>> options key => input name => schema */
  public array $schemas = [];

  /** @var array<string, array<string, string>> options key => input name => why normalize_schema() refused it */
  public array $errors = [];

  /**
   * @var array<string, array{tool: array<string, mixed>|null, warnings: list<array<string, string>>, error: string|null,
   *   inputs?: array<string, array<string, mixed>>, input_warnings?: array<string, list<array<string, string>>>, input_errors?: array<string, string>}>
   *   options key => the result of normalizing the inputs: `tool` is the
   *   whole map's schema, or null when normalize_schema() refused one
   *   input, each input then normalized on its own (`inputs`,
   *   `input_warnings`, `input_errors`)
   */
  public array $results = [];

  /** @var array<string, array<string, mixed>> options key => a result read from the bin, not handed to the inputs yet */
  public array $stored = [];

  /** @var string|null the tool plugin id (null: one input definition of no tool plugin, never in the bin) */
  public ?string $id;

  /** The plugin definition (null: one input definition of no tool plugin). */
  public ?ToolDefinition $definition;

  /** @var array<mixed> its input definitions, locked ones included, as read */
  public array $all;

  /** @var array<string, object> the input definitions normalized (the unlocked ones) */
  public array $objects;

  /** @var string|null the refined-definition variant (InputSchemaCache::variant()), null until needed */
  public ?string $variant = NULL;

  /**
   * Plain properties, set here (no promotion, no readonly: one of these is
   * made per tool per request, on the serializer's path).
   *
   * @param array<mixed> $all the input definitions, locked ones included
   * @param array<string, object>|null $objects the input definitions
   *   normalized; null: the unlocked ones of $all, as the Tool module's
   *   ToolDefinition::getInputDefinitions() gives them
   */
  public function __construct(?string $id, ?ToolDefinition $definition, array $all, ?array $objects = NULL) {
    $this->id = $id;
    $this->definition = $definition;
    $this->all = $all;
    if ($objects === NULL) {
      $objects = [];
      foreach ($all as $name => $input) {
        if (\is_object($input) && !($input instanceof InputDefinitionInterface && $input->isLocked())) {
          $objects[(string) $name] = $input;
          $this->names[spl_object_id($input)] = (string) $name;
        }
      }
    }
    else {
      foreach ($objects as $name => $object) {
        $this->names[spl_object_id($object)] = $name;
      }
    }
    $this->objects = $objects;
  }

  /** Is this input's definition as it was, and the site state behind its derived enums? */
  public function holds(string $name): bool {
    if (!isset($this->states[$name]) || (array) $this->objects[$name] !== $this->states[$name]) {
      return FALSE;
    }
    if (isset($this->nested[$name])) {
      foreach ($this->nested[$name] as [$object, $state]) {
        if ((array) $object !== $state) {
          return FALSE;
        }
      }
    }
    if (isset($this->dependencies[$name])) {
      foreach ($this->dependencies[$name] as $dependency) {
        if (!$dependency->holds()) {
          return FALSE;
        }
      }
    }
    return TRUE;
  }

  /** Does every input hold? */
  public function valid(): bool {
    foreach ($this->objects as $name => $object) {
      if (!$this->holds($name)) {
        return FALSE;
      }
    }
    return TRUE;
  }

  /** Has the site state behind a derived enum changed (rather than a definition)? */
  public function siteStateChanged(): bool {
    foreach ($this->dependencies as $dependencies) {
      foreach ($dependencies as $dependency) {
        if (!$dependency->holds()) {
          return TRUE;
        }
      }
    }
    return FALSE;
  }

}
