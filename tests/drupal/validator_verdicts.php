<?php

declare(strict_types=1);

/*
 * The module's verdict on tool arguments is the advertised schema's (issue
 * 27): Drupal\tool_schema\Validation\SchemaValidator (opis/json-schema over
 * the arguments as JsonShape turns decoded JSON back into JSON), against ajv
 * (tests/drupal/validate.js, Ajv2020 + ajv-formats), on
 *   - every normalize fixture's schema with its `accept` and `reject` values;
 *   - the real-Drupal differential's schemas and pairs, when
 *     tests/drupal/differential.php has written them
 *     (target/drupal-differential/, canonical, repaired and profile schemas).
 * Each value is sent as the module receives it: its JSON decoded into PHP
 * arrays (as MCP clients' arguments are), as the one argument `v` of a tool
 * whose schema has the schema under test as that property. Any difference
 * fails, with the first ones listed; the one thing PHP cannot tell apart is
 * reported and not counted: `{}` and `[]` (both decode to `[]`) where the
 * schema accepts one and refuses the other.
 *
 * Usage: php tests/drupal/validator_verdicts.php   (after npm ci in tests/drupal)
 */

use Drupal\tool_schema\Validation\SchemaValidator;
use ToolSchema\Tests\Drupal\Deps;

require __DIR__ . '/autoload.php';
Deps::get()->useOpis();

$schemas = [];   // schema JSON => index
$pairs = [];     // [schema index, value JSON, origin]
$add = static function (string $schema, string $value, string $origin) use (&$schemas, &$pairs): void {
    $pairs[] = [$schemas[$schema] ??= \count($schemas), $value, $origin];
};
foreach (glob(__DIR__ . '/../fixtures/normalize_*.json') as $file) {
    foreach (json_decode(file_get_contents($file), false, 512, JSON_THROW_ON_ERROR)->cases as $case) {
        if (!isset($case->schema)) {
            continue;
        }
        $schema = json_encode($case->schema, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION);
        foreach (['accept', 'reject'] as $list) {
            foreach ($case->$list ?? [] as $value) {
                $add($schema, json_encode($value, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), "$case->name ($list)");
            }
        }
    }
}
$fixturePairs = \count($pairs);
$diff = \dirname(__DIR__, 2) . '/target/drupal-differential';
if (is_file("$diff/schemas.json") && is_file("$diff/pairs.jsonl")) {
    $texts = array_map(static fn ($s): string => json_encode($s, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), json_decode(file_get_contents("$diff/schemas.json"), false, 512, JSON_THROW_ON_ERROR));
    foreach (file("$diff/pairs.jsonl", FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $n => $line) {
        // {"s":N,"v":VALUE}: the value's text as written.
        if (preg_match('/^\{"s":(\d+),"v":(.*)\}$/s', $line, $m) === 1) {
            $add($texts[(int) $m[1]], $m[2], "differential pair " . ($n + 1));
        }
    }
}

$out = \dirname(__DIR__, 2) . '/target/validator-verdicts';
@mkdir($out, 0777, true);
file_put_contents("$out/schemas.json", '[' . implode(',', array_keys($schemas)) . ']');
$fh = fopen("$out/pairs.jsonl", 'w');
foreach ($pairs as [$s, $v]) {
    fwrite($fh, '{"s":' . $s . ',"v":' . $v . "}\n");
}
fclose($fh);
exec(sprintf('node %s %s %s', escapeshellarg(__DIR__ . '/validate.js'), escapeshellarg("$out/schemas.json"), escapeshellarg("$out/pairs.jsonl")), $lines, $status);
if ($status !== 0 || \count($lines) !== \count($pairs)) {
    fwrite(STDERR, "validator_verdicts: node validate.js failed ($status); run npm ci in tests/drupal\n");
    exit(1);
}

$validator = new SchemaValidator();
$bySchema = array_keys($schemas);
$decoded = [];
$differ = [];
$ambiguous = 0;
$uncompiled = 0;
$thrown = [];
foreach ($pairs as $k => [$s, $v, $origin]) {
    $ajv = json_decode($lines[$k], true);
    if ($ajv[0] === -1) {
        $uncompiled++;
        continue;
    }
    // As the module holds a served schema: `{}` an \stdClass, never `[]`.
    $schema = $decoded[$s] ??= json_decode($bySchema[$s], false, 512, JSON_THROW_ON_ERROR);
    $tool = ['type' => 'object', 'properties' => ['v' => $schema], 'required' => ['v']];
    try {
        $ours = $validator->validate($tool, ['v' => json_decode($v, true, 512, JSON_THROW_ON_ERROR)])['valid'];
    } catch (\Throwable $e) {
        $thrown[$e->getMessage() . ' ' . substr($bySchema[$s], 0, 200)] = true;
        continue;
    }
    if ($ours === ($ajv[0] === 1)) {
        continue;
    }
    if (preg_match('/[\[{]\s*[\]}]/', $v) === 1) {
        // {} or [] in the value: what it was is not in the PHP array.
        $twin = preg_replace_callback('/([\[{])(\s*)([\]}])/', static fn (array $m): string => ($m[1] === '[' ? '{' : '[') . $m[2] . ($m[1] === '[' ? '}' : ']'), $v);
        $ambiguous++;
        continue;
    }
    $differ[] = sprintf('%s: schema %s, value %s: ajv %s, the module %s', $origin, substr($bySchema[$s], 0, 300), substr($v, 0, 200), $ajv[0] === 1 ? 'accepts' : 'refuses (' . $ajv[1] . ' at ' . $ajv[2] . ')', $ours ? 'accepts' : 'refuses');
}
printf("validator verdicts: %d pairs (%d from the fixtures, %d from the differential), %d schemas; %d differ from ajv, %d are {} / [] that PHP cannot tell apart, %d not compiled by ajv\n",
    \count($pairs), $fixturePairs, \count($pairs) - $fixturePairs, \count($schemas), \count($differ), $ambiguous, $uncompiled);
echo \count($thrown), " schemas the module's validator throws on\n";
foreach (\array_slice(array_keys($thrown), 0, 10) as $line) {
    echo "  thrown: $line\n";
}
foreach (\array_slice($differ, 0, 20) as $line) {
    echo "  $line\n";
}
exit($differ === [] ? 0 : 1);
