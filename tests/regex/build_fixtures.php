<?php

// Regenerates tests/fixtures/regex.json (cases for the shared fixture runner)
// from the PHP translator, and checks every accept/reject string with
// preg_match on the original pattern (and with node on the translation).
// Usage: php tests/regex/build_fixtures.php
declare(strict_types=1);

foreach (['Skip', 'Translator', 'Delimiters', 'CaseFold', 'CharSet', 'Emit', 'Parser'] as $class) {
    require_once __DIR__ . '/../../php/src/Regex/' . $class . '.php';
}

use ToolSchema\Php\Regex\Translator;

// [name, Regex option (string or array), accept, reject]
$cases = [
    ['slug', '/^[a-z0-9-]+$/', ['abc-1', 'a', "abc\n"], ['ABC', 'a b', '', "a\n\n", "\na"]],
    ['machine_name', '/^[a-z][a-z0-9_]*$/', ['node_type', 'x'], ['1abc', '_x', 'Node']],
    ['dollar_endonly', '/^[a-z]+$/D', ['abc'], ["abc\n", 'ABC']],
    ['anchors_a_z', '/\A\d{5}\z/', ['12345'], ["12345\n", '1234', '١٢٣٤٥']],
    ['postal_code_plus4', '/^\d{5}(-\d{4})?$/', ['12345', '12345-6789'], ['12345-', '1234']],
    ['hex_colour_caseless', '/^#[0-9a-f]{6}$/i', ['#ABCDEF', '#a1b2c3'], ['#abcdeg', 'abcdef']],
    ['semver', '/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/', ['1.2.3', '10.0.0-beta.1'], ['1.2', 'v1.2.3']],
    ['iso_country', '#^[A-Z]{2}$#', ['CH', 'US'], ['ch', 'CHE']],
    ['phone_e164', '~^\+[1-9]\d{1,14}$~', ['+14155552671'], ['+0123', '14155552671']],
    ['kelvin_without_u', '/^k+$/i', ['kK', 'K'], ["\u{212A}", 'x']],
    ['kelvin_with_u', '/^k+$/iu', ['kK', "\u{212A}"], ['x', '']],
    ['digits_unicode', '/^\d+$/u', ['123', '١٢٣', '１２３'], ['12a', '']],
    ['digits_ascii_without_u', '/^\d+$/', ['123'], ['١٢٣', '１２３']],
    ['spaces_unicode', '/^\s+$/u', [' ', "\u{A0}", "\u{3000}"], ["\u{FEFF}", 'a']],
    ['dot_excludes_only_newline', '/^a.b$/u', ["a\rb", "a\u{2028}b", 'aéb'], ["a\nb", 'ab']],
    ['dot_all', '/^a.b$/su', ["a\nb"], ['ab']],
    ['multiline', '/^b$/m', ["a\nb", "b\n"], ["a\rb", "a\u{2028}b"]],
    ['negated_class_run_without_u', '/^[^<>]*$/', ['hello', 'äöü', ''], ['<b>', 'a>']],
    ['brackets_delimiters', '{^a{2}$}', ['aa'], ['a', 'aaa']],
    ['extended_mode', "/^ [a-z]+ \\# \\d+ $/x", ['ab#12'], ['ab #12', 'ab12']],
    ['possessive', '/^[a-z]++[0-9]$/', ['abc1'], ['abc', '1']],
    ['lookahead_password', '/^(?=.*[A-Z])(?=.*\d).{8,}$/u', ['Passw0rd'], ['password', 'Pass0']],
    ['match_false', ['pattern' => '/^admin$/', 'match' => false], ['user', 'administrator'], ['admin', "admin\n"]],
    ['match_false_with_html_pattern', ['pattern' => '/\d/', 'match' => false, 'htmlPattern' => '[^0-9]*'], ['abc'], ['a1']],
    ['match_true_array_form', ['pattern' => '/^x$/D'], ['x'], ["x\n"]],
    ['skip_backreference', '/^(a)\1$/', ['aa'], []],
    ['skip_unicode_word', '/^\w+$/u', ['abc', 'äbc'], []],
    ['skip_unicode_property', '/^\p{Lu}/u', ['Émile'], []],
    ['skip_byte_dot', '/^.{1,3}$/', ['abc'], []],
    ['case_folding_unicode', '/^[a-zäöüß]+$/iu', ['Straße', 'STRAẞE', 'ÄÖÜ', "\u{212A}"], ['ss-x', 'é']],
    ['case_folding_sigma', '/^σ+$/iu', ['σςΣ'], ['s', 'o']],
    ['skip_modifier', '/^a$/J', [], []],
    ['skip_invalid', '/^(a$/', [], []],
    ['skip_recursion', '/\((?R)?\)/', ['(())'], []],
    ['skip_match_false', ['pattern' => '/\w/u', 'match' => false], [], []],
];

