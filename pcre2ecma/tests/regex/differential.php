<?php

// Differential test of the PCRE -> ECMA-262 translator.
//
// Usage: php tests/regex/differential.php [options] [CORPUS.json [RUST-OUTPUT.json]]
//   --name=NAME      name printed in the summary (default: the corpus file name)
//   --generate=N     N random matching strings (and mutations) per emitted pattern
//   --attack         attack strings per emitted pattern (catastrophic backtracking)
//   --limit-ms=MS    time limit per pattern in node (default 2000)
//   --list           print every pattern with its result
//   --no-lookaround  fail when an emitted pattern has a lookaround, backreference or named group
//   --skips-documented-in=FILE
//                    fail when a skipped pattern's source is not in FILE as `source`
//
// 1. Translates every pattern of the corpus with the PHP translator; when the
//    Rust output exists (written by `cargo test --test regex_corpus`), requires
//    the Rust translation to be byte-identical.
//    Each pattern is translated twice: exactly, and with `$` read as under the
//    `D` modifier (Translator::translateEndOnly(), the `pattern` tool_schema
//    states); the Rust output holds both.
// 2. For every emitted pattern, compares preg_match($source, $s) with
//    new RegExp($pattern, 'u').test($s) in node (tests/regex/ecma_tool.js, one
//    process for all) on the pattern's subjects, the global trap subjects,
//    affixed variants, and the strings node generates from the pattern.
//    preg_match runs with the JIT (PHP's default) and, in a child process, without
//    it: an emitted pattern on which they disagree is a failure too.
//    An end-only translation (when it differs from the exact one) is compared
//    the same way with preg_match($source . 'D', $s), and every subject on
//    which that verdict differs from preg_match($source, $s) must end in "\n"
//    and be accepted by $source alone: the only subjects it may refuse that
//    preg_match accepts are those `$` accepts before a final newline.
// 3. With --attack, node runs attack strings (a repeated fragment of a matching
//    subject and a failing suffix) under the time limit: any timeout fails.
// 4. Prints a summary (counts by skip code; emitted patterns with a lookaround,
//    a backreference or a named group, listed by reason); exits non-zero on any failure.

declare(strict_types=1);

// Child mode: `--eval IN OUT` evaluates preg_match for [{source, subjects}].
if (($argv[1] ?? '') === '--eval') {
    $jobs = json_decode((string) file_get_contents($argv[2]), true, 512, JSON_THROW_ON_ERROR);
    $res = [];
    foreach ($jobs as $job) {
        $res[] = array_map(static fn (string $s): ?bool => ($r = @preg_match($job['source'], $s)) === false ? null : $r === 1, $job['subjects']);
    }
    file_put_contents($argv[3], json_encode($res, JSON_THROW_ON_ERROR));
    exit(0);
}
ini_set('pcre.jit', '1');
ini_set('memory_limit', '2G');

require_once __DIR__ . '/../../php/autoload.php';

use ToolSchema\Regex\Pcre;
use ToolSchema\Regex\Translator;
use ToolSchema\Regex\Work;

$opts = ['generate' => 0, 'attack' => false, 'limit-ms' => 2000, 'list' => false, 'name' => null,
    'no-lookaround' => false, 'skips-documented-in' => null];
$args = [];
foreach (array_slice($argv, 1) as $a) {
    if (preg_match('/^--([a-z-]+)(?:=(.*))?$/', $a, $m)) {
        $opts[$m[1]] = $m[2] ?? true;
    } else {
        $args[] = $a;
    }
}
$root = dirname(__DIR__, 3);   // the workspace (its target/)
$corpusFile = $args[0] ?? __DIR__ . '/corpus.json';
$corpus = json_decode((string) file_get_contents($corpusFile), true, 512, JSON_THROW_ON_ERROR);
$name = $opts['name'] ?? basename($corpusFile);
$failures = [];
$notes = [];

$rustFile = $args[1] ?? $root . '/target/regex-rust.json';
$rust = is_file($rustFile) ? json_decode((string) file_get_contents($rustFile), true, 512, JSON_THROW_ON_ERROR) : null;
if ($rust === null) {
    $notes[] = $rustFile . ' not found: Rust/PHP comparison skipped';
}

