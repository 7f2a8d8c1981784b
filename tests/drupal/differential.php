<?php

declare(strict_types=1);

/*
 * The real-Drupal differential test (issue 8): does the JSON Schema that
 * tool_schema emits for a Drupal input definition accept only values Drupal
 * accepts? And does every repair coerce_input() makes land on a value Drupal
 * accepts?
 *
 * A seeded generator (src/Differential/SpecGenerator.php) draws definitions
 * of every type, constraint and option form (nested lists and maps), built as
 * real Tool module (InputDefinition, ListInputDefinition, MapInputDefinition)
 * or core (DataDefinition, ListDataDefinition, MapDataDefinition) objects, and
 * values for each as JSON text (ValueGenerator.php). For each pair:
 *
 *   Drupal's verdict  the value json_decode()d as Drupal receives it, validated
 *                     by the Tool module's TypedInputsTrait::validateInputValue()
 *                     on a real tool plugin, or by TypedDataManager::create()
 *                     ->validate() (src/Differential/Verdict.php);
 *   the schema's      DefinitionArrayBuilder + ToolSchema\normalize_schema() in
 *                     one of the three nullable styles, the definition as an
 *                     input of a tool (InputSchemaGenerator::inputSchema(): a
 *                     property of the tool's map, as the Tool module's
 *                     serializer asks for it), the JSON text validated
 *                     by ajv (Ajv2020 + ajv-formats, tests/drupal/validate.js),
 *                     all pairs in one node process.
 *
 * The provider profiles (issue 9): each definition is also normalized in
 * every profile (option `profile`, the same inputSchema() path), and every
 * value Drupal rejects is validated against each profile's schema in the same
 * node process (Gemini's OpenAPI schema read as JSON Schema,
 * src/Differential/Gemini.php). A value a profile accepts must be excused
 * (src/Differential/ProfileReport.php): the canonical schema rejects it and
 * the pass warned (profile_constraint_dropped, profile_strict_impossible) at
 * the definition path where Drupal or the canonical schema rejects it; or the
 * canonical schema accepts it too and is excused below.
 *
 * It prints the counts of false accepts (schema accepts, Drupal rejects) and
 * false rejects by class, per profile the rejected values' classes, one
 * example each, and exits 1 on any false accept, profile loosening without
 * a warning or rejected repair that is neither in the documented inherent list
 * (src/Differential/Inherent.php, docs/drupal.md) nor announced by a warning
 * of the schema naming the constraint that rejects (the contract's "where JSON
 * Schema cannot state a constraint, say so with a warning"). With the extension
 * loaded the native implementation runs, and the PHP one is checked to give
 * the same schema, warnings and repairs on every generated definition.
 *
 * Usage: php [-d extension=...] tests/drupal/differential.php [--seed=N] [--definitions=N] [--values=N] [--trace=I]
 *        (--trace prints definition number I, its schema and each value's Drupal verdict)
 * Env:   TOOL_SCHEMA_DIFF_REPORT_ONLY=1   print the classes, never fail (development)
 *        TOOL_SCHEMA_DIFF_SEED            the seed when --seed is not given (default 8)
 *        TOOL_SCHEMA_DIFF_EXPECT_NATIVE=1 fail unless the extension is what runs (CI)
 */

namespace ToolSchema\Tests\Drupal\Differential;

use ToolSchema\Php\Coerce\Coercer;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Definition\DefinitionException;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use ToolSchema\Php\Normalize\Normalizer;
use ToolSchema\Tests\Drupal\Site;

\define('TOOL_SCHEMA_SYMFONY_CONSTRAINTS', true);
$site = require __DIR__ . '/bootstrap.php';

$opts = getopt('', ['seed:', 'definitions:', 'values:', 'trace:']);
$trace = isset($opts['trace']) ? (int) $opts['trace'] : null;
$seed = (int) ($opts['seed'] ?? (getenv('TOOL_SCHEMA_DIFF_SEED') ?: 8));
$definitions = (int) ($opts['definitions'] ?? 1700);
$perDefinition = (int) ($opts['values'] ?? 14);
$reportOnly = (bool) getenv('TOOL_SCHEMA_DIFF_REPORT_ONLY');
$native = \extension_loaded('tool_schema');
if (getenv('TOOL_SCHEMA_DIFF_EXPECT_NATIVE') && (!$native || \ToolSchema\IMPLEMENTATION !== 'native')) {
    fwrite(STDERR, "differential: the native implementation was expected (TOOL_SCHEMA_DIFF_EXPECT_NATIVE)\n");
    exit(1);
}

