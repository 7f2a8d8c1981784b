<?php

declare(strict_types=1);

// PHP-vs-Rust parity for coerce_input, part 2: re-runs every line written by
// `cargo test --test coerce_parity` through the PHP Coercer and fails on the
// first difference (output compared with ===, or the same ValueError message).
// Usage: php tests/php/coerce_parity.php [target/coerce-parity.jsonl]

require __DIR__ . '/../../php/autoload.php';

use ToolSchema\Php\Coerce\Coercer;

$file = $argv[1] ?? dirname(__DIR__, 2) . '/target/coerce-parity.jsonl';
$in = @fopen($file, 'rb');
if ($in === false) {
    fwrite(STDERR, "cannot open $file (run the Rust generator first)\n");
    exit(2);
}
$n = 0;
$repaired = 0;
while (($line = fgets($in)) !== false) {
    if (trim($line) === '') {
        continue;
    }
    $n++;
    $case = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    $fail = null;
    try {
        $got = Coercer::coerce($case['input'], $case['definition']);
        if (array_key_exists('error', $case)) {
            $fail = 'PHP returned ' . json_encode($got) . ', Rust threw ' . $case['error'];
        } elseif ($got !== $case['output']) {
            $fail = 'PHP ' . var_export($got, true) . "\nRust " . var_export($case['output'], true);
        } elseif (Coercer::coerce($got, $case['definition']) !== $got) {
            $fail = 'PHP not idempotent';
        } elseif ($got !== $case['input']) {
            $repaired++;
        }
    } catch (\ValueError $e) {
        if (($case['error'] ?? null) !== $e->getMessage()) {
            $fail = 'PHP threw ' . $e->getMessage() . ', Rust ' . (array_key_exists('error', $case) ? 'threw ' . $case['error'] : 'returned');
        }
    }
    if ($fail !== null) {
        fwrite(STDERR, "parity failure at line $n:\n$line$fail\n");
        exit(1);
    }
}
if ($n === 0) {
    fwrite(STDERR, "no cases in $file\n");
    exit(1);
}
echo "$n coerce parity cases agree ($repaired repaired)\n";
