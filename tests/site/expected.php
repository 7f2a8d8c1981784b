<?php
// Boots the site (run from its web/) and prints, as JSON, for every Tool API
// tool mcp_tools lists (by its MCP name):
//   - "tool_schema": what tool_schema.input_schemas gives for the tool (the
//     module's service; null when the module is off or it declines the tool);
//   - "mcp_tools": what mcp_tools' own ToolApiSchemaConverter gives;
//   - "enums": the inputs whose definition carries an enum-like constraint
//     (Choice, AllowedValues, PluginExists, EntityBundleExists), as
//     "input[.property]" => constraint id;
//   - "warnings": the warnings toolSchema() reported.
declare(strict_types=1);

use Drupal\mcp_tools\Mcp\McpToolsServerFactory;
use Drupal\mcp_tools\Mcp\ToolApiSchemaConverter;
use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool\TypedData\ListInputDefinition;
use Drupal\tool\TypedData\MapInputDefinition;

require __DIR__ . '/boot.php';
$c = \Drupal::getContainer();
$schemas = $c->has('tool_schema.input_schemas') ? $c->get('tool_schema.input_schemas') : null;
$converter = new ToolApiSchemaConverter();

$enums = static function (array $defs, string $prefix) use (&$enums): array {
    $out = [];
    foreach ($defs as $name => $def) {
        $path = $prefix . $name;
        foreach (array_keys($def->getConstraints()) as $id) {
            if (in_array($id, ['Choice', 'AllowedValues', 'PluginExists', 'EntityBundleExists'], true)) {
                $out[$path] = $id;
            }
        }
        if ($def instanceof MapInputDefinition) {
            $out += $enums($def->getPropertyDefinitions(), $path . '.');
        }
        if ($def instanceof ListInputDefinition) {
            $item = $def->getDataDefinition()->getItemDefinition();
            if ($item instanceof \Drupal\tool\TypedData\InputDefinitionInterface) {
                $out += $enums([$name . '[]' => $item], $prefix);
            }
        }
    }
    return $out;
};

$out = [];
foreach ($c->get('plugin.manager.tool')->getDefinitions() as $id => $definition) {
    if (!$definition instanceof ToolDefinition) {
        continue;
    }
    $row = ['tool_schema' => null, 'warnings' => [], 'mcp_tools' => null, 'enums' => []];
    try {
        $row['mcp_tools'] = $converter->toolDefinitionToInputSchema($definition);
    } catch (\Throwable $e) {
        $row['mcp_tools_error'] = get_class($e) . ': ' . $e->getMessage();
    }
    try {
        $row['enums'] = (object) $enums($definition->getInputDefinitions(), '');
    } catch (\Throwable $e) {
        $row['enums_error'] = get_class($e) . ': ' . $e->getMessage();
    }
    if ($schemas) {
        $warnings = [];
        $row['tool_schema'] = $schemas->toolSchema($definition, $warnings);
        $row['warnings'] = $warnings;
    }
    $out[McpToolsServerFactory::pluginIdToMcpName((string) $id)] = $row;
}
echo json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), "\n";