// PHP warnings Drupal raises while it validates (an array where it casts to
// string, a foreach over null) are counted, not printed: they are no verdict.
$drupalWarnings = [];
set_error_handler(static function (int $errno, string $message, string $file, int $line) use (&$drupalWarnings): bool {
    $key = preg_replace('#^.*/(drupal-core-[^/]+|tool-module-[^/]+)/#', '$1/', $file) . ":$line: $message";
    $drupalWarnings[$key] = ($drupalWarnings[$key] ?? 0) + 1;
    return true;
}, E_WARNING | E_NOTICE | E_USER_WARNING | E_USER_NOTICE | E_DEPRECATED | E_USER_DEPRECATED);

$selfCheck = ProfileReport::selfCheck();
if ($selfCheck !== []) {
    fwrite(STDERR, "differential: the profile report reads wrongly:\n- " . implode("\n- ", $selfCheck) . "\n");
    exit(1);
}

$started = microtime(true);
$container = $site->container;
$builder = new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($container, $container->get('entity_type.bundle.info'), $container->get('country_manager')));
$verdict = new Verdict($site->tools()->createInstance('user_block'), $site->typedData());
$rng = new Rng($seed);
// Drupal 11 also draws its constraint ids that 10.6 lacks (SpecGenerator).
$specs = new SpecGenerator($rng, $site->deps->isDrupal11());
$values = new ValueGenerator($rng);
$styles = ['type_array', 'one_of', 'any_of'];

$schemas = [];        // schema JSON => index (canonical and profiles)
$canonicalSchemas = [];
$pairs = [];          // list of pair records
$invalid = [];        // reason => [count, example]
$adapterRefused = []; // message => count
$parityFailures = [];
$repairs = 0;
$warnedDefinitions = 0;

for ($i = 0; $i < $definitions; $i++) {
    $spec = $specs->root();
    $object = $spec['family'] === 'input' ? Definitions::input($spec) : Definitions::core($spec);
    $style = $styles[$i % 3];
    try {
        $array = $builder->build($object);
    } catch (DefinitionException $e) {
        $adapterRefused[$e->getMessage()] = ($adapterRefused[$e->getMessage()] ?? 0) + 1;
        continue;
    }
    // As InputSchemaGenerator normalizes an input: a property of the tool's
    // map. A core data definition is validated by typed data as a value of its
    // own (NotNull and NotBlank refuse null even when it is optional, where
    // the Tool module skips an optional input's null): its schema is that of
    // a definition nested in an input.
    $warnings = [];
    $asSchema = static function (array $array, array $options, ?array &$warnings, ?callable $normalize = null) use ($spec): array {
        if ($spec['family'] === 'input') {
            return InputSchemaGenerator::inputSchema($array, $options, $warnings, $normalize);
        }
        $outer = InputSchemaGenerator::inputSchema(['type' => 'map', 'properties' => ['value' => $array]], $options, $warnings, $normalize);
        foreach ($warnings as &$w) {
            $w['path'] = $w['path'] === 'properties.value' ? '' : preg_replace('/^properties\.value\./', '', $w['path']);
        }
        return $outer['properties']['value'];
    };
    try {
        $schema = $asSchema($array, ['nullable' => $style], $warnings);
    } catch (\ValueError $e) {
        $adapterRefused['normalize_schema: ' . $e->getMessage()] = ($adapterRefused['normalize_schema: ' . $e->getMessage()] ?? 0) + 1;
        continue;
    }
    $warnedDefinitions += $warnings === [] ? 0 : 1;
    if ($trace === $i) {
        printf("trace %d: %s\n  array %s\n  schema %s\n", $i, Report::spec($spec), json_encode($array, Json::FLAGS), json_encode($schema, Json::FLAGS));
    }
    $schemaJson = json_encode($schema, Json::FLAGS);
    if ($native) {
        $phpWarnings = [];
        $phpJson = json_encode($asSchema($array, ['nullable' => $style], $phpWarnings, [Normalizer::class, 'normalize']), Json::FLAGS);
        if ($phpJson !== $schemaJson || $phpWarnings !== $warnings) {
            $parityFailures[] = 'normalize_schema: ' . json_encode($array, Json::FLAGS);
        }
    }
    $schemas[$schemaJson] ??= \count($schemas);
    $canonicalSchemas[$schemaJson] = true;
    // The same input in every provider profile (issue 9), through the same
    // path; Gemini's OpenAPI schema read as JSON Schema for ajv.
    $profiled = [];
    foreach (ProfileReport::PROFILES as $profile) {
        $options = ['nullable' => $style, 'profile' => $profile];
        $profileWarnings = [];
        $profileSchema = $asSchema($array, $options, $profileWarnings);
        $profileJson = json_encode($profileSchema, Json::FLAGS);
        if ($native) {
            $phpWarnings = [];
            $phpJson = json_encode($asSchema($array, $options, $phpWarnings, [Normalizer::class, 'normalize']), Json::FLAGS);
            if ($phpJson !== $profileJson || $phpWarnings !== $profileWarnings) {
                $parityFailures[] = "normalize_schema (profile $profile): " . json_encode($array, Json::FLAGS);
            }
        }
        if ($profile === 'gemini') {
            $profileJson = json_encode(Gemini::toJsonSchema(json_decode($profileJson, false, 512, JSON_THROW_ON_ERROR)), Json::FLAGS);
        }
        if (\in_array($profile, ProfileReport::NUMBERED_LAST, true)) {
            $profiled[$profile] = ['schema' => $profileJson, 'warnings' => $profileWarnings];
        } else {
            $schemas[$profileJson] ??= \count($schemas);
            $profiled[$profile] = ['schema' => $schemas[$profileJson], 'warnings' => $profileWarnings];
        }
        if ($trace === $i) {
            printf("  %s schema %s\n  %s warnings %s\n", $profile, $profileJson, $profile, json_encode($profileWarnings, Json::FLAGS));
        }
    }
    $records = [];
    $definitionError = null;
    $verdict->isolate();
    foreach ($values->values($spec, $perDefinition) as $text) {
        $value = Json::decode($text);
        $drupal = $verdict->judge($object, $value);
        if ($drupal['definitionError']) {
            $definitionError = $drupal;
            break;
        }
        $coerced = \ToolSchema\coerce_input($value, $array);
        if ($native) {
            $php = Coercer::coerce($value, $array, []);
            if (serialize($php) !== serialize($coerced)) {
                $parityFailures[] = 'coerce_input: ' . $text . ' on ' . json_encode($array, Json::FLAGS);
            }
        }
        $repair = null;
        if ($coerced !== $value) {
            $repair = ['value' => $coerced, 'text' => Json::encodeFor($coerced, $spec), 'drupal' => $verdict->judge($object, $coerced)];
        }
        if ($trace === $i) {
            printf("trace %d: %s => %s\n", $i, $text, $drupal['accepted'] ? 'accept' : 'reject: ' . $drupal['constraint'] . ' ' . $drupal['message']);
        }
        $records[] = ['definition' => $i, 'spec' => $spec, 'text' => $text, 'value' => $value, 'drupal' => $drupal, 'schema' => $schemas[$schemaJson],
            'warnings' => $warnings, 'repair' => $repair, 'profiles' => $profiled];
    }
    if ($definitionError !== null) {
        $reason = $definitionError['constraint'] . ': ' . preg_replace('/Valid plugin IDs.*$/', '', $definitionError['message']);
        $invalid[$reason] ??= [0, Report::spec($spec)];
        $invalid[$reason][0]++;
        continue;
    }
    foreach ($records as $r) {
        $pairs[] = $r;
        $repairs += $r['repair'] === null ? 0 : 1;
    }
}
// The schemas of the profiles numbered last, after all the others.
foreach ($pairs as &$r) {
    foreach (ProfileReport::NUMBERED_LAST as $profile) {
        $json = $r['profiles'][$profile]['schema'];
        $r['profiles'][$profile]['schema'] = $schemas[$json] ??= \count($schemas);
    }
}
unset($r);
$generated = microtime(true);

