<?php

declare(strict_types=1);

/*
 * One definition, a few values: Drupal's verdict beside the schema tool_schema
 * emits for it (as differential.php builds both), for looking at a corner by
 * hand. Usage: php tests/drupal/probe.php SPEC_JSON VALUE_JSON...
 * (SPEC_JSON as the differential prints a definition: {"type": ..., "family": "input"|"core", ...})
 */

namespace ToolSchema\Tests\Drupal\Differential;

use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaGenerator;

\define('TOOL_SCHEMA_SYMFONY_CONSTRAINTS', true);
$site = require __DIR__ . '/bootstrap.php';
$container = $site->container;
$builder = new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($container, $container->get('entity_type.bundle.info'), $container->get('country_manager')));
$verdict = new Verdict($site->tools()->createInstance('user_block'), $site->typedData());
$spec = json_decode($argv[1], true, 512, JSON_THROW_ON_ERROR);
$spec['family'] ??= 'input';
$object = $spec['family'] === 'input' ? Definitions::input($spec) : Definitions::core($spec);
$array = $builder->build($object);
$w = [];
$schema = $spec['family'] === 'input'
    ? InputSchemaGenerator::inputSchema($array, [], $w)
    : InputSchemaGenerator::inputSchema(['type' => 'map', 'properties' => ['value' => $array]], [], $w)['properties']['value'];
echo 'schema ', json_encode($schema, Json::FLAGS), "\n";
echo 'warnings ', json_encode($w), "\n";
foreach (\array_slice($argv, 2) as $text) {
    $verdict->isolate();
    $d = $verdict->judge($object, Json::decode($text));
    printf("%s => %s\n", $text, $d['accepted'] ? 'Drupal accepts' : 'Drupal rejects: ' . $d['constraint'] . ' at "' . $d['path'] . '": ' . $d['message']);
}
