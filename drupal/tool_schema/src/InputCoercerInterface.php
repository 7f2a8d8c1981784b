<?php

declare(strict_types=1);

namespace Drupal\tool_schema;

use Drupal\Core\Plugin\Context\ContextDefinitionInterface;
use Drupal\tool\Tool\ToolDefinition;

/**
 * Repairs the values a model or an MCP client sends for Tool API inputs
 * before Drupal validates them (ToolSchema\coerce_input(): a JSON string for
 * a map, " Warning " for a choice, "5" for an integer, ...).
 *
 * Service: tool_schema.input_coercer. A repair happens only when it is
 * unambiguous; anything else is returned exactly as it was sent, so that
 * validation reports it. Nothing here throws for a bad value or a broken
 * definition: a definition tool_schema cannot read is logged (channel
 * tool_schema) and its values pass unchanged.
 */
interface InputCoercerInterface {

  /**
   * Repairs the arguments of one tool call.
   *
   * @param \Drupal\tool\Tool\ToolDefinition|string|array<string, \Drupal\Core\Plugin\Context\ContextDefinitionInterface> $tool
   *   The tool: its plugin definition, its plugin id, or its input
   *   definitions keyed by input name (ToolDefinition::getInputDefinitions()).
   * @param array<string, mixed> $arguments
   *   Input name => value, as sent.
   *
   * @return array<string, mixed>
   *   The same keys in the same order; each value repaired against its
   *   input's definition. Arguments the tool has no unlocked input for are
   *   kept as sent (the Tool module refuses them).
   *
   * @throws \Drupal\Component\Plugin\Exception\PluginNotFoundException
   *   When $tool is a plugin id the tool plugin manager does not know.
   */
  public function coerce(ToolDefinition|string|array $tool, array $arguments): array;

  /**
   * Repairs one value for one input definition, and turns an entity input's
   * advertised form (an ID, "TYPE:ID[:LANGCODE]") into the entity the
   * current user may view (tool_schema.entity_input_resolver); a value that
   * names no such entity is returned as it was, for validation to refuse.
   * (coerce() repairs only: its arguments are still validated against the
   * advertised schema.)
   *
   * What TypedInputsTrait::setInputValue() calls with the Tool module patch
   * (patches/tool-input-coercion.patch), and the input event subscriber
   * on Tool module releases that fire one.
   */
  public function coerceValue(ContextDefinitionInterface $definition, mixed $value): mixed;

}
