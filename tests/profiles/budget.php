<?php

declare(strict_types=1);

/*
 * fit_budget() requests for the providers' own code (scripts/test.d/80-profiles.sh,
 * tests/profiles/budget_check.py): every case of tests/budget/*.json that is
 * not an error, and the Tool module's tools (target/profiles/tools.json, from
 * real Drupal) as one request in each strict profile. Runs the pure-PHP
 * implementation and, when it is loaded, the extension, and fails when they
 * differ. Writes the requests as JSON to stdout:
 * [{"name", "profile", "tools": {name: {"schema", "strict"}}, "warnings"}].
 * Usage: php [-d extension=...] budget.php target/profiles/tools.json
 */

require __DIR__ . '/../../php/autoload.php';

$requests = [];
$files = glob(__DIR__ . '/../budget/*.json') ?: [];
sort($files, SORT_STRING);
foreach ($files as $file) {
    $data = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
    foreach ($data['cases'] as $case) {
        if (!array_key_exists('error', $case)) {
            $requests[] = [$case['name'], $case['tools'], $case['options']];
        }
    }
}
$tools = json_decode((string) file_get_contents($argv[1]), true, 512, JSON_THROW_ON_ERROR);
foreach (['openai', 'anthropic'] as $profile) {
    $requests[] = ["tool_module_$profile", $tools, ['profile' => $profile]];
    $requests[] = ["tool_module_{$profile}_any_of", $tools, ['profile' => $profile, 'nullable' => 'any_of']];
}

$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
$out = [];
foreach ($requests as [$name, $list, $options]) {
    $warnings = null;
    $fit = \ToolSchema\Php\Normalize\Budget::fit($list, $options, $warnings);
    $php = json_encode([$fit, $warnings], $flags);
    if (extension_loaded('tool_schema')) {
        $nativeWarnings = null;
        $native = json_encode([\ToolSchema\fit_budget($list, $options, $nativeWarnings), $nativeWarnings], $flags);
        if ($native !== $php) {
            fwrite(STDERR, "budget.php: $name: native and PHP differ\n");
            exit(1);
        }
    }
    $out[] = ['name' => $name, 'profile' => $options['profile'] ?? 'mcp', 'tools' => (object) $fit, 'warnings' => $warnings];
}
echo json_encode($out, $flags), "\n";
fwrite(STDERR, sprintf("budget.php: %d requests (%s)\n", count($out), extension_loaded('tool_schema') ? 'native and PHP identical' : 'PHP'));
