<?php

// Differential test of the PCRE -> ECMA-262 translator.
//
// 1. Translates every pattern of tests/regex/corpus.json with the PHP translator;
//    when target/regex-rust.json exists (written by `cargo test --test
//    regex_corpus`), requires the Rust translation to be byte-identical.
// 2. For every emitted pattern, compares preg_match($source, $s) with
//    new RegExp($pattern, 'u').test($s) in node (one node process for all)
//    on the pattern's subjects, the global trap subjects and affixed variants.
//    preg_match runs with the JIT (PHP's default) and, in a child process, without
//    it: an emitted pattern on which they disagree is a failure too.
// 3. Prints a summary; exits non-zero on any failure.

declare(strict_types=1);

// Child mode: `--eval IN OUT` evaluates preg_match for [{source, subjects}].
if (($argv[1] ?? '') === '--eval') {
    $jobs = json_decode((string) file_get_contents($argv[2]), true, 512, JSON_THROW_ON_ERROR);
    $res = [];
    foreach ($jobs as $job) {
        $res[] = array_map(static fn (string $s): bool => preg_match($job['source'], $s) === 1, $job['subjects']);
    }
    file_put_contents($argv[3], json_encode($res, JSON_THROW_ON_ERROR));
    exit(0);
}
ini_set('pcre.jit', '1');

foreach (['Skip', 'Translator', 'Delimiters', 'CaseFold', 'CharSet', 'Emit', 'Parser'] as $class) {
    require_once __DIR__ . '/../../php/src/Regex/' . $class . '.php';
}

use ToolSchema\Php\Regex\Translator;

// Usage: php tests/regex/differential.php [CORPUS.json [RUST-OUTPUT.json]]
$root = dirname(__DIR__, 2);
$corpusFile = $argv[1] ?? __DIR__ . '/corpus.json';
$corpus = json_decode((string) file_get_contents($corpusFile), true, 512, JSON_THROW_ON_ERROR);
$failures = [];
$notes = [];

$rustFile = $argv[2] ?? $root . '/target/regex-rust.json';
$rust = is_file($rustFile) ? json_decode((string) file_get_contents($rustFile), true, 512, JSON_THROW_ON_ERROR) : null;
if ($rust === null) {
    $notes[] = $rustFile . ' not found: Rust/PHP comparison skipped';
}

$emitted = [];
$skipped = [];
$jobs = [];
foreach ($corpus['patterns'] as $entry) {
    $source = $entry['source'];
    [$pattern, $code, $message] = Translator::translate($source);
    if ($rust !== null) {
        $r = $rust[$source] ?? null;
        $mine = $pattern !== null ? ['pattern' => $pattern] : ['skip' => $code, 'message' => $message];
        if ($r !== $mine) {
            $failures[] = sprintf("rust/php differ for %s\n    php:  %s\n    rust: %s", json_encode($source), json_encode($mine), json_encode($r));
        }
    }
    set_error_handler(static fn (): bool => true);
    $compiles = preg_match($source, '') !== false;
    restore_error_handler();
    if ($pattern === null) {
        $skipped[$code] = ($skipped[$code] ?? 0) + 1;
        if ($code === Translator::INVALID && $compiles) {
            $notes[] = sprintf('skipped as regex_invalid but PCRE compiles it: %s', json_encode($source));
        }
        continue;
    }
    $emitted[] = $source;
    if (!$compiles) {
        $failures[] = sprintf('emitted %s for %s, which PCRE does not compile', json_encode($pattern), json_encode($source));
        continue;
    }
    $base = array_values(array_unique(array_merge($entry['subjects'], $corpus['traps'])));
    $subjects = $base;
    foreach ($base as $s) {
        foreach ($corpus['affixes'] as [$prefix, $suffix]) {
            $subjects[] = $prefix . $s . $suffix;
        }
    }
    $subjects = array_values(array_unique($subjects));
    $expected = [];
    foreach ($subjects as $s) {
        $r = preg_match($source, $s);
        if ($r === false) {
            $failures[] = sprintf('preg_match failed at run time for %s on %s', json_encode($source), json_encode($s));
        }
        $expected[] = $r === 1;
    }
    $jobs[] = ['source' => $source, 'pattern' => $pattern, 'subjects' => $subjects, 'expected' => $expected];
}