$lines = [];
$check = [];
foreach ($cases as [$name, $option, $accept, $reject]) {
    $source = is_array($option) ? $option['pattern'] : $option;
    $match = !is_array($option) || ($option['match'] ?? true);
    foreach ([[$accept, true], [$reject, false]] as [$list, $wanted]) {
        foreach ($list as $s) {
            $r = preg_match($source, $s);
            if ($r === false || ($r === 1) !== ($wanted === $match)) {
                fwrite(STDERR, "regex_$name: preg_match disagrees on " . json_encode($s) . "\n");
                exit(1);
            }
        }
    }
    [$pattern, $code, $message] = Translator::translate($source);
    if ($pattern === null) {
        $schema = ['type' => 'string'];
        $warnings = [['code' => $code, 'path' => 'constraints.Regex', 'message' => $message]];
    } else {
        $schema = $match ? ['type' => 'string', 'pattern' => $pattern] : ['type' => 'string', 'not' => ['pattern' => $pattern]];
        $warnings = [];
        $check[] = ['pattern' => $pattern, 'match' => $match, 'accept' => $accept, 'reject' => $reject, 'name' => $name];
    }
    $j = static fn (mixed $v): string => json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
    $lines[] = "  {\"name\": " . $j("regex_$name") . ",\n"
        . "   \"function\": \"normalize\",\n"
        . "   \"definition\": " . $j(['type' => 'string', 'constraints' => ['Regex' => $option]]) . ",\n"
        . "   \"schema\": " . $j($schema) . ",\n"
        . "   \"warnings\": " . $j($warnings) . ",\n"
        . "   \"accept\": " . $j($accept) . ",\n"
        . "   \"reject\": " . $j($reject) . "}";
}

// The translations must agree with the accept/reject strings under ECMA semantics too.
$tmp = tempnam(sys_get_temp_dir(), 'regex-fx');
$js = 'const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); let bad = 0;'
    . 'for (const x of c) { const re = new RegExp(x.pattern, "u");'
    . ' for (const s of x.accept) if (re.test(s) !== x.match) { bad++; console.error(x.name, JSON.stringify(s)); }'
    . ' for (const s of x.reject) if (re.test(s) === x.match) { bad++; console.error(x.name, JSON.stringify(s)); } }'
    . 'process.exit(bad ? 1 : 0);';
file_put_contents($tmp, json_encode($check, JSON_THROW_ON_ERROR));
passthru('node -e ' . escapeshellarg($js) . ' ' . escapeshellarg($tmp), $status);
unlink($tmp);
if ($status !== 0) {
    fwrite(STDERR, "node disagrees with a fixture\n");
    exit(1);
}

$out = "{\"rule\": \"regex\", \"cases\": [\n" . implode(",\n", $lines) . "\n]}\n";
file_put_contents(__DIR__ . '/../fixtures/regex.json', $out);
echo count($lines), " cases written to tests/fixtures/regex.json\n";
