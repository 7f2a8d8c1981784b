<?php

declare(strict_types=1);

/*
 * Loads every class and interface of the tool_schema module, and normalizes
 * input definitions through its InputDefinitionNormalizer in a Symfony
 * serializer, while the Tool module's normalizer classes cannot be loaded:
 * any attempt ends the process with status 3, as a fatal error would (on
 * Drupal 11.4 core narrowed ComplexDataNormalizer::normalize() to return
 * `array`, and the Tool module snapshot's normalizers, which extend it, are a
 * fatal error when loaded). mcp_tools (patched) is on the autoloader for the
 * module's decorators of its services, and opis/json-schema (which mcp_tools
 * requires) for its validator's extensions. Run by ModuleLoadingTest; prints one
 * JSON line.
 */

namespace ToolSchema\Tests\Drupal;

use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\ListInputDefinition;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Normalizer\InputDefinitionNormalizer;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Symfony\Component\Serializer\Serializer;

require __DIR__ . '/../../php/autoload.php';
$deps = require __DIR__ . '/autoload.php';
// The decorators of mcp_tools' services (src/McpTools/) implement its
// interfaces: mcp_tools with the patch that adds them, as a site has it.
$deps->useMcpTools(\dirname(__DIR__, 2) . '/drupal/tool_schema/patches/mcp_tools-extension-points.patch');
// The module's validator extends opis/json-schema (src/Validation/Opis/),
// which mcp_tools requires.
$deps->useOpis();

spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Drupal\\tool\\Normalizer\\')) {
        fwrite(STDERR, "module_without_tool_normalizers: $class was loaded\n");
        exit(3);
    }
}, true, true);

$src = \dirname(__DIR__, 2) . '/drupal/tool_schema/src';
$loaded = [];
foreach (new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($src, \FilesystemIterator::SKIP_DOTS)) as $file) {
    $class = 'Drupal\\tool_schema\\' . str_replace('/', '\\', substr($file->getPathname(), \strlen($src) + 1, -4));
    if (!class_exists($class) && !interface_exists($class)) {
        fwrite(STDERR, "module_without_tool_normalizers: $class does not load\n");
        exit(1);
    }
    $loaded[] = $class;
}
sort($loaded);

// The Tool module's normalizer as the container hands it over: a service
// closure, called only when a definition falls back to it.
$normalizer = new InputDefinitionNormalizer(
    new InputSchemaGenerator(new DefinitionArrayBuilder()),
    static fn (): object => new \Drupal\tool\Normalizer\ContextDefinitionNormalizer(),
);
$serializer = new Serializer([$normalizer], []);
$schemas = [
    $serializer->normalize(new InputDefinition('string', 'Name', '', constraints: ['Length' => ['max' => 8]]), 'json_schema'),
    $serializer->normalize(new ListInputDefinition('Tags', '', item_definition: new InputDefinition('integer', 'Tag', '')), 'json_schema'),
];
echo json_encode(['classes' => $loaded, 'schemas' => $schemas, 'tool_normalizer_loaded' => class_exists('Drupal\\tool\\Normalizer\\ContextDefinitionNormalizer', false)], JSON_UNESCAPED_SLASHES), "\n";
