<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Report;

use Drupal\Component\Plugin\PluginManagerInterface;
use Drupal\Core\Language\LanguageManagerInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool_schema\Audit\SiteAudit;
use Drupal\tool_schema\Audit\SiteAuditInterface;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputWarnings;
use Drupal\tool_schema\Settings\ToolSchemaSettings;
use Drupal\tool_schema\Tokens\TokenCounter;

/**
 * What the report page shows of each tool: the schema a model receives in
 * each profile (with the settings' nullable style and derived-enum limit),
 * its o200k token count, its warnings, and the audit's findings.
 *
 * The profiles are normalized by an InputSchemaCache of its own, in memory
 * only: the served schemas' bin entries (at most a few options sets each)
 * are not filled with the page's five.
 */
final class ToolReport {

  /** How a schema is written for a model (and counted): compact JSON, as bench/tokens.php writes it. */
  public const JSON = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

  public function __construct(
    private readonly ToolSchemaSettings $settings,
    private readonly DefinitionArrayBuilder $builder,
    private readonly PluginManagerInterface $toolManager,
    private readonly TokenCounter $counter,
    private readonly SiteAuditInterface $audit,
    private readonly ?LanguageManagerInterface $languageManager = NULL,
  ) {
  }

  /**
   * @return array{
   *   profile: string, options: array<string, mixed>, tokens: array{ok: bool, message: string},
   *   schema_check: bool, implementation: string,
   *   tools: array<string, array{label: string, description: string, findings: list<array<string, string>>,
   *     profiles: array<string, array{json: string|null, tokens: int|null, warnings: list<array<string, mixed>>, error: string|null}>}>
   * }
   */
  public function build(): array {
    $cache = new InputSchemaCache($this->builder, $this->toolManager, NULL, NULL, $this->languageManager, NULL, NULL, $this->settings->schemaOptions());
    $tools = [];
    $texts = [];
    foreach ($this->toolManager->getDefinitions() as $id => $definition) {
      if (!$definition instanceof ToolDefinition) {
        continue;
      }
      $id = (string) $id;
      try {
        $names = array_map('strval', array_keys($definition->getInputDefinitions()));
      }
      catch (\Throwable) {
        $names = [];
      }
      $tool = [
        'label' => (string) $definition->getLabel(),
        'description' => (string) $definition->getDescription(),
        'findings' => [],
        'profiles' => [],
      ];
      foreach (ToolSchemaSettings::PROFILES as $profile) {
        $entry = ['json' => NULL, 'tokens' => NULL, 'warnings' => [], 'error' => NULL];
        try {
          $warnings = [];
          $schema = $cache->schemaOfTool($id, ['profile' => $profile], $warnings);
          $entry['json'] = json_encode($schema, self::JSON | JSON_THROW_ON_ERROR);
          $entry['warnings'] = InputWarnings::attributed($warnings, $names);
          $texts["$id\0$profile"] = $entry['json'];
        }
        catch (\InvalidArgumentException $e) {
          // No inputs at all: the tool's schema is an empty object.
          $entry['json'] = $names === [] && str_starts_with($e->getMessage(), 'no tool plugin') ? '{"type":"object","properties":{}}' : NULL;
          $entry['error'] = $entry['json'] === NULL ? $e->getMessage() : NULL;
          if ($entry['json'] !== NULL) {
            $texts["$id\0$profile"] = $entry['json'];
          }
        }
        catch (\Throwable $e) {
          $entry['error'] = $e->getMessage();
        }
        $tool['profiles'][$profile] = $entry;
      }
      $tools[$id] = $tool;
    }
    foreach ($this->counter->countMany($texts) as $key => $count) {
      [$id, $profile] = explode("\0", (string) $key, 2);
      $tools[$id]['profiles'][$profile]['tokens'] = $count;
    }
    foreach ($this->audit->audit()['findings'] as $finding) {
      if (isset($tools[$finding['tool']])) {
        $tools[$finding['tool']]['findings'][] = $finding;
      }
    }
    ksort($tools);
    return [
      'profile' => $this->settings->profile(),
      'options' => $this->settings->options(),
      'tokens' => $this->counter->status(),
      'schema_check' => SiteAudit::checksSchemas(),
      'implementation' => \defined('ToolSchema\IMPLEMENTATION') ? \ToolSchema\IMPLEMENTATION : 'none',
      'tools' => $tools,
    ];
  }

}
