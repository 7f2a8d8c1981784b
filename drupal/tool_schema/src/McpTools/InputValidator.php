<?php

declare(strict_types=1);

namespace Drupal\tool_schema\McpTools;

use Drupal\mcp_tools\Mcp\ToolInputValidatorInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool_schema\ToolInputSchemasInterface;
use Drupal\tool_schema\Validation\SchemaValidator;
use Psr\Log\LoggerInterface;

/**
 * The verdict on an mcp_tools tools/call's arguments, for a tool tool_schema
 * serves: exactly the advertised inputSchema's (tool_schema.input_schemas),
 * by a JSON Schema validator, on the arguments as JSON reads them (`{}` for
 * an object is not refused as a list), one message per violation naming the
 * path, what was expected and what was received (SchemaValidator). For a tool
 * tool_schema does not serve, mcp_tools' own validator; so too, logged, when
 * the JSON Schema validator throws on the served schema (a pattern it cannot
 * compile): the call is judged as it was before tool_schema.
 *
 * Decorates mcp_tools.input_validator, a service of
 * patches/mcp_tools-extension-points.patch: only instantiated (and this class
 * only loaded) when that service exists.
 */
final class InputValidator implements ToolInputValidatorInterface {

  public function __construct(
    private readonly ToolInputValidatorInterface $inner,
    private readonly ToolInputSchemasInterface $schemas,
    private readonly ?LoggerInterface $logger = NULL,
    private readonly SchemaValidator $validator = new SchemaValidator(),
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function validate(ToolDefinition $definition, array $arguments): array {
    $schema = $this->schemas->toolSchema($definition);
    if ($schema === NULL) {
      return $this->inner->validate($definition, $arguments);
    }
    try {
      return $this->validator->validate($schema, $arguments);
    }
    catch (\Throwable $e) {
      $this->logger?->error('tool_schema: the arguments of the @tool tool are validated by mcp_tools: the JSON Schema validator failed on the served schema (@error)', [
        '@tool' => $definition->id(),
        '@error' => $e->getMessage(),
      ]);
      return $this->inner->validate($definition, $arguments);
    }
  }

}
