<?php

declare(strict_types=1);

// The schemas of the token benchmark (not a test; bench/tokens.sh counts
// them): every tool of a tool list as a model reads its input schema, the
// Tool module's own (its json_schema normalizers in the site's serializer,
// each input, gathered as `{"type": "object", "properties": ..., "required":
// [...]}` as its consumers gather them) against tool_schema's (the tool's
// definition map through the adapter and normalize_schema(), the site's
// default options, for each profile). Real Drupal 10.6 and the Tool module's
// real plugins (tests/drupal/bootstrap.php, needs scripts/deps.sh).
//
//   php [-d extension=...] bench/tokens.php [--list=FILE]... > schemas.json
//
// Output: {"lists": [{"name", "tools": [{"id", "schemas": {column: JSON text}}]}]},
// each JSON text encoded as a provider's SDK sends it (compact, unescaped
// slashes and Unicode). The first list is the Tool module's plugins that have
// inputs; --list=FILE adds another: FILE returns
// `static fn (Site $site): array` giving ['name' => ..., 'tools' => [tool id
// => [input name => ContextDefinitionInterface]]] (the hook for a site's own
// tool list, e.g. its mcp_tools).
//
// Before anything is written, each plugin's schema here is checked against
// InputSchemaCache::schemaOfTool() (the path a site runs), in every profile.

use ToolSchema\Tests\Drupal\Schemas;
use ToolSchema\Tests\Drupal\Site;

$site = require __DIR__ . '/../tests/drupal/bootstrap.php';

const PROFILES = ['mcp', 'openai', 'anthropic', 'gemini', 'gemini_json'];
const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR;

$lists = [['name' => 'Tool module plugins', 'tools' => Schemas::tools($site), 'plugins' => true]];
foreach ((array) (getopt('', ['list:'])['list'] ?? []) as $file) {
    $make = require $file;
    $list = $make($site);
    $lists[] = ['name' => (string) $list['name'], 'tools' => $list['tools'], 'plugins' => false];
}

$serializer = $site->container->get('serializer');
$builder = Schemas::builder($site);
$cache = Schemas::cache($site, null);
$defaults = $cache->options();

/** The Tool module's input schema of a tool, as its consumers gather it. */
$toolModule = static function (array $inputs) use ($serializer): array {
    $schema = ['type' => 'object', 'properties' => new \stdClass()];
    $required = [];
    foreach ($inputs as $name => $input) {
        $schema['properties']->$name = $serializer->normalize($input, 'json_schema');
        if ($input->isRequired()) {
            $required[] = $name;
        }
    }
    if ($required !== []) {
        $schema['required'] = $required;
    }
    return $schema;
};

$out = [];
foreach ($lists as $list) {
    $tools = [];
    foreach ($list['tools'] as $id => $inputs) {
        if ($inputs === []) {
            continue;
        }
        $schemas = ['tool module' => json_encode($toolModule($inputs), FLAGS)];
        $map = $builder->buildInputs($inputs);
        foreach (PROFILES as $profile) {
            $schema = \ToolSchema\normalize_schema($map, ['profile' => $profile] + $defaults);
            if ($list['plugins'] && json_encode($schema, FLAGS) !== json_encode($cache->schemaOfTool((string) $id, ['profile' => $profile]), FLAGS)) {
                fwrite(STDERR, "bench/tokens.php: $id ($profile) differs from InputSchemaCache::schemaOfTool()\n");
                exit(2);
            }
            $schemas[$profile] = json_encode($schema, FLAGS);
        }
        $tools[] = ['id' => (string) $id, 'schemas' => $schemas];
    }
    $out[] = ['name' => $list['name'], 'tools' => $tools];
}
echo json_encode(['implementation' => \ToolSchema\IMPLEMENTATION, 'lists' => $out], FLAGS | JSON_PRETTY_PRINT), "\n";