/** Why an emitted pattern has a lookaround, a backreference or a named group. */
$lookReason = static function (string $source, string $pattern): ?string {
    if (!preg_match('/\(\?[=!]|\(\?<[=!]|\\\\k<|\(\?</', $pattern)) {
        return null;
    }
    if (str_contains($pattern, '\k<a')) {
        return 'possessive quantifier the next item can continue (atomic: lookahead + backreference)';
    }
    if (preg_match('/\[\[:[<>]:\]\]/', $source) && !preg_match('/\(\?<?[=!]/', $source)) {
        return '[[:<:]] or [[:>:]] (a word start or end)';
    }
    if (preg_match('/\(\?<?[=!]/', preg_replace('/\(\?=\\\\n\?\$\)|\(\?=\\\\n\|\$\)|\(\?:\^\|\(\?<=\\\\n\)\(\?!\$\)\)/', '', $pattern))) {
        return 'lookaround written in the source';
    }
    if (str_contains($pattern, '(?=\n?$)')) {
        return '$ with more pattern after it';
    }
    return '^ or $ under m away from the edges of the pattern';
};

$documented = $opts['skips-documented-in'] !== null ? (string) file_get_contents($opts['skips-documented-in']) : null;
$emitted = [];
$compiled = 0;
$skipped = [];
$looks = [];
$jobs = [];
$emittedD = 0;   // end-only translations that differ from the exact one
$refusedD = 0;   // subjects an end-only translation refuses for their final newline
$started = microtime(true);
foreach ($corpus['patterns'] as $entry) {
    $source = $entry['source'];
    $work = new Work();
    [$pattern, $code, $message] = Translator::translateFor($source, Pcre::version(), $work);
    $mine = ($pattern !== null ? ['pattern' => $pattern] : ['skip' => $code, 'message' => $message])
        + ['work' => $work->used(), 'peak' => $work->peak()];
    $workD = new Work();
    [$patternD, $codeD, $messageD] = Translator::translateFor($source, Pcre::version(), $workD, true);
    $mine['end_only'] = ($patternD !== null ? ['pattern' => $patternD] : ['skip' => $codeD, 'message' => $messageD])
        + ['work' => $workD->used(), 'peak' => $workD->peak()];
    if ($pattern !== null && $patternD === null) {
        $notes[] = sprintf('the end-only translation skips (%s) what the exact one emits: %s', $codeD, json_encode($source, JSON_UNESCAPED_SLASHES));
    }
    if ($rust !== null) {
        $r = $rust[$source] ?? null;
        if ($r !== $mine) {
            $failures[] = sprintf("rust/php differ for %s\n    php:  %s\n    rust: %s", json_encode($source), json_encode($mine), json_encode($r));
        }
    }
    if ($opts['list']) {
        printf("%s\t%s\n", json_encode($source, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), $pattern !== null ? json_encode($pattern, JSON_UNESCAPED_SLASHES) : "SKIP $code: $message");
    }
    set_error_handler(static fn (): bool => true);
    // A run-time failure (backtrack limit) on '' is not a compile error.
    $compiles = preg_match($source, '') !== false || preg_last_error() !== PREG_INTERNAL_ERROR;
    restore_error_handler();
    $compiled += $compiles ? 1 : 0;
    if ($pattern === null) {
        $skipped[$code] = ($skipped[$code] ?? 0) + 1;
        if ($documented !== null && !str_contains($documented, '`' . $source . '`')) {
            $failures[] = sprintf('skipped (%s) but not documented in %s: %s', $code, $opts['skips-documented-in'], $source);
        }
        if ($code === Translator::INVALID && $compiles) {
            $notes[] = sprintf('skipped as regex_invalid but PCRE compiles it: %s', json_encode($source));
        }
        continue;
    }
    $emitted[] = $source;
    $reason = $lookReason($source, $pattern);
    if ($reason !== null) {
        $looks[$reason][] = $source;
        if ($opts['no-lookaround']) {
            $failures[] = sprintf('emitted %s for %s: it has a lookaround (%s)', json_encode($pattern, JSON_UNESCAPED_SLASHES), json_encode($source, JSON_UNESCAPED_SLASHES), $reason);
        }
    }
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
    $jobs[] = [
        'source' => $source,
        'pattern' => $pattern,
        'subjects' => array_values(array_unique($subjects)),
        'generate' => (int) $opts['generate'],
        'attack' => (bool) $opts['attack'],
        'end_only' => false,
    ];
    if ($patternD !== null && $patternD !== $pattern) {
        $emittedD++;
        $jobs[] = ['pattern' => $patternD, 'end_only' => true] + $jobs[array_key_last($jobs)];
    }
}
$translateMs = (microtime(true) - $started) * 1000;