// The schema's verdicts: one node process for all pairs.
$dir = \dirname(__DIR__, 2) . '/target/drupal-differential';
@mkdir($dir, 0777, true);
// ajv compiles each schema once, annotations aside ($assert: schema index =>
// index of what it asserts).
$assertions = [];
$assert = [];
foreach ($schemas as $json => $index) {
    $stripped = json_encode(Json::withoutAnnotations(json_decode($json, false, 512, JSON_THROW_ON_ERROR)), Json::FLAGS);
    $assert[$index] = $assertions[$stripped] ??= \count($assertions);
}
file_put_contents("$dir/schemas.json", '[' . implode(',', array_keys($assertions)) . ']');
$fh = fopen("$dir/pairs.jsonl", 'w');
foreach ($pairs as $r) {
    fwrite($fh, '{"s":' . $assert[$r['schema']] . ',"v":' . $r['text'] . "}\n");
}
// Then the repaired values, in the same order.
foreach ($pairs as $r) {
    if ($r['repair'] !== null) {
        fwrite($fh, '{"s":' . $assert[$r['schema']] . ',"v":' . $r['repair']['text'] . "}\n");
    }
}
// Then, for each profile, every value where the profile's schema asserts
// something else than the canonical one (else the canonical verdict stands).
$profileLines = 0;
foreach (ProfileReport::PROFILES as $profile) {
    foreach ($pairs as $r) {
        if ($assert[$r['profiles'][$profile]['schema']] !== $assert[$r['schema']]) {
            fwrite($fh, '{"s":' . $assert[$r['profiles'][$profile]['schema']] . ',"v":' . $r['text'] . "}\n");
            $profileLines++;
        }
    }
}
fclose($fh);
$node = sprintf('node %s %s %s', escapeshellarg(__DIR__ . '/validate.js'), escapeshellarg("$dir/schemas.json"), escapeshellarg("$dir/pairs.jsonl"));
exec($node, $lines, $status);
if ($status !== 0 || \count($lines) !== \count($pairs) + $repairs + $profileLines) {
    fwrite(STDERR, "differential: node validate.js failed ($status, " . \count($lines) . ' verdicts for ' . (\count($pairs) + $repairs + $profileLines) . " values); run npm ci in tests/drupal\n");
    exit(1);
}
$validated = microtime(true);

