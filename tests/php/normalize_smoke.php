<?php

declare(strict_types=1);

// Smoke test: the pure-PHP normalize_schema (ToolSchema\Php\Normalize\Normalizer)
// against the Rust reference (serde backend, `examples/normalize.rs`), compared
// as JSON text (key order included), warnings and ValueError messages included.
//
//   php tests/php/normalize_smoke.php            # builds the example once, then runs
//   NORMALIZE_BIN=/path/to/normalize php tests/php/normalize_smoke.php
//
// Cases that JSON cannot carry (objects, NaN, invalid UTF-8, self-references)
// are checked against the message the Rust rules give for them.

$root = dirname(__DIR__, 2);
require $root . '/php/autoload.php';

use ToolSchema\Php\Normalize\Normalizer;

const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

$bin = getenv('NORMALIZE_BIN') ?: '';
if ($bin === '') {
    $bin = $root . '/target/debug/examples/normalize';
    passthru('cd ' . escapeshellarg($root) . ' && cargo build -q --no-default-features --example normalize', $rc);
    if ($rc !== 0 && !is_file($bin)) {
        fwrite(STDERR, "cannot build the normalize example\n");
        exit(2);
    }
}

/** @return array{0: int, 1: string, 2: string} [exit code, stdout, stderr] */
function run_rust(string $bin, string $input): array
{
    $p = proc_open([$bin], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    if (!is_resource($p)) {
        throw new RuntimeException('cannot run ' . $bin);
    }
    fwrite($pipes[0], $input);
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    return [proc_close($p), (string) $out, (string) $err];
}

/** The Rust result as text: the schema (re-encoded), warnings, or the error. */
function rust_result(string $bin, string $input): string
{
    [$rc, $out, $err] = run_rust($bin, $input);
    if ($rc === 1 && str_starts_with($err, 'ValueError: ')) {
        return rtrim($err, "\n");
    }
    if ($rc !== 0) {
        return "exit {$rc}: {$err}";
    }
    $schema = json_encode(json_decode($out, false, 512, JSON_THROW_ON_ERROR), FLAGS | JSON_THROW_ON_ERROR);
    return $schema . ($err === '' ? '' : "\n" . rtrim($err, "\n"));
}

/** The PHP result, in the same form. */
function php_result(array $definition, array $options): string
{
    $warnings = ['not set'];
    try {
        $schema = Normalizer::normalize($definition, $options, $warnings);
    } catch (ValueError $e) {
        if ($warnings !== []) {
            return 'warnings not reset on error';
        }
        return 'ValueError: ' . $e->getMessage();
    }
    if (!array_is_list($warnings)) {
        return 'warnings not a list';
    }
    $text = json_encode($schema, FLAGS | JSON_THROW_ON_ERROR);
    foreach ($warnings as $w) {
        if (array_keys($w) !== ['code', 'path', 'message']) {
            return 'bad warning shape: ' . json_encode($w);
        }
        $text .= "\nwarning {$w['code']} at {$w['path']}: {$w['message']}";
    }
    return $text;
}

// Regex translation: use the stub on both sides while the Rust side has it.
[, , $probe] = run_rust($bin, '{"definition":{"type":"string","constraints":{"Regex":"/^a$/"}}}');
if (str_contains($probe, 'regex translation is not available yet')) {
    eval(<<<'PHP'
        namespace ToolSchema\Php\Regex;
        final class Translator
        {
            public static function translate(string $source): array
            {
                return [null, 'regex_unsupported_construct', 'regex translation is not available yet'];
            }
        }
        PHP);
    echo "(regex translator: stub)\n";
}

function nest(int $levels, array $leaf): array
{
    $d = $leaf;
    for ($i = 0; $i < $levels; $i++) {
        $d = ['type' => 'list', 'items' => $d];
    }
    return $d;
}

function nest_value(int $levels): array
{
    $v = [1];
    for ($i = 0; $i < $levels; $i++) {
        $v = ['a' => $v];
    }
    return $v;
}

$s = ['type' => 'string'];

/** @var list<array{0: string, 1: mixed, 2?: array}> [name, definition, options] */
$cases = [
    // Base types.
    ['string', ['type' => 'string', 'label' => 'Name', 'description' => 'The name']],
    ['text optional', ['type' => 'text', 'label' => 'Body', 'required' => false]],
    ['integer default 0', ['type' => 'integer', 'description' => 'Count.', 'default' => 0]],
    ['float bounds', ['type' => 'float', 'constraints' => [
        'GreaterThanOrEqual' => 5, 'Range' => ['min' => 5.0, 'max' => 10.5], 'LessThan' => ['value' => 20],
        'LessThanOrEqual' => 10.5, 'GreaterThan' => ['propertyPath' => 'x'],
    ]]],
    ['integer bound kinds', ['type' => 'integer', 'constraints' => [
        'Range' => ['min' => 1.5, 'max' => null], 'GreaterThanOrEqual' => 2, 'Positive' => [], 'Negative' => null,
        'PositiveOrZero' => true, 'NegativeOrZero' => 'x', 'GreaterThan' => -3.25,
    ]]],
    ['decimal', ['type' => 'decimal', 'label' => 'Price', 'description' => 'In euros']],
    ['decimal dot', ['type' => 'decimal', 'description' => 'In euros!']],
    ['decimal bare split', ['type' => 'decimal', 'label' => 'Price'], ['title' => 'split']],
    ['boolean default false', ['type' => 'boolean', 'default' => false, 'required' => null]],
    ['email', ['type' => 'email', 'constraints' => ['Email' => [], 'Length' => ['max' => 254]]]],
    ['uri', ['type' => 'uri', 'label' => 'Link', 'constraints' => ['Url' => ['protocols' => ['https']]]]],
    ['timestamp', ['type' => 'timestamp', 'label' => 'When?', 'constraints' => ['Range' => ['min' => 0]]]],
    ['timestamp split', ['type' => 'timestamp', 'label' => 'When', 'description' => 'Start'], ['title' => 'split']],
    ['datetime one_of', ['type' => 'datetime_iso8601', 'required' => false, 'label' => 'At',
        'default' => '2024-01-01T00:00:00Z', 'examples' => ['2024-01-15T10:30:00+00:00']], ['nullable' => 'one_of']],
    ['duration any_of', ['type' => 'duration_iso8601', 'required' => false], ['nullable' => 'any_of']],
    ['any optional', ['type' => 'any', 'required' => false, 'default' => ['x' => 1, 'y' => [1, 2]]]],
    ['any required with enum', ['type' => 'any', 'constraints' => ['Choice' => [1, 'a', null, 2.5, true]]]],
    ['unknown type', ['type' => 'entity:node', 'label' => 'Node']],
    ['base_schema', ['type' => 'entity:node', 'base_schema' => ['type' => 'integer', 'minimum' => 1,
        'title' => 'x', 'description' => 'y', 'default' => 3, 'examples' => [1]], 'default' => 5]],
    ['base_schema optional', ['type' => 'entity:node', 'required' => false, 'base_schema' => [
        'type' => ['string', 'integer'], 'enum' => ['a', 1], 'const' => 'a', 'x-extra' => ['k' => []]]]],
    ['base_schema optional null enum', ['type' => 'entity:node', 'required' => false, 'base_schema' => [
        'type' => 'string', 'enum' => ['a', null], 'pattern' => '^a']]],
    ['base_schema shut out null', ['type' => 'x', 'required' => false, 'base_schema' => [
        'type' => 'string', 'not' => ['const' => '']]]],
    ['base_schema shut out null one_of', ['type' => 'x', 'required' => false, 'base_schema' => [
        'type' => 'string', '$ref' => '#/x']], ['nullable' => 'one_of']],
    ['base_schema constraints ignored', ['type' => 'x', 'base_schema' => ['type' => 'string'],
        'constraints' => ['Length' => 3, 'Choice' => ['a']]]],
    // list / map.
    ['list', ['type' => 'list', 'label' => 'Tags', 'items' => ['type' => 'string', 'constraints' => ['NotBlank' => []]],
        'constraints' => ['Count' => ['min' => 1, 'max' => 5], 'NotBlank' => null, 'Choice' => ['a']]]],
    ['list no items optional', ['type' => 'list', 'required' => false, 'constraints' => ['Count' => 3]]],
    ['list of maps', ['type' => 'list', 'items' => ['type' => 'map', 'properties' => [
        'a' => $s, 'b' => ['type' => 'integer', 'required' => false]]]], ['nullable' => 'any_of']],
    ['map empty', ['type' => 'map']],
    ['map empty properties', ['type' => 'map', 'properties' => [], 'required' => false]],
    ['map numeric names', ['type' => 'map', 'properties' => ['0' => $s, '1' => ['type' => 'integer', 'required' => false]]]],
    ['map mixed names', ['type' => 'map', 'properties' => ['5' => $s, 'x' => $s, '' => $s]]],
    ['map count', ['type' => 'map', 'constraints' => ['Count' => ['exactly' => 2, 'min' => 1], 'NotBlank' => []],
        'properties' => ['a' => ['type' => 'map', 'required' => false, 'properties' => ['b' => $s]]]]],
    ['nested 64', nest(64, $s)],
    ['nested 65', nest(65, $s)],
    ['examples nested', ['type' => 'any', 'examples' => [nest_value(62)]]],
    ['examples too deep', ['type' => 'any', 'examples' => [nest_value(64)]]],
    // Constraints.
    ['choices', ['type' => 'string', 'required' => false, 'constraints' => [
        'Choice' => ['choices' => ['a', 'b']], 'AllowedValues' => ['b', 'c', null], 'Choice ' => 5, 7 => 'x']]],
    ['choice multiple', ['type' => 'string', 'constraints' => ['Choice' => ['choices' => ['a'], 'multiple' => true]]]],
    ['choice empty', ['type' => 'string', 'constraints' => ['Choice' => []]]],
    ['fixed value', ['type' => 'string', 'constraints' => ['FixedValue' => 'x', 'IdenticalTo' => ['value' => 'y']]]],
    ['fixed value optional', ['type' => 'integer', 'required' => false, 'constraints' => [
        'FixedValue' => 3, 'IdenticalTo' => ['value' => null], 'Choice' => [1, 3]]]],
    ['identical property path', ['type' => 'string', 'constraints' => ['IdenticalTo' => ['propertyPath' => 'x']]]],
    ['derived enum', ['type' => 'string', 'constraints' => [
        'PluginExists' => ['choices' => ['a', 'b', 'c']], 'EntityBundleExists' => ['choices' => ['x', 'y']],
        'PluginExists ' => [],
    ]], ['derived_enum_limit' => 2]],
    ['derived enum unresolved', ['type' => 'string', 'constraints' => ['EntityBundleExists' => ['entityType' => 'node']]]],
    ['derived enum on list', ['type' => 'list', 'constraints' => ['PluginExists' => ['x' => 1]]]],
    ['formats', ['type' => 'string', 'constraints' => [
        'Uuid' => [], 'Ip' => ['version' => 6], 'Date' => null, 'DateOnly' => [], 'Email' => 'x', 'Ip ' => 1,
        'DateTime' => [], 'Length' => ['min' => 2, 'max' => 9], 'NotBlank' => [],
    ]]],
    ['formats 2', ['type' => 'text', 'required' => false, 'constraints' => [
        'Ip' => ['version' => '4'], 'DateTime' => ['format' => 'Y-m-d'], 'Ip ' => ['version' => 'all'],
    ]]],
    ['formats ignored on int', ['type' => 'integer', 'constraints' => ['Email' => [], 'Length' => 3,
        'NotBlank' => [], 'Count' => 2]]],
    ['regex', ['type' => 'string', 'constraints' => ['Regex' => '/^[a-z]+$/']]],
    ['regex not', ['type' => 'string', 'required' => false, 'constraints' => [
        'Regex' => ['pattern' => '/^x/', 'match' => false, 'htmlPattern' => 'x']]]],
    ['regex two', ['type' => 'decimal', 'constraints' => [
        'Regex' => ['pattern' => '/^1/'], 'Length' => ['exactly' => 4]]]],
    ['regex on integer', ['type' => 'integer', 'constraints' => ['Regex' => '/(/']]],
    ['unknown constraints', ['type' => 'string', 'constraints' => ['Callback' => [], 'type' => 1, 'Foo' => 'bar']]],
    ['falsy defaults', ['type' => 'map', 'properties' => [
        'a' => ['type' => 'string', 'default' => ''], 'b' => ['type' => 'float', 'default' => 0.0],
        'c' => ['type' => 'any', 'default' => null], 'd' => ['type' => 'any', 'default' => []]]]],
    ['list of lists', ['type' => 'list', 'items' => ['type' => 'list', 'required' => false,
        'items' => ['type' => 'decimal', 'required' => false]]]],
    ['big numbers', ['type' => 'float', 'constraints' => ['Range' => ['min' => -1.0e300, 'max' => 9007199254740993],
        'LessThan' => 9007199254740992.0]]],
    // Malformed definitions.
    ['no type', ['label' => 'x']],
    ['type null', ['type' => null]],
    ['type int', ['type' => 5]],
    ['type empty', ['type' => '']],
    ['label int', ['type' => 'string', 'label' => 5]],
    ['description array', ['type' => 'string', 'description' => []]],
    ['required string', ['type' => 'string', 'required' => 'no']],
    ['examples map', ['type' => 'string', 'examples' => ['a' => 1]]],
    ['examples string', ['type' => 'string', 'examples' => 'a']],
    ['constraints null', ['type' => 'string', 'constraints' => null]],
    ['constraints string', ['type' => 'string', 'constraints' => 'Length']],
    ['items null', ['type' => 'list', 'items' => null]],
    ['items ignored on string', ['type' => 'string', 'items' => 5, 'properties' => 5]],
    ['properties list', ['type' => 'map', 'properties' => ['x']]],
    ['property not array', ['type' => 'map', 'properties' => ['a' => $s, 'b' => 'string']]],
    ['deep error path', ['type' => 'map', 'properties' => ['tags' => ['type' => 'list', 'items' => [
        'type' => 'string', 'constraints' => ['Length' => ['min' => '1']]]]]]],
    ['length negative', ['type' => 'string', 'constraints' => ['Length' => -1]]],
    ['length float', ['type' => 'string', 'constraints' => ['Length' => 1.0]]],
    ['length exactly bad', ['type' => 'string', 'constraints' => ['Length' => ['max' => 3, 'exactly' => -2]]]],
    ['count bad', ['type' => 'list', 'constraints' => ['Count' => ['min' => true]]]],
    ['range not array', ['type' => 'integer', 'constraints' => ['Range' => 5]]],
    ['range max string', ['type' => 'string', 'constraints' => ['Range' => ['min' => 1, 'max' => '2']]]],
    ['greater string', ['type' => 'integer', 'constraints' => ['GreaterThan' => '5']]],
    ['greater value null', ['type' => 'integer', 'constraints' => ['GreaterThan' => ['value' => null]]]],
    ['choice map', ['type' => 'string', 'constraints' => ['Choice' => ['x' => 1]]]],
    ['choice callback', ['type' => 'string', 'constraints' => ['Choice' => ['callback' => null]]]],
    ['choice string', ['type' => 'string', 'constraints' => ['Choice' => 'a']]],
    ['choice nested', ['type' => 'string', 'constraints' => ['Choice' => ['choices' => ['a', ['b']]]]]],
    ['choice choices null', ['type' => 'string', 'constraints' => ['AllowedValues' => ['choices' => null]]]],
    ['derived string', ['type' => 'string', 'constraints' => ['PluginExists' => 'x']]],
    ['derived choices map', ['type' => 'string', 'constraints' => ['PluginExists' => ['choices' => ['a' => 1]]]]],
    ['fixed array', ['type' => 'string', 'constraints' => ['FixedValue' => ['value' => [1]]]]],
    ['identical list', ['type' => 'string', 'constraints' => ['IdenticalTo' => [1]]]],
    ['regex int', ['type' => 'string', 'constraints' => ['Regex' => 5]]],
    ['regex no pattern', ['type' => 'integer', 'constraints' => ['Regex' => ['match' => false]]]],
    ['regex pattern int', ['type' => 'string', 'constraints' => ['Regex' => ['pattern' => 1]]]],
    ['regex match string', ['type' => 'string', 'constraints' => ['Regex' => ['pattern' => '/x/', 'match' => 'no']]]],
    ['base_schema no type', ['type' => 'x', 'base_schema' => ['minimum' => 1]]],
    ['base_schema type null', ['type' => 'x', 'base_schema' => ['type' => null]]],
    ['base_schema type "null"', ['type' => 'x', 'base_schema' => ['type' => 'null']]],
    ['base_schema type list null', ['type' => 'x', 'base_schema' => ['type' => ['string', 'null']]]],
    ['base_schema type empty list', ['type' => 'x', 'base_schema' => ['type' => []]]],
    ['base_schema string', ['type' => 'x', 'base_schema' => 'string']],
    ['base_schema ignored on known type', ['type' => 'string', 'base_schema' => 'string']],
    ['first error wins', ['type' => 'list', 'label' => 3, 'required' => 'x', 'items' => 3]],
    ['default then examples', ['type' => 'string', 'default' => nest_value(70), 'examples' => 3]],
    ['constraint error before child', ['type' => 'list', 'items' => ['type' => 5], 'constraints' => ['Count' => -1]]],
    ['warnings order', ['type' => 'map', 'properties' => ['a' => ['type' => 'foo', 'constraints' => [
        'PluginExists' => []]]], 'constraints' => ['Regex' => '/x/']]],
    ['numeric property error', ['type' => 'map', 'properties' => ['a' => $s, '5' => ['type' => 'string', 'label' => 1]]]],
    ['empty property name error', ['type' => 'map', 'properties' => ['' => ['type' => 'map', 'properties' => ['x' => []]]]]],
    ['constraints as list', ['type' => 'string', 'constraints' => ['Length', ['min' => 1]]]],
    ['choice error under list item', ['type' => 'list', 'items' => ['type' => 'string', 'constraints' => [
        'Choice' => ['choices' => ['a', 'b', 1.5, [], 'c']]]]]],
    ['fixed value const bool', ['type' => 'boolean', 'constraints' => ['FixedValue' => true, 'Choice' => [true]]]],
    ['unicode texts', ['type' => 'decimal', 'label' => 'Prix €', 'description' => 'Montant — TTC?', 'default' => '1.50']],
    // Options.
    ['option unknown', $s, ['nullabel' => 'one_of']],
    ['option int key', $s, [0 => 'x']],
    ['option nullable bad', $s, ['nullable' => 'oneOf']],
    ['option title bad', $s, ['title' => true]],
    ['option limit bad', $s, ['derived_enum_limit' => -1]],
    ['option limit float', $s, ['derived_enum_limit' => 2.0]],
    ['option limit 0', ['type' => 'string', 'constraints' => ['PluginExists' => ['choices' => []]]], ['derived_enum_limit' => 0]],
    ['options all', ['type' => 'map', 'label' => 'L', 'description' => 'D', 'required' => false,
        'properties' => ['a' => ['type' => 'string', 'label' => 'A', 'required' => false]]],
        ['nullable' => 'one_of', 'title' => 'split', 'derived_enum_limit' => 3]],
    ['options merged', ['type' => 'string', 'label' => 'L', 'description' => 'D'], ['title' => 'merged', 'nullable' => 'type_array']],
];

$failed = 0;
$total = 0;
foreach ($cases as $case) {
    [$name, $definition] = $case;
    $options = $case[2] ?? [];
    $input = ['definition' => $definition];
    if ($options !== []) {
        $input['options'] = $options;
    }
    $json = json_encode($input, FLAGS | JSON_THROW_ON_ERROR);
    $expected = rust_result($bin, $json);
    // The PHP side gets what json_decode($json, true) gives, as the fixtures do.
    $decoded = json_decode($json, true, 512, JSON_THROW_ON_ERROR);
    $actual = php_result($decoded['definition'], $decoded['options'] ?? []);
    $total++;
    if ($actual !== $expected) {
        $failed++;
        echo "FAIL {$name}\n  input: {$json}\n  rust: {$expected}\n  php:  {$actual}\n";
    }
}

// PHP-only inputs, checked against the messages the Rust rules give.
$items65 = implode('.', array_fill(0, 65, 'items'));
$self = ['type' => 'list'];
$self['items'] = &$self;
$selfDefault = ['type' => 'any'];
$selfDefault['default'] = &$selfDefault;
$php = [
    ['object default', ['type' => 'string', 'default' => new stdClass()], [], 'ValueError: default: must not be an object or resource'],
    ['closure in examples', ['type' => 'string', 'examples' => [1, [fn () => 1]]], [], 'ValueError: examples.1.0: must not be an object or resource'],
    ['NAN default', ['type' => 'float', 'default' => NAN], [], 'ValueError: default: must be a finite number'],
    ['INF range', ['type' => 'float', 'constraints' => ['Range' => ['max' => INF]]], [], 'ValueError: constraints.Range.max: must be a finite number'],
    ['INF choice', ['type' => 'float', 'constraints' => ['Choice' => [1, -INF]]], [], 'ValueError: constraints.Choice.1: must be a finite number'],
    ['object choice', ['type' => 'float', 'constraints' => ['Choice' => [new stdClass()]]], [], 'ValueError: constraints.Choice.0: must be a scalar'],
    ['bad UTF-8 label', ['type' => 'string', 'label' => "\xff"], [], 'ValueError: label: must be valid UTF-8'],
    ['bad UTF-8 type', ['type' => "a\xc3"], [], 'ValueError: type: must be valid UTF-8'],
    ['bad UTF-8 key', ['type' => 'string', 'default' => ['ok' => ["\xfe" => 1]]], [], 'ValueError: default.ok: keys must be valid UTF-8'],
    ['bad UTF-8 property', ['type' => 'map', 'properties' => ["\xed\xa0\x80" => ['type' => 'string']]], [], 'ValueError: properties: property names must be valid UTF-8'],
    ['bad UTF-8 regex', ['type' => 'string', 'constraints' => ['Regex' => ['pattern' => "/\xff/"]]], [], 'ValueError: constraints.Regex.pattern: must be valid UTF-8'],
    ['bad UTF-8 regex string', ['type' => 'integer', 'constraints' => ['Regex' => "/\xff/"]], [], 'ValueError: constraints.Regex: must be valid UTF-8'],
    ['bad UTF-8 option key', ['type' => 'string'], ["\xff" => 1], 'ValueError: options.?: unknown option'],
    ['self-referencing items', $self, [], 'ValueError: ' . $items65 . ': nesting deeper than 64 levels'],
    ['self-referencing default', $selfDefault, [], 'ValueError: ' . implode('.', array_fill(0, 65, 'default')) . ': nesting deeper than 64 levels'],
    ['resource const', ['type' => 'string', 'constraints' => ['FixedValue' => STDIN]], [], 'ValueError: constraints.FixedValue: must be a scalar'],
];
foreach ($php as [$name, $definition, $options, $expected]) {
    $total++;
    $actual = php_result($definition, $options);
    if ($actual !== $expected) {
        $failed++;
        echo "FAIL {$name}\n  expected: {$expected}\n  php:      {$actual}\n";
    }
}

// Warnings are always set, to a list, also when there are none.
$w = null;
Normalizer::normalize(['type' => 'string'], [], $w);
$total++;
if ($w !== []) {
    $failed++;
    echo "FAIL warnings not reset\n";
}

echo $failed === 0 ? "OK: {$total} cases identical\n" : "{$failed} of {$total} cases differ\n";
exit($failed === 0 ? 0 : 1);