$checks = 0;
$attackStrings = 0;
$attackMax = 0.0;
$timeouts = [];
if ($jobs !== []) {
    if (trim((string) shell_exec('command -v node')) === '') {
        fwrite(STDERR, "node not found\n");
        exit(2);
    }
    $in = tempnam(sys_get_temp_dir(), 'regex-in');
    $out = tempnam(sys_get_temp_dir(), 'regex-out');
    $payload = ['seed' => 40, 'limit_ms' => (int) $opts['limit-ms'], 'jobs' => array_map(static fn (array $j): array => [
        'pattern' => $j['pattern'], 'subjects' => $j['subjects'], 'generate' => $j['generate'], 'attack' => $j['attack'],
    ], $jobs)];
    file_put_contents($in, json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES));
    $cmd = 'node ' . escapeshellarg(__DIR__ . '/ecma_tool.js') . ' ' . escapeshellarg($in) . ' ' . escapeshellarg($out);
    exec($cmd, $ignored, $status);
    if ($status !== 0) {
        fwrite(STDERR, "node failed ($status)\n");
        exit(2);
    }
    $results = json_decode((string) file_get_contents($out), true, 512, JSON_THROW_ON_ERROR);
    // Subjects as node saw them (given + generated + attack strings).
    foreach ($jobs as $k => &$job) {
        $res = $results[$k];
        $job['node'] = $res;
        if (isset($res['error'])) {
            continue;
        }
        $job['all'] = $res['subjects'];
        $job['ecma'] = $res['results'];
        if (isset($res['attack']) && $res['attack']['results'] !== null) {
            array_push($job['all'], ...$res['attack']['subjects']);
            array_push($job['ecma'], ...$res['attack']['results']);
        }
    }
    unset($job);
    $expected = [];
    foreach ($jobs as $k => $job) {
        if (!isset($job['all'])) {
            continue;
        }
        $expected[$k] = array_map(static fn (string $s): ?bool => ($r = @preg_match($job['source'], $s)) === false ? null : $r === 1, $job['all']);
        if ($job['end_only']) {
            // PCRE's own verdict with `$` read as under D; it may differ from
            // the exact one only by refusing a subject ending in "\n".
            $exact = $expected[$k];
            $expected[$k] = array_map(static fn (string $s): ?bool => ($r = @preg_match($job['source'] . 'D', $s)) === false ? null : $r === 1, $job['all']);
            foreach ($job['all'] as $i => $s) {
                if ($exact[$i] === null || $expected[$k][$i] === null || $exact[$i] === $expected[$k][$i]) {
                    continue;
                }
                if ($exact[$i] && !$expected[$k][$i] && str_ends_with($s, "\n")) {
                    $refusedD++;
                } else {
                    $failures[] = sprintf('D changes the verdict of %s on %s otherwise than by a final newline', json_encode($job['source'], JSON_UNESCAPED_SLASHES), json_encode($s));
                }
            }
        }
    }
    // The same subjects through the PCRE2 interpreter (no JIT).
    $payload = [];
    foreach ($expected as $k => $_) {
        $payload[] = ['source' => $jobs[$k]['source'] . ($jobs[$k]['end_only'] ? 'D' : ''), 'subjects' => $jobs[$k]['all']];
    }
    file_put_contents($in, json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES));
    $cmd = escapeshellarg(PHP_BINARY) . ' -d pcre.jit=0 -d memory_limit=2G ' . escapeshellarg(__FILE__) . ' --eval ' . escapeshellarg($in) . ' ' . escapeshellarg($out);
    exec($cmd, $ignored, $status);
    if ($status !== 0) {
        fwrite(STDERR, "interpreter child failed ($status)\n");
        exit(2);
    }
    $interpreter = array_combine(array_keys($expected), json_decode((string) file_get_contents($out), true, 512, JSON_THROW_ON_ERROR));
    unlink($in);
    unlink($out);
    foreach ($jobs as $k => $job) {
        $res = $job['node'];
        if (isset($res['error'])) {
            $failures[] = sprintf('node cannot compile %s (from %s): %s', json_encode($job['pattern']), json_encode($job['source']), $res['error']);
            continue;
        }
        if ($res['timeout']) {
            $timeouts[] = $job['source'];
            $failures[] = sprintf('node timed out on the subjects of %s -> %s', json_encode($job['source'], JSON_UNESCAPED_SLASHES), json_encode($job['pattern'], JSON_UNESCAPED_SLASHES));
            continue;
        }
        if (isset($res['attack'])) {
            $attackStrings += $res['attack']['strings'];
            $attackMax = max($attackMax, $res['attack']['ms']);
            if ($res['attack']['timeout']) {
                $timeouts[] = $job['source'];
                $failures[] = sprintf('attack strings time out (%d ms limit) on %s -> %s', $opts['limit-ms'], json_encode($job['source'], JSON_UNESCAPED_SLASHES), json_encode($job['pattern'], JSON_UNESCAPED_SLASHES));
            }
        }
        $bad = 0;
        foreach ($job['all'] as $i => $s) {
            $want = $expected[$k][$i];
            if ($want === null) {
                continue; // preg_match failed at run time (backtrack limit): not comparable
            }
            $checks++;
            if ($interpreter[$k][$i] !== null && $interpreter[$k][$i] !== $want) {
                $failures[] = sprintf('PCRE JIT and interpreter disagree on %s for %s', json_encode($job['source'], JSON_UNESCAPED_SLASHES), json_encode($s));
            }
            if ($job['ecma'][$i] !== $want && $bad++ < 3) {
                $failures[] = sprintf(
                    "mismatch %s -> %s on %s: preg=%s ecma=%s",
                    json_encode($job['source'] . ($job['end_only'] ? ' (as with D)' : ''), JSON_UNESCAPED_SLASHES),
                    json_encode($job['pattern'], JSON_UNESCAPED_SLASHES),
                    json_encode(mb_strlen($s) > 80 ? mb_substr($s, 0, 60) . '...(' . mb_strlen($s) . ' chars)' : $s),
                    $want ? 'match' : 'no',
                    $job['ecma'][$i] ? 'match' : 'no',
                );
            }
        }
    }
}