$checks = 0;
if ($jobs !== []) {
    if (trim((string) shell_exec('command -v node')) === '') {
        fwrite(STDERR, "node not found\n");
        exit(2);
    }
    $in = tempnam(sys_get_temp_dir(), 'regex-in');
    $out = tempnam(sys_get_temp_dir(), 'regex-out');
    $payload = array_map(static fn (array $j): array => ['pattern' => $j['pattern'], 'subjects' => $j['subjects']], $jobs);
    file_put_contents($in, json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES));
    $cmd = 'node ' . escapeshellarg(__DIR__ . '/ecma_eval.js') . ' ' . escapeshellarg($in) . ' ' . escapeshellarg($out);
    exec($cmd, $ignored, $status);
    if ($status !== 0) {
        fwrite(STDERR, "node failed ($status)\n");
        exit(2);
    }
    $results = json_decode((string) file_get_contents($out), true, 512, JSON_THROW_ON_ERROR);
    // The same subjects through the PCRE2 interpreter (no JIT).
    $payload = array_map(static fn (array $j): array => ['source' => $j['source'], 'subjects' => $j['subjects']], $jobs);
    file_put_contents($in, json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES));
    $cmd = escapeshellarg(PHP_BINARY) . ' -d pcre.jit=0 ' . escapeshellarg(__FILE__) . ' --eval ' . escapeshellarg($in) . ' ' . escapeshellarg($out);
    exec($cmd, $ignored, $status);
    if ($status !== 0) {
        fwrite(STDERR, "interpreter child failed ($status)\n");
        exit(2);
    }
    $interpreter = json_decode((string) file_get_contents($out), true, 512, JSON_THROW_ON_ERROR);
    unlink($in);
    unlink($out);
    foreach ($jobs as $k => $job) {
        if ($interpreter[$k] !== $job['expected']) {
            $failures[] = sprintf('PCRE JIT and interpreter disagree on %s', json_encode($job['source'], JSON_UNESCAPED_SLASHES));
        }
    }
    foreach ($jobs as $k => $job) {
        $res = $results[$k];
        if (isset($res['error'])) {
            $failures[] = sprintf('node cannot compile %s (from %s): %s', json_encode($job['pattern']), json_encode($job['source']), $res['error']);
            continue;
        }
        $bad = 0;
        foreach ($job['subjects'] as $i => $s) {
            $checks++;
            if ($res['results'][$i] !== $job['expected'][$i]) {
                if ($bad++ < 3) {
                    $failures[] = sprintf(
                        "mismatch %s -> %s on %s: preg=%s ecma=%s",
                        json_encode($job['source'], JSON_UNESCAPED_SLASHES),
                        json_encode($job['pattern'], JSON_UNESCAPED_SLASHES),
                        json_encode($s),
                        $job['expected'][$i] ? 'match' : 'no',
                        $res['results'][$i] ? 'match' : 'no',
                    );
                }
            }
        }
    }
}

ksort($skipped);
printf("regex differential: %d patterns, %d emitted, %d skipped, %d subject checks\n", count($corpus['patterns']), count($emitted), array_sum($skipped), $checks);
foreach ($skipped as $code => $n) {
    printf("  skipped %-28s %d\n", $code, $n);
}
foreach ($notes as $note) {
    echo "  note: $note\n";
}
if ($failures !== []) {
    echo count($failures), " failure(s):\n";
    foreach ($failures as $f) {
        echo "  FAIL $f\n";
    }
    exit(1);
}
echo "OK\n";
