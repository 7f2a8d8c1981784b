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
 * the JSON Schema validator cannot compile the served schema (`unchecked`)
 * or fails: the call is judged as it was before tool_schema. A pattern of
 * the schema that SchemaValidator cannot translate from ECMA-262 is not
 * checked (the tool's own validation still applies its constraint), logged
 * when the schema is first compiled (once per request).
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
    $known = $this->validator->untranslatedPatterns();
    try {
      $result = $this->validator->validate($schema, $arguments);
    }
    catch (\Throwable $e) {
      $result = ['valid' => TRUE, 'errors' => [], 'unchecked' => $e->getMessage()];
    }
    foreach (array_diff_key($this->validator->untranslatedPatterns(), $known) as $pattern => $reason) {
      $this->logger?->warning('tool_schema: the pattern @pattern in the input schema of the @tool tool is not checked on tools/call: @reason', [
        '@pattern' => $pattern,
        '@tool' => $definition->id(),
        '@reason' => $reason,
      ]);
    }
    if (isset($result['unchecked'])) {
      $this->logger?->error('tool_schema: the arguments of the @tool tool are validated by mcp_tools: @error', [
        '@tool' => $definition->id(),
        '@error' => $result['unchecked'],
      ]);
      return $this->inner->validate($definition, $arguments);
    }
    return $result;
  }

}
