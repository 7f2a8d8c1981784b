<?php

declare(strict_types=1);

/*
 * The module's verdict on tool arguments is the advertised schema's (issue
 * 27): Drupal\tool_schema\Validation\SchemaValidator (opis/json-schema with
 * ECMA-262 patterns, ajv-formats' formats and JSON Schema's const/enum, over
 * the arguments as JsonShape turns decoded JSON back into JSON), against ajv
 * (tests/drupal/validate.js, Ajv2020 + ajv-formats), on
 *   - every normalize fixture's schema with its `accept` and `reject` values,
 *     and the regex fixtures' (tests/fixtures/regex.json) patterns with
 *     theirs;
 *   - format probes: for each format the validator checks itself
 *     (Validation\Formats), valid values and near misses;
 *   - the real-Drupal differential's schemas and pairs, when
 *     tests/drupal/differential.php has written them
 *     (target/drupal-differential/, canonical, repaired and profile schemas).
 * Each value is sent as the module receives it: its JSON decoded into PHP
 * arrays (as MCP clients' arguments are), as the one argument `v` of a tool
 * whose schema has the schema under test as that property. Any difference
 * fails, with the first ones listed, and so does a schema the validator
 * cannot compile (`unchecked`). Reported and not counted:
 *   - values PHP decodes alike: `{}` and `[]`, `{"0": "a"}` and `["a"]`
 *     where the schema allows one and refuses the other; the module reads the
 *     one the schema allows (JsonShape), and the pair is set aside only when
 *     ajv gives the module's verdict on that reading of the value;
 *   - integers beyond 2^53 in the value or the schema, which JavaScript
 *     reads inexactly;
 *   - schemas ajv does not compile.
 * The patterns the validator does not translate (EcmaPattern) are listed.
 *
 * Usage: php tests/drupal/validator_verdicts.php   (after npm ci in tests/drupal)
 */

use Drupal\tool_schema\Validation\JsonShape;
use Drupal\tool_schema\Validation\SchemaValidator;
use ToolSchema\Tests\Drupal\Deps;

require __DIR__ . '/autoload.php';
Deps::get()->useOpis();

const FLAGS = JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION;

