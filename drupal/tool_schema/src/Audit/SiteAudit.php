<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Audit;

use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\Core\TypedData\TypedDataManagerInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool\TypedData\MapInputDefinition;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\ToolInputSchemasInterface;
use Drupal\tool_schema\Validation\JsonShape;
use Drupal\tool_schema\Validation\SchemaValidator;
use Opis\JsonSchema\Validator;

/**
 * The site audit (SiteAuditInterface), on the served schemas
 * (tool_schema.input_schemas). The served schema's verdict on a value is the
 * one tools/call gets (Validation\SchemaValidator: the value as the schema
 * reads it, JsonShape; opis/json-schema), for the value as the only argument
 * of a map holding that input.
 */
final class SiteAudit implements SiteAuditInterface {

  private const JSON = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_PARTIAL_OUTPUT_ON_ERROR;

  /** The served schemas' validator (when the site has opis/json-schema). */
  private ?SchemaValidator $validator = NULL;

  public function __construct(
    private readonly ToolInputSchemasInterface $schemas,
    private readonly PluginManagerInterface $toolManager,
    private readonly TypedDataManagerInterface $typedData,
  ) {
  }

  /** Whether the served schema's verdict is part of the audit (opis/json-schema is installed). */
  public static function checksSchemas(): bool {
    return class_exists(Validator::class);
  }

  /**
   * {@inheritdoc}
   */
  public function audit(?array $toolIds = NULL): array {
    $findings = [];
    $count = 0;
    foreach ($this->toolManager->getDefinitions() as $id => $definition) {
      $id = (string) $id;
      if (!$definition instanceof ToolDefinition || ($toolIds !== NULL && !\in_array($id, $toolIds, TRUE))) {
        continue;
      }
      $count++;
      $findings = [...$findings, ...$this->auditTool($id, $definition)];
    }
    return ['tools' => $count, 'findings' => $findings];
  }

  /**
   * @return list<array{tool: string, path: string, kind: string, message: string}>
   */
  private function auditTool(string $id, ToolDefinition $definition): array {
    $findings = [];
    $warnings = [];
    try {
      $schema = $this->schemas->toolSchema($definition, $warnings);
      if ($schema === NULL) {
        $findings[] = self::finding($id, '', 'declined', 'tool_schema cannot take this tool (its definition fails; see the tool_schema log); MCP servers serve their own schema');
      }
    }
    catch (\Throwable $e) {
      $schema = NULL;
      $findings[] = self::finding($id, '', 'error', \get_class($e) . ': ' . $e->getMessage());
    }
    foreach ($warnings ?? [] as $w) {
      $findings[] = self::finding($id, (string) ($w['path'] ?? ''), 'warning', ($w['code'] ?? '') . ': ' . ($w['message'] ?? ''));
    }
    try {
      $this->inputs($id, $definition->getInputDefinitions(), $schema, '', $findings);
    }
    catch (\Throwable $e) {
      $findings[] = self::finding($id, '', 'error', \get_class($e) . ': ' . $e->getMessage());
    }
    return $findings;
  }

  /**
   * @param array<mixed> $definitions input name => definition
   * @param array<string, mixed>|null $schema the schema of the map holding them
   * @param list<array{tool: string, path: string, kind: string, message: string}> $findings
   */
  private function inputs(string $tool, array $definitions, ?array $schema, string $prefix, array &$findings): void {
    foreach ($definitions as $name => $definition) {
      if (!\is_object($definition)) {
        continue;
      }
      $path = $prefix . $name;
      $properties = $schema['properties'] ?? NULL;
      $sub = \is_array($properties) ? ($properties[$name] ?? NULL) : NULL;
      $values = [];
      $default = method_exists($definition, 'getDefaultValue') ? $definition->getDefaultValue() : NULL;
      // A map without a default of its own: MapContextDefinition makes one
      // up from its properties' defaults, which no schema advertises (each
      // property has its own).
      if (\is_array($default) && DefinitionArrayBuilder::isSynthesizedMapDefault($definition, $default)) {
        $default = NULL;
      }
      if ($default !== NULL) {
        $values[] = ['default', $default];
      }
      if (method_exists($definition, 'getExamples')) {
        foreach ((array) $definition->getExamples() as $i => $example) {
          $values[] = ["examples[$i]", $example];
        }
      }
      foreach ($values as [$what, $value]) {
        $kind = $what === 'default' ? 'default' : 'example';
        $shown = json_encode(JsonShape::of($value, \is_array($sub) ? $sub : NULL), self::JSON);
        foreach ($this->drupalSays($definition, $value) as $message) {
          $findings[] = self::finding($tool, $path, $kind, "$what $shown: Drupal's validation rejects it: $message");
        }
        $why = \is_array($sub) ? $this->schemaSays((string) $name, $sub, $value) : NULL;
        if ($why !== NULL) {
          $findings[] = self::finding($tool, $path, $kind, "$what $shown: the emitted schema rejects it: $why");
        }
      }
      if ($definition instanceof MapInputDefinition) {
        $this->inputs($tool, $definition->getPropertyDefinitions(), \is_array($sub) ? $sub : NULL, $path . '.', $findings);
      }
    }
  }

  /**
   * Drupal's verdict on one value of one input definition: the violation
   * messages, [] when valid.
   *
   * @return list<string>
   */
  private function drupalSays(object $definition, mixed $value): array {
    try {
      $data = $this->typedData->create($definition->getDataDefinition(), $value);
      $out = [];
      foreach ($data->validate() as $violation) {
        $out[] = strip_tags((string) $violation->getMessage());
      }
      return $out;
    }
    catch (\Throwable $e) {
      return [\get_class($e) . ': ' . $e->getMessage()];
    }
  }

  /**
   * The served schema's verdict on a value: NULL when it accepts it (or
   * when opis/json-schema is not installed), else why not, in the words a
   * model gets from tools/call.
   *
   * @param array<string, mixed> $schema the input's schema
   */
  private function schemaSays(string $name, array $schema, mixed $value): ?string {
    if (!self::checksSchemas()) {
      return NULL;
    }
    $this->validator ??= new SchemaValidator();
    $result = $this->validator->validate(['type' => 'object', 'properties' => [$name => $schema]], [$name => $value]);
    if ($result['valid']) {
      return NULL;
    }
    return implode('; ', array_column($result['errors'], 'message'));
  }

  /**
   * @return array{tool: string, path: string, kind: string, message: string}
   */
  private static function finding(string $tool, string $path, string $kind, string $message): array {
    return ['tool' => $tool, 'path' => $path, 'kind' => $kind, 'message' => $message];
  }

}