ksort($skipped);
printf("regex differential (%s, PCRE2 %s): %d patterns, %d emitted, %d skipped, %d subject checks\n", $name, Pcre::version(), count($corpus['patterns']), count($emitted), array_sum($skipped), $checks);
printf("  end-only translations (\$ as under D) differing from the exact one: %d; subjects they refuse for a final newline only: %d\n", $emittedD, $refusedD);
printf("  coverage: %d of %d patterns emitted (%.1f %%), %d of the %d this PCRE2 compiles (%.1f %%)\n",
    count($emitted), count($corpus['patterns']), 100 * count($emitted) / max(1, count($corpus['patterns'])),
    count($emitted), $compiled, 100 * count($emitted) / max(1, $compiled));
foreach ($skipped as $code => $n) {
    printf("  skipped %-28s %d\n", $code, $n);
}
if ($opts['attack']) {
    printf("  attack strings: %d on %d emitted patterns, slowest pattern %.0f ms, %d timeouts (limit %d ms per pattern)\n", $attackStrings, count($jobs), $attackMax, count($timeouts), $opts['limit-ms']);
}
$lookCount = array_sum(array_map('count', $looks));
printf("  emitted with a lookaround, backreference or named group: %d\n", $lookCount);
ksort($looks);
foreach ($looks as $reason => $sources) {
    printf("    %3d  %s\n", count($sources), $reason);
    foreach ($sources as $source) {
        $shown = json_encode($source, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        printf("           %s\n", mb_strlen($shown) > 100 ? mb_substr($shown, 0, 97) . '...' : $shown);
    }
}
printf("  PHP translation time: %.0f ms for %d patterns\n", $translateMs, count($corpus['patterns']));
foreach ($notes as $note) {
    echo "  note: $note\n";
}
if ($failures !== []) {
    echo count($failures), " failure(s):\n";
    foreach (array_slice($failures, 0, 60) as $f) {
        echo "  FAIL $f\n";
    }
    exit(1);
}
echo "OK\n";
