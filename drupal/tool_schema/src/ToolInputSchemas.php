<?php

declare(strict_types=1);

namespace Drupal\tool_schema;

use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputWarnings;
use Psr\Log\LoggerInterface;

/**
 * The schema of a whole tool's inputs, from the schemas InputSchemaCache
 * keeps (the same the serializer gives per input). A tool tool_schema
 * cannot take is logged and answered with NULL: the caller serves its own.
 */
final class ToolInputSchemas implements ToolInputSchemasInterface {

  public function __construct(
    private readonly InputSchemaCache $schemas,
    private readonly PluginManagerInterface $toolManager,
    private readonly ?LoggerInterface $logger = NULL,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function toolSchema(ToolDefinition|string $tool, ?array &$warnings = NULL): ?array {
    $warnings = [];
    $id = \is_string($tool) ? $tool : (string) $tool->id();
    if (\is_string($tool)) {
      // PluginNotFoundException for an unknown id, as the interface says.
      $tool = $this->toolManager->getDefinition($id);
    }
    try {
      $schema = $this->schemas->schemaOfTool($id, NULL, $w);
    }
    catch (\Throwable $e) {
      // A DefinitionException, a \ValueError of normalize_schema(), or what
      // a broken definition throws on the way: this tool only.
      $this->logger?->error('tool_schema: cannot normalize the inputs of the @tool tool (@error); its own schema is used', [
        '@tool' => $id,
        '@error' => $e->getMessage(),
      ]);
      return NULL;
    }
    $warnings = InputWarnings::attributed($w, array_map('strval', array_keys($tool->getInputDefinitions())));
    return $schema;
  }

}
