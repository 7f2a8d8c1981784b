<?php

declare(strict_types=1);

namespace Drupal\tool_schema\McpTools;

use Drupal\Core\Plugin\Context\ContextDefinitionInterface;
use Drupal\mcp_tools\Mcp\InvalidToolArgumentsException;
use Drupal\mcp_tools\Mcp\ToolArgumentNormalizerInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool\TypedData\InputDefinitionInterface;
use Drupal\tool_schema\Entity\EntityInputException;
use Drupal\tool_schema\Entity\EntityInputResolverInterface;
use Drupal\tool_schema\InputCoercerInterface;
use Drupal\tool_schema\ToolInputSchemasInterface;

/**
 * The arguments of an mcp_tools tools/call, for a tool tool_schema serves:
 *
 * - before validation (normalizeArguments()): repaired by
 *   tool_schema.input_coercer (ToolSchema\coerce_input(): only what is
 *   unambiguous; "1.5" for an integer or "maybe" for a boolean stay as sent,
 *   and validation refuses them) instead of mcp_tools' upcasting ((int)
 *   "1.5" is 1, "maybe" is FALSE);
 * - after validation (toInputValues()): each entity input's advertised form
 *   (an ID, "TYPE:ID[:LANGCODE]") becomes the entity
 *   (tool_schema.entity_input_resolver); an entity that does not exist or
 *   that the user may not view is refused, as a validation failure.
 *
 * For a tool tool_schema cannot take (its inputSchema is then mcp_tools' own,
 * ToolSchemaConverter), mcp_tools' own normalizer, as before.
 *
 * Decorates mcp_tools.argument_normalizer, a service of
 * patches/mcp_tools-extension-points.patch: only instantiated (and this
 * class only loaded) when that service exists.
 */
final class ArgumentNormalizer implements ToolArgumentNormalizerInterface {

  public function __construct(
    private readonly ToolArgumentNormalizerInterface $inner,
    private readonly ToolInputSchemasInterface $schemas,
    private readonly InputCoercerInterface $coercer,
    private readonly ?EntityInputResolverInterface $entities = NULL,
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

  /**
   * {@inheritdoc}
   */
  public function toInputValues(ToolDefinition $definition, array $arguments): array {
    if ($this->entities === NULL || $this->schemas->toolSchema($definition) === NULL) {
      return $this->inner->toInputValues($definition, $arguments);
    }
    $errors = [];
    $inputs = $definition->getInputDefinitions();
    foreach ($arguments as $name => $value) {
      $input = $inputs[$name] ?? NULL;
      if (!$input instanceof ContextDefinitionInterface || ($input instanceof InputDefinitionInterface && $input->isLocked())) {
        continue;
      }
      try {
        $arguments[$name] = $this->entities->resolve($input, $value);
      }
      catch (EntityInputException $e) {
        $errors[] = ['message' => $e->describe((string) $name), 'path' => $name . $e->path(), 'keyword' => 'entity'];
      }
    }
    if ($errors !== []) {
      throw new InvalidToolArgumentsException($errors);
    }
    return $arguments;
  }

}
