<?php

declare(strict_types=1);

/*
 * The fixtures' own claims, judged by real Drupal: every value a normalize
 * fixture lists under `accept` (the expected schema accepts it) must be one
 * Drupal accepts, or the fixture would assert a false accept. Each case is
 * judged the way the Tool module validates tool input: a root map's
 * properties as the tool's inputs, any other root as one input
 * (TypedInputsTrait::validateInputValue() on the Tool module's input
 * definition classes), with the Symfony constraints Drupal 10.6 does not
 * register provided by the test module, as in the differential test.
 *
 * Cases Drupal cannot judge here are counted and skipped, with the reason:
 * base_schema (no Drupal type), entity inputs (no entity storage), derived
 * enums resolved by the caller (site state), unknown data types, definitions
 * the running Drupal refuses whatever the value (a constraint that is no plugin, an
 * option it does not have), an input the case warns about (the warning says
 * the schema accepts values Drupal rejects), and null for an optional root map
 * (the tool's inputs are never null).
 *
 * Usage: php tests/drupal/fixture_verdicts.php     (exit 1 on a failing claim)
 */

namespace ToolSchema\Tests\Drupal\Differential;

\define('TOOL_SCHEMA_SYMFONY_CONSTRAINTS', true);
$site = require __DIR__ . '/bootstrap.php';

set_error_handler(static fn (): bool => true, E_WARNING | E_NOTICE | E_DEPRECATED | E_USER_DEPRECATED);

$verdict = new Verdict($site->tools()->createInstance('user_block'), $site->typedData());
$known = array_keys($site->typedData()->getDefinitions());
$siteState = ['PluginExists', 'EntityBundleExists', 'CountryCode', 'FieldExists', 'ExtensionExists', 'ConfigExists', 'ValidPath'];

/** Why Drupal cannot judge this definition here, or null. */
$unjudgeable = static function (array $def) use (&$unjudgeable, $known, $siteState): ?string {
    $type = $def['type'] ?? null;
    if (!\is_string($type)) {
        return 'no type';
    }
    if (isset($def['base_schema'])) {
        return 'base_schema';
    }
    if ($type === 'entity' || str_starts_with($type, 'entity:')) {
        return 'entity input (no entity storage)';
    }
    if (!\in_array($type, $known, true)) {
        return "data type $type unknown to this site";
    }
    foreach (array_keys($def['constraints'] ?? []) as $id) {
        if (\in_array($id, $siteState, true)) {
            return "$id (site state)";
        }
    }
    foreach ($def['properties'] ?? [] as $p) {
        if (($why = \is_array($p) ? $unjudgeable($p) : 'bad property') !== null) {
            return $why;
        }
    }
    if (isset($def['items']) && ($why = $unjudgeable($def['items'])) !== null) {
        return $why;
    }
    return null;
};

$spec = static function (array $def) use (&$spec): array {
    $s = ['type' => $def['type'], 'required' => $def['required'] ?? true, 'constraints' => $def['constraints'] ?? []];
    if (isset($def['items'])) {
        $s['items'] = $spec($def['items']);
    } elseif ($def['type'] === 'list') {
        $s['items'] = ['type' => 'any', 'required' => false];
    }
    if (isset($def['properties'])) {
        $s['properties'] = array_map($spec, $def['properties']);
    }
    return $s;
};

$checked = 0;
$skipped = [];
$failures = [];
foreach (glob(__DIR__ . '/../fixtures/normalize_*.json') as $file) {
    $cases = json_decode((string) file_get_contents($file), true, 512, JSON_THROW_ON_ERROR)['cases'];
    foreach ($cases as $case) {
        if (!isset($case['schema']) || ($case['accept'] ?? []) === []) {
            continue;
        }
        $def = $case['definition'];
        if (($why = $unjudgeable($def)) !== null) {
            $skipped[$why] = ($skipped[$why] ?? 0) + \count($case['accept']);
            continue;
        }
        // A root map: the tool's inputs, each judged as an input.
        $inputs = $def['type'] === 'map' ? ($def['properties'] ?? []) : ['' => $def];
        $warned = array_column($case['warnings'] ?? [], 'path');
        foreach ($case['accept'] as $value) {
            if ($value === null && $def['type'] === 'map') {
                $skipped['null for an optional root map'] = ($skipped['null for an optional root map'] ?? 0) + 1;
                continue;
            }
            foreach ($inputs as $name => $input) {
                $v = $name === '' ? $value : ($value[$name] ?? null);
                $at = $name === '' ? '' : "properties.$name";
                foreach ($warned as $w) {
                    if ($at === '' || $w === $at || str_starts_with($w, "$at.")) {
                        $skipped['warned: ' . $w] = ($skipped['warned: ' . $w] ?? 0) + 1;
                        continue 2;
                    }
                }
                $verdict->isolate();
                $judged = $verdict->judge(Definitions::input($spec($input)), $v);
                if ($judged['definitionError']) {
                    $why = 'Drupal ' . \Drupal::VERSION . ' refuses the definition: ' . ($judged['constraint'] ?? '?');
                    $skipped[$why] = ($skipped[$why] ?? 0) + 1;
                    continue;
                }
                $checked++;
                if (!$judged['accepted']) {
                    $failures[] = \sprintf(
                        "%s / %s: accept %s%s: Drupal rejects (%s at \"%s\": %s)",
                        basename($file),
                        $case['name'],
                        json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION),
                        $name === '' ? '' : " (input $name)",
                        $judged['constraint'] ?? '?',
                        $judged['path'],
                        $judged['message'],
                    );
                }
            }
        }
    }
}

printf("fixture verdicts: %d accepted values judged by Drupal, %d rejected\n", $checked, \count($failures));
ksort($skipped);
foreach ($skipped as $why => $n) {
    printf("  skipped %4d  %s\n", $n, $why);
}
foreach ($failures as $f) {
    echo "  FAIL $f\n";
}
exit($failures === [] ? 0 : 1);