// Constraint plugin ids by the short class name of the objects they create.
// (AllowedValuesConstraintValidator extends ChoiceValidator, whose own
// checks throw for AllowedValues too.)
$constraintIds = ['Choice' => ['Choice', 'CountryCode', 'AllowedValues']];
foreach ($container->get('validation.constraint')->getDefinitions() as $id => $definition) {
    $constraintIds[Verdict::short($definition['class'])][] = $id;
}
$report = new Report(array_flip($schemas), $constraintIds);
$notCompiled = 0;
foreach ($pairs as $k => $r) {
    $ajv = json_decode($lines[$k], true);
    if ($ajv[0] === -1) {
        $notCompiled++;
        $report->uncompiled($r, $ajv[1]);
        continue;
    }
    $report->pair($r, $ajv);
}
$k = \count($pairs);
foreach ($pairs as $r) {
    if ($r['repair'] !== null) {
        $report->repair($r, json_decode($lines[$k++], true));
    }
}
$profiles = new ProfileReport($report, array_flip($schemas));
foreach (ProfileReport::PROFILES as $profile) {
    foreach ($pairs as $j => $r) {
        $canonical = json_decode($lines[$j], true);
        $p = $r['profiles'][$profile];
        $ajv = $assert[$p['schema']] === $assert[$r['schema']] ? $canonical : json_decode($lines[$k++], true);
        if ($ajv[0] === -1) {
            $notCompiled++;
            $report->uncompiled($r, "$profile: " . $ajv[1]);
            continue;
        }
        if ($r['drupal']['accepted']) {
            $profiles->accepted($profile, $r, $canonical, $p, $ajv);
            continue;
        }
        $profiles->pair($profile, $r, $canonical, $p, $ajv);
    }
}

printf(
    "Differential (seed %d, %s implementation%s): %d definitions, %d distinct schemas (%d more in the profiles %s; ajv compiles %d), %d pairs\n",
    $seed,
    \ToolSchema\IMPLEMENTATION,
    $native ? ', PHP twin checked identical' : '',
    $definitions,
    \count($canonicalSchemas),
    \count($schemas) - \count($canonicalSchemas),
    implode(', ', ProfileReport::PROFILES),
    \count($assertions),
    \count($pairs),
);
printf("  generation + Drupal validation %.1f s, ajv %.1f s\n", $generated - $started, $validated - $generated);
$report->print(STDOUT, $invalid, $adapterRefused, $warnedDefinitions);
$profiles->print(STDOUT);
if ($drupalWarnings !== []) {
    arsort($drupalWarnings);
    printf("\n== PHP warnings raised inside Drupal during validation (no verdict; for the record): %d\n", array_sum($drupalWarnings));
    foreach (\array_slice($drupalWarnings, 0, 8, true) as $where => $n) {
        printf("%6d  %s\n", $n, $where);
    }
}

$failures = [];
if ($parityFailures !== []) {
    $failures[] = \count($parityFailures) . ' results differ between the native and the PHP implementation, e.g. ' . $parityFailures[0];
}
if ($notCompiled > 0) {
    $failures[] = "$notCompiled pairs whose schema ajv cannot compile";
}
if ($adapterRefused !== []) {
    $failures[] = array_sum($adapterRefused) . ' definitions the adapter or normalize_schema refused';
}
if ($report->failingFalseAccepts() > 0) {
    $failures[] = $report->failingFalseAccepts() . ' false accepts outside the inherent list';
}
if ($profiles->failing() > 0) {
    $failures[] = $profiles->failing() . ' values Drupal rejects that a profile\'s schema accepts without a warning at their path, outside the inherent list';
}
if ($report->failingRepairs() > 0) {
    $failures[] = $report->failingRepairs() . ' repairs that break a value Drupal accepts, or land on a value the schema accepts and Drupal rejects, outside the inherent list';
}
if (\count($pairs) < 20000) {
    $failures[] = 'fewer than 20,000 pairs (' . \count($pairs) . ')';
}
if ($failures === []) {
    echo "differential: OK\n";
    exit(0);
}
foreach ($failures as $f) {
    echo "differential: FAIL: $f\n";
}
if ($reportOnly) {
    echo "differential: report only (TOOL_SCHEMA_DIFF_REPORT_ONLY), not failing\n";
    exit(0);
}
exit(1);
