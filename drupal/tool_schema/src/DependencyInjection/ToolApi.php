<?php

declare(strict_types=1);

namespace Drupal\tool_schema\DependencyInjection;

use Drupal\Core\Plugin\Context\ContextDefinitionInterface;

/**
 * What tool_schema reads of the Tool module, and the releases it is tested
 * with.
 *
 * The module reads tool definitions (ToolDefinition::getInputDefinitions())
 * and their inputs through core's context definition interfaces; Tool module
 * releases from 1.0.0-beta10 on detach input definitions from core's context
 * system, and none of them could be tested here (no source reachable). On a
 * Tool module that lacks what the module reads, ToolSchemaServiceProvider
 * leaves every path as the Tool module and mcp_tools have it (no serializer
 * switch, no decorator, no subscriber) and the status report says why
 * (tool_schema_requirements()), instead of a broken site.
 */
final class ToolApi {

  /**
   * The container parameter listing what is missing (empty: nothing).
   */
  public const MISSING = 'tool_schema.tool_api_missing';

  /**
   * The releases the module is tested with (scripts/test.d/: the real-Drupal,
   * site and Drupal 11 stages).
   */
  public const TESTED = [
    'tool' => 'the Tool module snapshot of 2025-12-16 (commit 6c4147e61c32, before 1.0.0-beta10)',
    'mcp_tools' => 'mcp_tools 1.0.0-alpha26 (with patches/mcp_tools-extension-points.patch)',
    'core' => 'Drupal core 10.6, 11.3 and 11.4',
  ];

  /**
   * The class and interface the module reads tools through.
   */
  public const TOOL_DEFINITION = 'Drupal\tool\Tool\ToolDefinition';
  public const INPUT_DEFINITION = 'Drupal\tool\TypedData\InputDefinitionInterface';

  /**
   * What the module reads and this Tool module does not have, one sentence
   * each: [] on a Tool module the module can work with.
   *
   * @return list<string>
   */
  public static function missing(): array {
    $missing = [];
    if (!class_exists(self::TOOL_DEFINITION) || !method_exists(self::TOOL_DEFINITION, 'getInputDefinitions')) {
      $missing[] = 'the class ' . self::TOOL_DEFINITION . ' with getInputDefinitions()';
    }
    if (!interface_exists(self::INPUT_DEFINITION) || !is_subclass_of(self::INPUT_DEFINITION, ContextDefinitionInterface::class)) {
      $missing[] = 'input definitions that are core context definitions (' . self::INPUT_DEFINITION . ' extending ' . ContextDefinitionInterface::class . ')';
    }
    return $missing;
  }

  /**
   * The status report's line on the Tool module: the release found, the
   * releases tested, and what is missing (then tool_schema stands aside).
   *
   * @param list<string> $missing
   *   What ToolSchemaServiceProvider found missing (the MISSING parameter).
   * @param string|null $version
   *   The Tool module's version (its info file's `version`; none in a git
   *   checkout).
   *
   * @return array{error: bool, value: string, description: string}
   */
  public static function report(array $missing, ?string $version): array {
    $found = $version === NULL || $version === '' ? 'a Tool module without a version (a git checkout?)' : "Tool module $version";
    $tested = 'Tested with ' . implode('; ', self::TESTED) . '.';
    if ($missing === []) {
      return ['error' => FALSE, 'value' => $found, 'description' => $tested];
    }
    return [
      'error' => TRUE,
      'value' => "$found: tool_schema stands aside",
      'description' => 'This Tool module lacks what tool_schema reads: ' . implode('; ', $missing) . '. Tool API schemas, MCP tools/list and tools/call are served as the Tool module and mcp_tools give them, without tool_schema. ' . $tested,
    ];
  }

}
