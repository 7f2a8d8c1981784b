<?php

declare(strict_types=1);

namespace Drupal\tool_schema;

use Drupal\tool\Tool\ToolDefinition;

/**
 * The JSON Schema of a whole tool's inputs, for an integration that
 * advertises tools (an MCP server's `inputSchema`, an LLM provider's
 * function parameters).
 *
 * Service: tool_schema.input_schemas. The schemas are those the serializer
 * gives for the same inputs (serializer->normalize($definition,
 * 'json_schema') with the module enabled), byte for byte: each input's schema
 * is a property of the tool's schema.
 */
interface ToolInputSchemasInterface {

  /**
   * The schema of a tool's inputs: a JSON Schema object whose properties are
   * the tool's unlocked inputs (ToolDefinition::getInputDefinitions()),
   * closed (additionalProperties: false), required inputs listed.
   *
   * @param \Drupal\tool\Tool\ToolDefinition|string $tool
   *   The tool's plugin definition or plugin id.
   * @param list<array{code: string, path: string, message: string, input: string|null}>|null $warnings
   *   Set to what the schema could not state (a regex left out, an enum too
   *   long, ...): normalize_schema()'s warnings, paths from the tool's root,
   *   each with the name of the input it belongs to (null: the whole tool,
   *   a profile's size limit). They are logged when the schema is built.
   *
   * @return array<string, mixed>|null
   *   The schema (an empty `properties` is an \stdClass, `{}` in JSON), or
   *   NULL when tool_schema cannot take this tool (a definition that throws,
   *   a constraint callback that fails, a derived enum whose plugin manager
   *   is missing): that is logged on the tool_schema channel, and the caller
   *   serves the schema it would have served without tool_schema. The other
   *   tools are unaffected.
   *
   * @throws \Drupal\Component\Plugin\Exception\PluginNotFoundException
   *   When $tool is a plugin id the tool plugin manager does not know.
   */
  public function toolSchema(ToolDefinition|string $tool, ?array &$warnings = NULL): ?array;

}