$schemas = [];   // schema JSON => index
$pairs = [];     // [schema index, value JSON, origin]
$add = static function (string $schema, string $value, string $origin) use (&$schemas, &$pairs): void {
    $pairs[] = [$schemas[$schema] ??= \count($schemas), $value, $origin];
};
$fixtures = array_merge(glob(__DIR__ . '/../fixtures/normalize_*.json'), [__DIR__ . '/../fixtures/regex.json']);
foreach ($fixtures as $file) {
    foreach (json_decode(file_get_contents($file), false, 512, JSON_THROW_ON_ERROR)->cases as $case) {
        if (!isset($case->schema)) {
            continue;
        }
        $schema = json_encode($case->schema, FLAGS);
        foreach (['accept', 'reject'] as $list) {
            foreach ($case->$list ?? [] as $value) {
                $add($schema, json_encode($value, FLAGS), "$case->name ($list)");
            }
        }
    }
}
$fixturePairs = \count($pairs);
foreach (formatProbes() as $format => $values) {
    foreach ($values as $value) {
        $add(json_encode(['type' => 'string', 'format' => $format]), json_encode($value, FLAGS), "format probe ($format)");
    }
}
$probePairs = \count($pairs) - $fixturePairs;
$diff = \dirname(__DIR__, 2) . '/target/drupal-differential';
if (is_file("$diff/schemas.json") && is_file("$diff/pairs.jsonl")) {
    $texts = array_map(static fn ($s): string => json_encode($s, FLAGS), json_decode(file_get_contents("$diff/schemas.json"), false, 512, JSON_THROW_ON_ERROR));
    foreach (file("$diff/pairs.jsonl", FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $n => $line) {
        // {"s":N,"v":VALUE}: the value's text as written.
        if (preg_match('/^\{"s":(\d+),"v":(.*)\}$/s', $line, $m) === 1) {
            $add($texts[(int) $m[1]], $m[2], "differential pair " . ($n + 1));
        }
    }
}

$out = \dirname(__DIR__, 2) . '/target/validator-verdicts';
@mkdir($out, 0777, true);
$lines = ajv($out, array_keys($schemas), array_map(static fn (array $p): array => [$p[0], $p[1]], $pairs));

$validator = new SchemaValidator();
$bySchema = array_keys($schemas);
$decoded = [];
$differ = [];
$twins = [];     // pair index => [the value as the module read it, the module's verdict]
$beyond = 0;
$uncompiled = 0;
$unchecked = [];
$bigSchema = [];
foreach ($pairs as $k => [$s, $v, $origin]) {
    $ajv = json_decode($lines[$k], true);
    if ($ajv[0] === -1) {
        $uncompiled++;
        continue;
    }
    if (($bigSchema[$s] ??= beyond53($bySchema[$s])) || beyond53($v)) {
        $beyond++;
        continue;
    }
    // As the module holds a served schema: `{}` an \stdClass, never `[]`.
    $schema = $decoded[$s] ??= json_decode($bySchema[$s], false, 512, JSON_THROW_ON_ERROR);
    $tool = ['type' => 'object', 'properties' => ['v' => $schema], 'required' => ['v']];
    $arguments = ['v' => json_decode($v, true, 512, JSON_THROW_ON_ERROR)];
    $result = $validator->validate($tool, $arguments);
    if (isset($result['unchecked'])) {
        $unchecked[$result['unchecked'] . ' ' . substr($bySchema[$s], 0, 200)] = true;
    }
    if ($result['valid'] === ($ajv[0] === 1)) {
        continue;
    }
    $read = json_encode(JsonShape::of($arguments, $tool)->v, FLAGS);
    if ($read !== $v && json_decode($read, true) === $arguments['v']) {
        // Another JSON value PHP decodes alike: is the verdict ajv's on it?
        $twins[$k] = [$read, $result['valid']];
        continue;
    }
    $differ[$k] = true;
}
// The twins, judged by ajv: set aside where ajv gives the module's verdict on them.
$inherent = 0;
if ($twins !== []) {
    $twinLines = ajv("$out/twins", $bySchema, array_map(static fn (int $k, array $twin): array => [$pairs[$k][0], $twin[0]], array_keys($twins), $twins));
    foreach (array_keys($twins) as $i => $k) {
        if ((json_decode($twinLines[$i], true)[0] === 1) === $twins[$k][1]) {
            $inherent++;
        } else {
            $differ[$k] = true;
        }
    }
}
ksort($differ);
$untranslated = $validator->untranslatedPatterns();
printf("validator verdicts: %d pairs (%d from the fixtures, %d format probes, %d from the differential), %d schemas; %d differ from ajv; left out: %d that PHP decodes alike where ajv agrees on the module's reading, %d with integers beyond 2^53, %d not compiled by ajv\n",
    \count($pairs), $fixturePairs, $probePairs, \count($pairs) - $fixturePairs - $probePairs, \count($schemas), \count($differ), $inherent, $beyond, $uncompiled);
printf("%d schemas the module's validator does not compile (unchecked), %d patterns it does not translate\n", \count($unchecked), \count($untranslated));
foreach (\array_slice(array_keys($unchecked), 0, 10) as $line) {
    echo "  unchecked: $line\n";
}
foreach ($untranslated as $pattern => $why) {
    echo '  untranslated: ', substr($pattern, 0, 120), " ($why)\n";
}
foreach (\array_slice(array_keys($differ), 0, 20) as $k) {
    [$s, $v, $origin] = $pairs[$k];
    $ajv = json_decode($lines[$k], true);
    printf("  %s: schema %s, value %s: ajv %s, the module %s\n", $origin, substr($bySchema[$s], 0, 300), substr($v, 0, 200), $ajv[0] === 1 ? 'accepts' : 'refuses (' . $ajv[1] . ' at ' . $ajv[2] . ')', $ajv[0] === 1 ? 'refuses' : 'accepts');
}
exit($differ === [] && $unchecked === [] ? 0 : 1);

/**
 * ajv's verdicts, one JSON line per pair ([1], [0, keyword, path, schema path], [-1, message]).
 *
 * @param list<string> $schemas schema JSON texts
 * @param list<array{0: int, 1: string}> $pairs [schema index, value JSON]
 * @return list<string>
 */
function ajv(string $dir, array $schemas, array $pairs): array
{
    @mkdir($dir, 0777, true);
    file_put_contents("$dir/schemas.json", '[' . implode(',', $schemas) . ']');
    $fh = fopen("$dir/pairs.jsonl", 'w');
    foreach ($pairs as [$s, $v]) {
        fwrite($fh, '{"s":' . $s . ',"v":' . $v . "}\n");
    }
    fclose($fh);
    exec(sprintf('node %s %s %s', escapeshellarg(__DIR__ . '/validate.js'), escapeshellarg("$dir/schemas.json"), escapeshellarg("$dir/pairs.jsonl")), $lines, $status);
    if ($status !== 0 || \count($lines) !== \count($pairs)) {
        fwrite(STDERR, "validator_verdicts: node validate.js failed ($status); run npm ci in tests/drupal\n");
        exit(1);
    }
    return $lines;
}

/** Does the JSON text hold an integer beyond 2^53 (outside strings)? */
function beyond53(string $json): bool
{
    preg_match_all('/"(?:[^"\\\\]|\\\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/', $json, $m);
    foreach ($m[0] as $token) {
        if ($token[0] === '"' || preg_match('/^-?([0-9]+)$/', $token, $digits) !== 1) {
            continue;
        }
        $n = ltrim($digits[1], '0');
        if (\strlen($n) > 16 || (\strlen($n) === 16 && strcmp($n, '9007199254740992') > 0)) {
            return true;
        }
    }
    return false;
}

/**
 * Values for each format Validation\Formats checks: valid ones of every
 * shape the specification allows and near misses (one character off, out of
 * range, a trailing newline, another case, white space).
 *
 * @return array<string, list<string>>
 */
function formatProbes(): array
{
    $probes = [
        'date' => ['2024-01-15', '0000-01-01', '2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2024-04-31', '2024-12-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-1-15', '24-01-15', '2024-01-15T00:00:00Z', '２０２４-01-15', '٢٠٢٤-01-15'],
        'time' => ['10:30:00Z', '10:30:00z', '10:30:00+01:00', '10:30:00-0130', '10:30:00+01', '10:30:00', '10:30Z', '24:00:00Z', '23:59:60Z', '23:59:60.5Z', '22:59:60-01:00', '00:59:60+01:00', '00:00:60+00:01', '10:59:60Z', '10:30:00.123456789Z', '10:30:59.99999999999999999Z', '23:59:59.99999999999999999Z', '10:30:00+24:00', '10:30:00+01:60', '10:60:00Z', '1:30:00Z', '10:30:00 Z'],
        'date-time' => ['2024-01-15T10:30:00Z', '2024-01-15t10:30:00z', '2024-01-15 10:30:00+00:00', "2024-01-15\u{A0}10:30:00Z", "2024-01-15\u{2028}10:30:00Z", "2024-01-15\u{85}10:30:00Z", "2024-01-15\t10:30:00Z", '2024-01-15T10:30:00', '2024-01-15T10:30:00.5+05:30', '2024-01-15TT10:30:00Z', '2024-01-15', '2024-02-30T10:30:00Z', '2024-01-15T10:30:00Z ', ' 2024-01-15T10:30:00Z', '2024-01-15T23:59:60Z', '2016-12-31T23:59:60+00:00', '2024-01-15_10:30:00Z'],
        'duration' => ['P1D', 'PT1H', 'P1Y2M3DT4H5M6S', 'P1W', 'P1Y1W', 'P', 'PT', 'P1DT', 'P1.5D', 'PT1.5S', 'P1M', 'PT1M', 'P1Y2D', 'PT1S1M', 'p1d', 'P-1D', 'P0D', 'P1DT1H1S'],
        'uri' => ['https://example.com', 'http://a_b.example.com/%20', 'https://example.com:99999', 'x:', 'x:y', 'x:/', 'x:/[::1]', 'urn:isbn:0451450523', 'mailto:user@example.com', 'https://[::1]:80/a', 'https://[v1.x]/', 'https://[::ffff:001.2.3.4]/', 'https://[::ffff:256.2.3.4]/', 'https://[1:2:3:4:5:6:7:8:9]/', '//example.com', '/relative', 'relative', 'https://exa mple.com', 'https://example.com/ä', 'https://example.com/%zz', 'https://example.com/#a#b', 'https://example.com/?q=a?b#f/?', 'HTTPS://EXAMPLE.COM/%2F', '1http://x', 'a+b-c.d:x', 'https://user:pass@host/', 'https://us[er@host/', "https://example.com/\n", 'https://example.com/a b', 'https://example.com/{x}', 'ftp://ftp.example.com/a;type=i', 'https://ex%41mple.com', 'https://[::1', 'a:b:c', 'a:?q', 'a:#f'],
        'email' => ['user@example.com', 'first.last+tag@sub.example.co', 'user@localhost', 'user@[127.0.0.1]', 'user@127.0.0.1', '"quoted"@example.com', 'a..b@example.com', '.a@example.com', 'a.@example.com', 'user@-example.com', 'user@example-.com', 'user@ex_ample.com', "o'brien@example.com", 'USER@EXAMPLE.COM', 'üser@example.com', 'user@exämple.com', 'user@example.com ', "user@example.com\n", '@example.com', 'user@', 'user@example..com', 'a{b}|c~@example.com'],
        'hostname' => ['example.com', 'example.com.', 'localhost', 'a', '-a.com', 'a-.com', 'a_b.com', 'a..b', '.a', 'xn--bcher-kva.example', str_repeat('a', 63) . '.com', str_repeat('a', 64) . '.com', implode('.', array_fill(0, 63, 'abc')) . '.a', implode('.', array_fill(0, 63, 'abc')) . '.ab', implode('.', array_fill(0, 63, 'abc')) . '.a.', "example.com\n", 'EXAMPLE.COM', 'exämple.com', '123.example', '1.2.3.4', ''],
        'ipv4' => ['127.0.0.1', '0.0.0.0', '255.255.255.255', '256.0.0.1', '01.2.3.4', '1.2.3', '1.2.3.4.5', '1.2.3.4 ', "1.2.3.4\n", '1.2.3.04', '1..3.4', '١.2.3.4', '1.2.3.0x4'],
        'ipv6' => ['::', '::1', '1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '1::2::3', '1:::2', ':1:2:3:4:5:6:7', '1:2:3:4:5:6:7:', '::ffff:1.2.3.4', '::ffff:01.2.3.4', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '1::5:6:1.2.3.4', '1.2.3.4', 'fe80::1%eth0', 'FE80::ABCD', '12345::', 'g::1', "::1\n", '[::1]', '1:2:3:4:5::1.2.3.4', '1:2:3:4:5:6::1.2.3.4', '::1.2.3'],
        'uuid' => ['4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', '4F1C0E36-2B8C-4A5E-9B1A-3C6F2D7E8A90', 'urn:uuid:4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', 'URN:UUID:4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', '4f1c0e362b8c4a5e9b1a3c6f2d7e8a90', '{4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90}', '4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a9', '4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90 ', '4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8g90', '00000000-0000-0000-0000-000000000000'],
    ];
    // Near misses of every probe: the last character dropped, a newline or a
    // space appended, the letters' case swapped.
    foreach ($probes as $format => $values) {
        foreach ($values as $value) {
            $probes[$format][] = mb_substr($value, 0, -1);
            $probes[$format][] = "$value\n";
            $probes[$format][] = "$value ";
            $probes[$format][] = strtr($value, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
        }
        $probes[$format] = array_values(array_unique($probes[$format]));
    }
    return $probes;
}
