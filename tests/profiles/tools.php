<?php

declare(strict_types=1);

/*
 * Writes the definition arrays of the Tool module's tool plugins, as real
 * Drupal 10.6 builds them (tests/drupal/bootstrap.php: no stubs), one root map
 * of the tool's inputs per tool, to stdout as JSON: {"<tool id>": definition}.
 * tests/profiles.rs adds them to the profile corpus
 * ($TOOL_SCHEMA_PROFILE_TOOLS). Needs target/deps (scripts/deps.sh).
 */

namespace ToolSchema\Tests\Drupal;

use Drupal\tool_schema\Definition\DefinitionArrayBuilder;

require __DIR__ . '/../drupal/bootstrap.php';

$site = Site::boot();
$builder = new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($site->container, $site->container->get('entity_type.bundle.info'), $site->container->get('country_manager')));
$tools = [];
foreach ($site->tools()->getDefinitions() as $id => $definition) {
    $tools[$id] = $builder->buildInputs($definition->getInputDefinitions());
}
ksort($tools);
$json = json_encode($tools, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_PRETTY_PRINT);
if ($json === false) {
    fwrite(STDERR, 'tools.php: ' . json_last_error_msg() . "\n");
    exit(1);
}
echo $json, "\n";
fwrite(STDERR, sprintf("tools.php: %d tools of the Tool module\n", \count($tools)));
