<?php

declare(strict_types=1);

// Runs tests/fixtures/coerce_*.json against the pure-PHP Coercer (output and
// idempotence), then PHP-only robustness checks that JSON fixtures cannot
// express (references, recursion, objects, invalid UTF-8, NaN/INF, huge
// strings, zval sharing). Exit code 1 on any failure.

require __DIR__ . '/../../php/autoload.php';

use ToolSchema\Php\Coerce\Coercer;

$failures = [];
$count = 0;

function show(mixed $v): string
{
    return var_export($v, true);
}

foreach (glob(dirname(__DIR__) . '/fixtures/coerce_*.json') as $file) {
    $doc = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
    foreach ($doc['cases'] as $case) {
        if (($case['function'] ?? '') !== 'coerce') {
            continue;
        }
        $count++;
        $name = $case['name'];
        $options = $case['options'] ?? [];
        try {
            $got = Coercer::coerce($case['input'], $case['definition'], $options);
        } catch (\ValueError $e) {
            if (!array_key_exists('error', $case)) {
                $failures[] = "$name: unexpected ValueError " . $e->getMessage();
            } elseif (!str_contains($e->getMessage(), $case['error'])) {
                $failures[] = "$name: error " . $e->getMessage() . ', want ' . $case['error'];
            }
            continue;
        }
        if (array_key_exists('error', $case)) {
            $failures[] = "$name: got " . show($got) . ', want error ' . $case['error'];
            continue;
        }
        if ($got !== $case['output']) {
            $failures[] = "$name: got " . show($got) . ', want ' . show($case['output']);
            continue;
        }
        $again = Coercer::coerce($got, $case['definition'], $options);
        if ($again !== $got) {
            $failures[] = "$name: not idempotent: " . show($again);
        }
    }
}

function check(string $name, bool $ok, array &$failures, int &$count): void
{
    $count++;
    if (!$ok) {
        $failures[] = "php_only: $name";
    }
}

$int = ['type' => 'integer'];
$map = ['type' => 'map', 'properties' => ['a' => $int]];

// References: read through, never write through.
$x = '5';
$arr = ['a' => &$x, 'b' => 1];
$r = Coercer::coerce($arr, $map);
check('reference read through', $r['a'] === 5 && $x === '5', $failures, $count);
$r['a'] = 7;
check('result not a reference', $x === '5' && $arr['a'] === '5', $failures, $count);
$y = [1, '2'];
$list = ['type' => 'list', 'items' => $int];
$holder = [&$y];
$r = Coercer::coerce($holder[0], $list);
check('reference list', $r === [1, 2] && $y === [1, '2'], $failures, $count);

// Recursive value arrays: walked only as deep as the definition.
$rec = ['a' => '1'];
$rec['self'] = &$rec;
$deep = ['type' => 'map', 'properties' => ['a' => $int, 'self' => $map]];
$r = Coercer::coerce($rec, $deep);
check('recursive value', $r['a'] === 1 && $r['self']['a'] === 1 && $rec['a'] === '1', $failures, $count);
$reclist = [];
$reclist[0] = &$reclist;
check('recursive list, any items', Coercer::coerce($reclist, ['type' => 'list']) === $reclist, $failures, $count);

// A reference loop in the definition hits the depth cap.
$d = ['type' => 'list'];
$d['items'] = &$d;
try {
    Coercer::coerce('5', $d);
    check('definition loop throws', false, $failures, $count);
} catch (\ValueError $e) {
    check('definition loop throws', str_ends_with($e->getMessage(), ': nesting deeper than 64 levels'), $failures, $count);
}

// Objects stay (same instance).
$o = new \stdClass();
$o->a = '5';
check('object for map', Coercer::coerce($o, $map) === $o && $o->a === '5', $failures, $count);
check('object for list', Coercer::coerce($o, $list) === $o, $failures, $count);
check('object for integer', Coercer::coerce($o, $int) === $o, $failures, $count);
check('closure for string', ($c = fn () => 1) && Coercer::coerce($c, ['type' => 'string']) === $c, $failures, $count);

// Invalid UTF-8 stays.
$choice = ['type' => 'string', 'constraints' => ['Choice' => ['article']]];
foreach ([[$int, "5\xff"], [$choice, "Article\xff"], [$choice, "\xffarticle"], [$list, "[\"\xff\"]"],
          [['type' => 'datetime_iso8601'], "2024-01-15T10:30:00Z\xff"], [['type' => 'boolean'], "true\xff"],
          [['type' => 'list'], "\xff"]] as $i => [$def, $v]) {
    $got = Coercer::coerce($v, $def);
    $ok = $def === ['type' => 'list'] ? $got === [$v] : $got === $v;
    check("invalid utf-8 #$i", $ok, $failures, $count);
}

// NaN / INF.
foreach ([NAN, INF, -INF] as $i => $f) {
    foreach ([$int, ['type' => 'boolean'], ['type' => 'float'], ['type' => 'timestamp'], ['type' => 'decimal']] as $j => $def) {
        $got = Coercer::coerce($f, $def);
        check("non-finite #$i/$j", is_float($got) && (is_nan($f) ? is_nan($got) : $got === $f), $failures, $count);
    }
}
check('NaN string', Coercer::coerce('NaN', ['type' => 'float']) === 'NaN', $failures, $count);

// Huge strings.
$huge = str_repeat('1', 1000000);
check('huge numeric', Coercer::coerce($huge, $int) === $huge, $failures, $count);
check('huge float', Coercer::coerce($huge, ['type' => 'float']) === $huge, $failures, $count);
$hugeJson = '[' . str_repeat('1,', 600000) . '1]';
check('json over 1 MiB stays', Coercer::coerce($hugeJson, ['type' => 'list']) === $hugeJson, $failures, $count);
$bigJson = '[' . str_repeat('1,', 400000) . '1]';
check('json under 1 MiB decodes', count(Coercer::coerce($bigJson, ['type' => 'list'])) === 400001, $failures, $count);
$hugeChoice = str_repeat(' ', 2000) . 'Article';
check('huge choice stays', Coercer::coerce($hugeChoice, $choice) === $hugeChoice, $failures, $count);
$deepJson = str_repeat('[', 100000);
check('deep broken json', Coercer::coerce($deepJson, ['type' => 'list']) === $deepJson, $failures, $count);

// No repair needed: the same array comes back, with no allocation.
$payload = [];
for ($i = 0; $i < 20000; $i++) {
    $payload[] = ['id' => $i, 'name' => "n$i", 'ok' => true];
}
$def = ['type' => 'list', 'items' => ['type' => 'map', 'properties' => [
    'id' => $int, 'name' => ['type' => 'string'], 'ok' => ['type' => 'boolean'],
]]];
$before = memory_get_usage();
$same = Coercer::coerce($payload, $def);
$after = memory_get_usage();
check('unchanged payload shares the array (' . ($after - $before) . ' bytes)', $same === $payload && $after - $before < 4096, $failures, $count);

// Options.
try {
    Coercer::coerce(1, $int, ['strict' => true]);
    check('unknown option', false, $failures, $count);
} catch (\ValueError $e) {
    check('unknown option', $e->getMessage() === 'options.strict: unknown option', $failures, $count);
}

if ($failures !== []) {
    fwrite(STDERR, count($failures) . " of $count coerce checks failed:\n" . implode("\n", $failures) . "\n");
    exit(1);
}
echo "$count coerce checks passed (PHP)\n";
