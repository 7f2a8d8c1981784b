<?php

declare(strict_types=1);

namespace Drupal\tool_schema\McpTools;

use Drupal\mcp_tools\Mcp\ToolSchemaConverterInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool_schema\ToolInputSchemasInterface;

/**
 * The inputSchema mcp_tools serves for a Tool API tool (tools/list, and the
 * schema tools/call arguments are validated against): tool_schema's, or
 * mcp_tools' own when tool_schema cannot take the tool (logged by
 * tool_schema.input_schemas). Annotations stay mcp_tools'.
 *
 * Decorates mcp_tools.schema_converter, a service of
 * patches/mcp_tools-extension-points.patch: only instantiated (and this
 * class only loaded) when that service exists; on mcp_tools as released the
 * decoration is ignored.
 */
final class ToolSchemaConverter implements ToolSchemaConverterInterface {

  public function __construct(
    private readonly ToolSchemaConverterInterface $inner,
    private readonly ToolInputSchemasInterface $schemas,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function toolDefinitionToInputSchema(ToolDefinition $definition, ?string $cacheKey = NULL): array {
    return $this->schemas->toolSchema($definition) ?? $this->inner->toolDefinitionToInputSchema($definition, $cacheKey);
  }

  /**
   * {@inheritdoc}
   */
  public function toolDefinitionToAnnotations(ToolDefinition $definition, ?string $cacheKey = NULL): array {
    return $this->inner->toolDefinitionToAnnotations($definition, $cacheKey);
  }

}
