<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Report;

use Drupal\Core\Extension\ModuleHandlerInterface;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool_schema\ToolSchemaServiceProvider;
use Symfony\Component\DependencyInjection\ContainerInterface;

/**
 * Which of the paths where a site serves tool schemas or takes tool input
 * tool_schema has taken over, and why not where it has not: for the report
 * page. Each is read from the running container (and, for the serializer,
 * checked on one real input definition), not assumed from the module list.
 */
final class Integrations {

  public const TAKEN_OVER = 'taken over';
  public const NOT_TAKEN_OVER = 'not taken over';
  public const ABSENT = 'not on this site';

  /**
   * mcp_tools' extension points (patches/mcp_tools-extension-points.patch):
   * service id => what it serves.
   */
  public const MCP_TOOLS_SERVICES = [
    'mcp_tools.schema_converter' => 'the inputSchema of tools/list and the schema tools/call validates against',
    'mcp_tools.argument_normalizer' => 'the arguments of tools/call (repairs before validation)',
    'mcp_tools.input_validator' => 'the validation of tools/call arguments (the served schema\'s verdict)',
  ];

  public function __construct(
    private readonly ContainerInterface $container,
    private readonly ModuleHandlerInterface $moduleHandler,
  ) {
  }

  /**
   * @return list<array{integration: string, status: string, why: string}>
   */
  public function rows(): array {
    return [$this->serializer(), ...$this->mcpTools(), $this->toolInput()];
  }

  /**
   * @return array{integration: string, status: string, why: string}
   */
  private function serializer(): array {
    $row = ['integration' => "Serializer: serializer->normalize(\$input_definition, 'json_schema') (the Tool module's forms, tool_ai_connector, MCP servers that ask the serializer)"];
    if (!$this->container->has('serializer')) {
      return $row + ['status' => self::ABSENT, 'why' => 'no serializer service (the serialization module is not installed)'];
    }
    $replaced = $this->container->hasParameter(ToolSchemaServiceProvider::REPLACED) ? (array) $this->container->getParameter(ToolSchemaServiceProvider::REPLACED) : [];
    $note = $replaced === [] ? '' : ' The Tool module\'s normalizers ' . implode(', ', array_keys($replaced)) . ' cannot load on this core and were taken out of the serializer.';
    // One real input, normalized both ways.
    foreach ($this->container->get('plugin.manager.tool')->getDefinitions() as $id => $definition) {
      if (!$definition instanceof ToolDefinition) {
        continue;
      }
      try {
        foreach ($definition->getInputDefinitions() as $name => $input) {
          $served = $this->container->get('serializer')->normalize($input, 'json_schema');
          $ours = $this->container->get('tool_schema.input_schema_cache')->schema($input);
          if ($served === $ours) {
            return $row + ['status' => self::TAKEN_OVER, 'why' => "the serializer's schema of $id.$name is tool_schema's (" . ToolSchemaServiceProvider::NORMALIZER . ', normalizer priority 1100).' . $note];
          }
          return $row + ['status' => self::NOT_TAKEN_OVER, 'why' => "the serializer's schema of $id.$name is not tool_schema's: another normalizer answers first for input definitions." . $note];
        }
      }
      catch (\Throwable) {
        // A tool whose definition throws: the next one.
        continue;
      }
    }
    return $row + ['status' => self::NOT_TAKEN_OVER, 'why' => 'not checked: no tool input to normalize.' . $note];
  }

  /**
   * @return list<array{integration: string, status: string, why: string}>
   */
  private function mcpTools(): array {
    if (!$this->moduleHandler->moduleExists('mcp_tools')) {
      return [['integration' => 'mcp_tools (MCP server)', 'status' => self::ABSENT, 'why' => 'the mcp_tools module is not installed']];
    }
    $rows = [];
    $present = array_filter(array_keys(self::MCP_TOOLS_SERVICES), fn (string $id): bool => $this->container->has($id));
    foreach (self::MCP_TOOLS_SERVICES as $id => $what) {
      $row = ['integration' => "mcp_tools: $what ($id)"];
      if (!$this->container->has($id)) {
        $rows[] = $row + ['status' => self::NOT_TAKEN_OVER, 'why' => $present === []
          ? "mcp_tools has no $id service: mcp_tools as released has no extension points, so it serves its own schemas and upcasting; apply patches/mcp_tools-extension-points.patch (in the tool_schema module) to mcp_tools"
          : "this mcp_tools (patched) has no $id service: an older version of patches/mcp_tools-extension-points.patch; mcp_tools' own code does this"];
        continue;
      }
      try {
        $class = \get_class($this->container->get($id));
      }
      catch (\Throwable $e) {
        $rows[] = $row + ['status' => self::NOT_TAKEN_OVER, 'why' => "$id cannot be instantiated: " . $e->getMessage()];
        continue;
      }
      $rows[] = str_starts_with($class, 'Drupal\\tool_schema\\')
        ? $row + ['status' => self::TAKEN_OVER, 'why' => "$id is decorated by tool_schema ($class); a tool tool_schema cannot take gets mcp_tools' own"]
        : $row + ['status' => self::NOT_TAKEN_OVER, 'why' => "$id is $class, not tool_schema's decorator: another module replaced it, or the container was not rebuilt since tool_schema was enabled"];
    }
    return $rows;
  }

  /**
   * @return array{integration: string, status: string, why: string}
   */
  private function toolInput(): array {
    $row = ['integration' => "Tool module: input values (TypedInputsTrait::setInputValue(): its execute form, tool_ai_connector, integrations that set inputs)"];
    if (class_exists(ToolSchemaServiceProvider::INPUT_EVENT)) {
      return $this->container->has(ToolSchemaServiceProvider::SUBSCRIBER)
        ? $row + ['status' => self::TAKEN_OVER, 'why' => 'the Tool module fires ' . ToolSchemaServiceProvider::INPUT_EVENT . '; ' . ToolSchemaServiceProvider::SUBSCRIBER . ' repairs each value']
        : $row + ['status' => self::NOT_TAKEN_OVER, 'why' => 'the Tool module fires ' . ToolSchemaServiceProvider::INPUT_EVENT . ' but ' . ToolSchemaServiceProvider::SUBSCRIBER . ' is not registered: rebuild the container (drush cr)'];
    }
    if (self::toolModulePatched()) {
      return $row + ['status' => self::TAKEN_OVER, 'why' => 'the Tool module is patched (patches/tool-input-coercion.patch): setInputValue() hands each value to tool_schema.input_coercer'];
    }
    return $row + ['status' => self::NOT_TAKEN_OVER, 'why' => 'this Tool module has no input event and no patches/tool-input-coercion.patch: values set through its own input path are validated as sent, without repairs; apply the patch (in the tool_schema module) to the Tool module'];
  }

  /**
   * Does the Tool module's TypedInputsTrait::setInputValue() call
   * tool_schema.input_coercer (patches/tool-input-coercion.patch)? Read
   * from the method's source lines.
   */
  public static function toolModulePatched(): bool {
    try {
      $method = new \ReflectionMethod('Drupal\tool\TypedInputsTrait', 'setInputValue');
    }
    catch (\ReflectionException) {
      return FALSE;
    }
    $file = $method->getFileName();
    $lines = $file === FALSE ? FALSE : @file($file);
    if ($lines === FALSE) {
      return FALSE;
    }
    $source = implode('', \array_slice($lines, $method->getStartLine() - 1, $method->getEndLine() - $method->getStartLine() + 1));
    return str_contains($source, 'tool_schema.input_coercer');
  }

}
