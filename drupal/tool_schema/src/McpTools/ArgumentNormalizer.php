<?php

declare(strict_types=1);

namespace Drupal\tool_schema\McpTools;

use Drupal\mcp_tools\Mcp\ToolArgumentNormalizerInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool_schema\InputCoercerInterface;
use Drupal\tool_schema\ToolInputSchemasInterface;

/**
 * The arguments of an mcp_tools tools/call, repaired by
 * tool_schema.input_coercer (ToolSchema\coerce_input(): only what is
 * unambiguous; "1.5" for an integer or "maybe" for a boolean stay as sent, and
 * validation refuses them) instead of mcp_tools' upcasting ((int) "1.5" is 1,
 * "maybe" is FALSE). For a tool tool_schema cannot take (its inputSchema is
 * then mcp_tools' own, ToolSchemaConverter), mcp_tools' upcasting, as before.
 *
 * Decorates mcp_tools.argument_normalizer, a service of
 * docs/patches/mcp_tools-extension-points.patch: only instantiated (and this
 * class only loaded) when that service exists.
 */
final class ArgumentNormalizer implements ToolArgumentNormalizerInterface {

  public function __construct(
    private readonly ToolArgumentNormalizerInterface $inner,
    private readonly ToolInputSchemasInterface $schemas,
    private readonly InputCoercerInterface $coercer,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function normalizeArguments(ToolDefinition $definition, array $arguments): array {
    if ($this->schemas->toolSchema($definition) === NULL) {
      return $this->inner->normalizeArguments($definition, $arguments);
    }
    return $this->coercer->coerce($definition, $arguments);
  }

}
