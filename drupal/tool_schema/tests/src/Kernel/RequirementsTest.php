<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Kernel;

use Drupal\Core\DependencyInjection\ContainerBuilder;
use Drupal\Core\Extension\Requirement\RequirementSeverity;
use Drupal\KernelTests\KernelTestBase;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;

/**
 * The status report (hook_runtime_requirements() on Drupal 11.2+,
 * hook_requirements() before): the integrations present but not taken over are
 * warnings naming what the site loses. This Tool module snapshot has no
 * input event and is not patched here; mcp_tools is patched
 * (scripts/site.sh builds the root with patches/mcp_tools-*.patch), and a
 * site without its extension points is one whose container lacks them.
 *
 * @group tool_schema
 * @runTestsInSeparateProcesses
 */
#[Group('tool_schema')]
#[RunTestsInSeparateProcesses]
final class RequirementsTest extends KernelTestBase {

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['system', 'user', 'dblog', 'update', 'tool', 'mcp_tools', 'tool_schema'];

  /** Services taken out of the container before it is compiled (an unpatched mcp_tools). */
  private static array $remove = [];

  /**
   * {@inheritdoc}
   */
  public function register(ContainerBuilder $container): void {
    parent::register($container);
    foreach (self::$remove as $id) {
      $container->removeDefinition($id);
      $container->removeAlias($id);
    }
  }

  /**
   * The module's status report lines as this core gathers them: Drupal
   * 11.2+ from hook_runtime_requirements() (RequirementsHooks; on 11.3+
   * tool_schema_requirements() is #[LegacyRequirementsHook], no longer an
   * implementation), earlier cores from hook_requirements('runtime').
   *
   * @return array<string, array<string, mixed>>
   */
  private function requirements(): array {
    $module_handler = $this->container->get('module_handler');
    $module_handler->loadInclude('tool_schema', 'install');
    if (class_exists(RequirementSeverity::class)) {
      if (version_compare(\Drupal::VERSION, '11.3', '>=')) {
        $this->assertFalse($module_handler->hasImplementations('requirements', 'tool_schema'), 'the legacy hook is not called on 11.3+');
      }
      $requirements = $module_handler->invoke('tool_schema', 'runtime_requirements');
      // The legacy hook, for 10.6 to 11.2, has the same lines.
      $this->assertSame(array_keys($requirements), array_keys(tool_schema_requirements('runtime')));
      return $requirements;
    }
    $this->assertTrue($module_handler->hasImplementations('requirements', 'tool_schema'));
    return $module_handler->invoke('tool_schema', 'requirements', ['runtime']);
  }

  /** A REQUIREMENT_* severity as this core's requirements hooks give it. */
  private static function severity(int $severity): mixed {
    return class_exists(RequirementSeverity::class) ? RequirementSeverity::from($severity) : $severity;
  }

  public function testPatchedMcpToolsAndUnpatchedToolModule(): void {
    $requirements = $this->requirements();
    $this->assertArrayNotHasKey('tool_schema_mcp_tools', $requirements, 'mcp_tools has the three services');
    $this->assertSame(self::severity(REQUIREMENT_WARNING), $requirements['tool_schema_tool_input']['severity']);
    $this->assertStringContainsString('patches/tool-input-coercion.patch', (string) $requirements['tool_schema_tool_input']['description']);
    $this->assertStringContainsString('entity inputs', (string) $requirements['tool_schema_tool_input']['description']);
  }

  public function testMcpToolsWithoutTheExtensionPoints(): void {
    // mcp_tools as released: none of the three services, nor their interface aliases.
    self::$remove = [
      'mcp_tools.input_validator', 'mcp_tools.argument_normalizer', 'mcp_tools.schema_converter',
      'Drupal\mcp_tools\Mcp\ToolInputValidatorInterface', 'Drupal\mcp_tools\Mcp\ToolArgumentNormalizerInterface', 'Drupal\mcp_tools\Mcp\ToolSchemaConverterInterface',
    ];
    try {
      $this->container->get('kernel')->rebuildContainer();
      $this->container = \Drupal::getContainer();
      $requirements = $this->requirements();
    }
    finally {
      self::$remove = [];
    }
    $warning = $requirements['tool_schema_mcp_tools'];
    $this->assertSame(self::severity(REQUIREMENT_WARNING), $warning['severity']);
    $this->assertSame("tools/list and tools/call use mcp_tools' own schemas and upcasting: no enums, lossy repairs, entity inputs refused; apply patches/mcp_tools-extension-points.patch (in the tool_schema module) to mcp_tools.", (string) $warning['description']);
    $this->assertStringContainsString('mcp_tools.input_validator', (string) $warning['value']);
  }

}
