<?php
// The inputs each tool refines at run time (its plugin definition's
// input_definition_refiners: target => the inputs it depends on), as JSON
// keyed by the MCP tool name (plugin id, ":" as "___"). A refined input's
// definition, and so what Drupal checks, depends on other inputs' values and
// the site (EntityList's `fields` by entity_type_id and bundle, EntityStub's
// `base_fields` by entity_type_id): the served schema is the definition
// before refining, which cannot say it. tests/site/roundtrip.py leaves
// refusals of such an input out of what it asserts, and counts them.
// Usage (from web/): php refined.php
declare(strict_types=1);

require __DIR__ . '/boot.php';
$out = [];
foreach (\Drupal::service('plugin.manager.tool')->getDefinitions() as $id => $definition) {
    $refiners = method_exists($definition, 'getInputDefinitionRefiners') ? $definition->getInputDefinitionRefiners() : [];
    if ($refiners) {
        $out[str_replace(':', '___', (string) $id)] = array_map('strval', array_keys($refiners));
    }
}
echo json_encode((object) $out, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
