<?php
// The site audit: boots a Drupal site and lists, for every Tool API tool,
//   - each warning ToolSchema\normalize_schema() gives for its inputs (what a
//     model is not told: a regex left out, an enum too long, ...), through the
//     tool_schema module's tool_schema.input_schemas service;
//   - each `default` and each `examples` entry of an input (map properties
//     included) that Drupal's own typed-data validation rejects, or that the
//     JSON Schema tool_schema emits for that input rejects (opis/json-schema,
//     as mcp_tools validates arguments).
// Exit status 1 when it lists anything (2 when the site cannot be audited),
// 0 when every tool is clean.
//
// Usage: copy to the site's web/ (scripts/site.sh puts boot.php there) and run
//   cd web && php site-audit.php [--json]
// or from anywhere: php scripts/site-audit.php --web=/path/to/web [--json]
declare(strict_types=1);

use Drupal\tool\Tool\ToolDefinition;
use Drupal\tool\TypedData\MapInputDefinition;
use Opis\JsonSchema\Errors\ErrorFormatter;
use Opis\JsonSchema\Validator;

$opts = getopt('', ['web::', 'json']);
$web = $opts['web'] ?? getcwd();
if (!is_file("$web/boot.php")) {
    fwrite(STDERR, "site-audit: no boot.php in $web (run scripts/site.sh first, or pass --web=)\n");
    exit(2);
}
putenv("SITE_WEB=$web");
require "$web/boot.php";

$c = \Drupal::getContainer();
if (!$c->has('tool_schema.input_schemas')) {
    fwrite(STDERR, "site-audit: the tool_schema module is not enabled on this site\n");
    exit(2);
}
$schemas = $c->get('tool_schema.input_schemas');
$typed = \Drupal::typedDataManager();
$validator = new Validator();
$findings = [];
$note = static function (string $tool, string $path, string $kind, string $message) use (&$findings): void {
    $findings[] = ['tool' => $tool, 'path' => $path, 'kind' => $kind, 'message' => $message];
};

// Drupal's verdict on one value of one input definition: the violation
// messages, [] when valid.
$drupal = static function ($definition, mixed $value) use ($typed): array {
    try {
        $data = $typed->create($definition->getDataDefinition(), $value);
        $out = [];
        foreach ($data->validate() as $v) {
            $out[] = strip_tags((string) $v->getMessage());
        }
        return $out;
    } catch (\Throwable $e) {
        return [get_class($e) . ': ' . $e->getMessage()];
    }
};
// The emitted schema's verdict.
$schema_says = static function (?array $schema, mixed $value) use ($validator): ?string {
    if ($schema === null) {
        return null;
    }
    $result = $validator->validate(json_decode(json_encode($value)), json_decode(json_encode($schema)));
    if ($result->isValid()) {
        return null;
    }
    $e = $result->error();
    return $e ? (new ErrorFormatter())->formatErrorMessage($e) : 'rejected';
};

$inputs = static function (string $tool, array $defs, ?array $schema, string $prefix) use (&$inputs, $drupal, $schema_says, $note): void {
    foreach ($defs as $name => $def) {
        $path = $prefix . $name;
        $sub = $schema['properties'][$name] ?? null;
        $values = [];
        $default = $def->getDefaultValue();
        if ($default !== null) {
            $values[] = ['default', $default];
        }
        if (method_exists($def, 'getExamples')) {
            foreach ((array) $def->getExamples() as $i => $example) {
                $values[] = ["examples[$i]", $example];
            }
        }
        foreach ($values as [$what, $value]) {
            $shown = json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
            foreach ($drupal($def, $value) as $message) {
                $note($tool, $path, $what === 'default' ? 'default' : 'example',
                      "$what $shown: Drupal's validation rejects it: $message");
            }
            if (($why = $schema_says(is_array($sub) ? $sub : null, $value)) !== null) {
                $note($tool, $path, $what === 'default' ? 'default' : 'example',
                      "$what $shown: the emitted schema rejects it: $why");
            }
        }
        if ($def instanceof MapInputDefinition) {
            $inputs($tool, $def->getPropertyDefinitions(), is_array($sub) ? $sub : null, $path . '.');
        }
    }
};

$count = 0;
foreach ($c->get('plugin.manager.tool')->getDefinitions() as $id => $definition) {
    if (!$definition instanceof ToolDefinition) {
        continue;
    }
    $count++;
    $warnings = [];
    try {
        $schema = $schemas->toolSchema($definition, $warnings);
    } catch (\Throwable $e) {
        $schema = null;
        $note((string) $id, '', 'error', get_class($e) . ': ' . $e->getMessage());
    }
    if ($schema === null) {
        $note((string) $id, '', 'declined', 'tool_schema cannot take this tool (its definition fails; see the tool_schema log); MCP servers serve their own schema');
    }
    foreach ($warnings ?? [] as $w) {
        $note((string) $id, (string) ($w['path'] ?? ''), 'warning', ($w['code'] ?? '') . ': ' . ($w['message'] ?? ''));
    }
    try {
        $inputs((string) $id, $definition->getInputDefinitions(), $schema, '');
    } catch (\Throwable $e) {
        $note((string) $id, '', 'error', get_class($e) . ': ' . $e->getMessage());
    }
}

if (isset($opts['json'])) {
    echo json_encode(['tools' => $count, 'findings' => $findings], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
} else {
    foreach ($findings as $f) {
        printf("%s %s [%s] %s\n", $f['tool'], $f['path'] === '' ? '-' : $f['path'], $f['kind'], $f['message']);
    }
    printf("site-audit: %d tools, %d findings\n", $count, count($findings));
}
exit($findings ? 1 : 0);
