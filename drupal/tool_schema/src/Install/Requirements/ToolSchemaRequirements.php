<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Install\Requirements;

use Drupal\Core\Extension\InstallRequirementsInterface;
use Drupal\Core\Extension\Requirement\RequirementSeverity;

/**
 * The install-time library check on Drupal 11.2+ (core loads this class from
 * src/Install/Requirements; earlier cores call tool_schema_requirements()
 * with 'install', which 11.3+ skips: #[LegacyRequirementsHook]). The
 * module's other classes are not autoloaded yet: the library check of
 * \Drupal\tool_schema\Hook\RequirementsHooks::requirements() alone.
 */
final class ToolSchemaRequirements implements InstallRequirementsInterface {

  /**
   * {@inheritdoc}
   */
  public static function getRequirements(): array {
    if (function_exists('ToolSchema\normalize_schema') && function_exists('ToolSchema\coerce_input')) {
      return [];
    }
    return [
      'tool_schema_library' => [
        'title' => t('Tool Schema library'),
        'description' => t('tool_schema needs ToolSchema\normalize_schema() and ToolSchema\coerce_input(): install the tool_schema PHP extension, or the tool-schema/tool-schema-php library (composer require tool-schema/tool-schema-php, or load its autoload.php from settings.php).'),
        'severity' => RequirementSeverity::Error,
      ],
    ];
  }

}
