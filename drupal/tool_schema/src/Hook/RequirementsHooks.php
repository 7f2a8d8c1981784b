<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Hook;

use Drupal\Core\Extension\Requirement\RequirementSeverity;
use Drupal\Core\Hook\Attribute\Hook;
use Drupal\tool_schema\DependencyInjection\ToolApi;
use Drupal\tool_schema\Report\Integrations;
use Drupal\tool_schema\ToolSchemaServiceProvider;
use Symfony\Component\DependencyInjection\ContainerInterface;

/**
 * The module's status report lines and its library check.
 *
 * Drupal 11.2+ calls the object-oriented requirements hooks below
 * (hook_runtime_requirements(), hook_update_requirements(); the install-time
 * check is \Drupal\tool_schema\Install\Requirements\ToolSchemaRequirements),
 * with RequirementSeverity severities. Earlier cores (10.6) call
 * tool_schema_requirements() in tool_schema.install, which takes the same
 * lines from requirements() with the REQUIREMENT_* integers, and which
 * #[LegacyRequirementsHook] keeps Drupal 11.3+ from calling (change record
 * https://www.drupal.org/node/3549685).
 */
final class RequirementsHooks {

  /** The REQUIREMENT_* values (RequirementSeverity's backing values). */
  private const INFO = -1;
  private const OK = 0;
  private const WARNING = 1;
  private const ERROR = 2;

  /**
   * Implements hook_runtime_requirements().
   */
  #[Hook('runtime_requirements')]
  public function runtimeRequirements(): array {
    return self::withEnums(self::requirements('runtime'));
  }

  /**
   * Implements hook_update_requirements().
   */
  #[Hook('update_requirements')]
  public function updateRequirements(): array {
    return self::withEnums(self::requirements('update'));
  }

  /**
   * The requirements of a phase (install, update, runtime), severities as
   * the REQUIREMENT_* integers.
   *
   * @return array<string, array<string, mixed>>
   */
  public static function requirements(string $phase): array {
    $requirements = [];
    if (!function_exists('ToolSchema\normalize_schema') || !function_exists('ToolSchema\coerce_input')) {
      $requirements['tool_schema_library'] = [
        'title' => t('Tool Schema library'),
        'description' => t('tool_schema needs ToolSchema\normalize_schema() and ToolSchema\coerce_input(): install the tool_schema PHP extension, or the tool-schema/tool-schema-php library (composer require tool-schema/tool-schema-php, or load its autoload.php from settings.php).'),
        'severity' => self::ERROR,
      ];
    }
    elseif ($phase === 'runtime') {
      $requirements['tool_schema_library'] = [
        'title' => t('Tool Schema library'),
        'value' => \ToolSchema\VERSION . ' (' . \ToolSchema\IMPLEMENTATION . ')',
        'severity' => self::OK,
      ];
    }
    $container = \Drupal::hasContainer() ? \Drupal::getContainer() : NULL;
    if ($phase !== 'runtime' || $container === NULL) {
      return $requirements;
    }
    // The Tool module release, the ones tested, and whether tool_schema
    // stands aside on it (ToolApi::missing(), when the container was built).
    if ($container->hasParameter(ToolApi::MISSING)) {
      $info = \Drupal::service('extension.list.module')->getExtensionInfo('tool');
      $report = ToolApi::report($container->getParameter(ToolApi::MISSING), $info['version'] ?? NULL);
      $requirements['tool_schema_tool_api'] = [
        'title' => t('Tool Schema: Tool module'),
        'value' => $report['value'],
        'description' => $report['description'],
        'severity' => $report['error'] ? self::ERROR : self::INFO,
      ];
    }
    // The Tool module normalizers ToolSchemaServiceProvider took out of the
    // serializer because this core cannot load them (Drupal 11.4).
    $parameter = 'tool_schema.replaced_tool_normalizers';
    if ($container->hasParameter($parameter) && $container->getParameter($parameter)) {
      $replaced = $container->getParameter($parameter);
      $requirements['tool_schema_replaced_tool_normalizers'] = [
        'title' => t('Tool Schema: Tool module normalizers'),
        'value' => t('tool_schema replaced the Tool module\'s normalizers @ids that this Drupal core cannot load', ['@ids' => implode(', ', array_keys($replaced))]),
        'description' => implode(' ', array_merge(...array_column($replaced, 'reasons'))),
        'severity' => self::INFO,
      ];
    }
    return $requirements + self::integrations($container);
  }

  /**
   * The integrations present on the site that tool_schema cannot take over,
   * each a warning saying what the site loses.
   *
   * @return array<string, array<string, mixed>>
   */
  private static function integrations(ContainerInterface $container): array {
    $requirements = [];
    if (\Drupal::moduleHandler()->moduleExists('mcp_tools')) {
      $missing = array_values(array_filter(
        array_keys(Integrations::MCP_TOOLS_SERVICES),
        static fn (string $id): bool => !$container->has($id),
      ));
      if ($missing !== []) {
        $requirements['tool_schema_mcp_tools'] = [
          'title' => t('Tool Schema: mcp_tools'),
          'value' => t('mcp_tools without the extension points (no @services service)', ['@services' => implode(', ', $missing)]),
          'description' => t("tools/list and tools/call use mcp_tools' own schemas and upcasting: no enums, lossy repairs, entity inputs refused; apply patches/mcp_tools-extension-points.patch (in the tool_schema module) to mcp_tools."),
          'severity' => self::WARNING,
        ];
      }
    }
    if (!class_exists(ToolSchemaServiceProvider::INPUT_EVENT) && !Integrations::toolModulePatched()) {
      $requirements['tool_schema_tool_input'] = [
        'title' => t('Tool Schema: Tool module input values'),
        'value' => t('The Tool module has no input event and no tool-input-coercion.patch'),
        'description' => t("Values set through the Tool module's own input path (TypedInputsTrait::setInputValue(): its forms, its AI connector, other integrations) are validated as sent: no repairs of model-sent values (\"5\" for an integer, a JSON string for a map), and entity inputs given as an ID or \"TYPE:ID\" are not loaded, so they are refused; apply patches/tool-input-coercion.patch (in the tool_schema module) to the Tool module."),
        'severity' => self::WARNING,
      ];
    }
    return $requirements;
  }

  /**
   * The severities as RequirementSeverity cases (Drupal 11.2+, where the
   * object-oriented hooks run).
   *
   * @param array<string, array<string, mixed>> $requirements
   *
   * @return array<string, array<string, mixed>>
   */
  public static function withEnums(array $requirements): array {
    foreach ($requirements as &$requirement) {
      if (isset($requirement['severity']) && \is_int($requirement['severity'])) {
        $requirement['severity'] = RequirementSeverity::from($requirement['severity']);
      }
    }
    return $requirements;
  }

}
