<?php

// Converts PCRE2's own test suite (testdata/testinput1, 2, 4 and 5 of a PCRE2
// source tree, which the repository does not ship) into a corpus for
// tests/regex/differential.php (the format of corpus.json):
//   php tests/regex/pcre2_suite.php PCRE2-TESTDATA-DIR > target/regex-pcre2.json
// Each pattern keeps its delimiter and the pcre2test modifiers PHP has: i m s
// x n, utf -> u, dollar_endonly -> D, anchored -> A, ungreedy -> U. Modifiers
// that only change what pcre2test prints (I, B, g, aftertext, jit, ...) are
// ignored; a pattern with any other modifier (no PHP equivalent: ucp without
// utf, newline=, caseless_restrict, ...) or a #-directive that changes the
// compile context is left out. Subject lines become the pattern's subjects
// (escapes \t \n \r \xhh \x{h..} \\ decoded; modifiers after \= dropped;
// invalid UTF-8 dropped). Duplicate sources are kept once.
declare(strict_types=1);

$dir = $argv[1] ?? '';
if ($dir === '' || !is_dir($dir)) {
    fwrite(STDERR, "usage: php tests/regex/pcre2_suite.php PCRE2-TESTDATA-DIR\n");
    exit(2);
}
$base = json_decode((string) file_get_contents(__DIR__ . '/corpus.json'), true, 512, JSON_THROW_ON_ERROR);

$map = ['i' => 'i', 'm' => 'm', 's' => 's', 'x' => 'x', 'n' => 'n', 'utf' => 'u', 'dollar_endonly' => 'D',
    'anchored' => 'A', 'ungreedy' => 'U', 'caseless' => 'i', 'multiline' => 'm', 'dotall' => 's',
    'extended' => 'x', 'no_auto_capture' => 'n'];
$ignored = ['I', 'B', 'g', 'G', 'aftertext', 'allaftertext', 'jit', 'info', 'mark', 'jitverify', 'fullbincode',
    'debug', 'allcaptures', 'altglobal', 'global', 'startchar', 'replace', 'substitute_extended', 'memory',
    'no_start_optimize', 'no_auto_possess', 'no_dotstar_anchor', 'auto_callout', 'callout_info',
    'push', 'pushcopy', 'stackguard', 'bincode', 'framesize', 'locale', 'tables', 'posix', 'posix_nosub'];
$decode = static function (string $s): string {
    return (string) preg_replace_callback('/\\\\(?:x\{([0-9a-fA-F]+)\}|x([0-9a-fA-F]{1,2})|([tnrfae\\\\$"?]))/',
        static function (array $m): string {
            if (($m[1] ?? '') !== '') {
                $cp = hexdec($m[1]);
                return $cp <= 0x10FFFF && ($cp < 0xD800 || $cp > 0xDFFF) ? mb_chr((int) $cp, 'UTF-8') : "\u{FFFD}";
            }
            if (($m[2] ?? '') !== '') {
                $b = hexdec($m[2]);
                return $b < 0x80 ? \chr((int) $b) : mb_chr((int) $b, 'UTF-8');
            }
            return ['t' => "\t", 'n' => "\n", 'r' => "\r", 'f' => "\f", 'a' => "\x07", 'e' => "\x1b"][$m[3]] ?? $m[3];
        }, $s);
};
$patterns = [];
$left = 0;
foreach (['testinput1', 'testinput2', 'testinput4', 'testinput5'] as $file) {
    $lines = file("$dir/$file", FILE_IGNORE_NEW_LINES);
    if ($lines === false) {
        fwrite(STDERR, "cannot read $dir/$file\n");
        exit(1);
    }
    $n = \count($lines);
    $skipFile = false;
    for ($i = 0; $i < $n; $i++) {
        $line = $lines[$i];
        if (str_starts_with($line, '#pattern') || str_starts_with($line, '#newline_default') || str_starts_with($line, '#subject')) {
            // A directive that changes every following pattern's compile context.
            if (str_starts_with($line, '#pattern') || str_starts_with($line, '#subject')) {
                $skipFile = trim($line) !== '#pattern' && trim($line) !== '#subject';
            }
            continue;
        }
        if ($line === '' || $line[0] === '#' || ctype_space($line[0]) || str_starts_with($line, '\\=')) {
            continue;
        }
        $delim = $line[0];
        if (ctype_alnum($delim) || $delim === '\\') {
            continue;
        }
        // Read until an unescaped closing delimiter.
        $text = substr($line, 1);
        $body = null;
        while (true) {
            $esc = false;
            for ($k = 0, $len = \strlen($text); $k < $len; $k++) {
                if ($esc) {
                    $esc = false;
                } elseif ($text[$k] === '\\') {
                    $esc = true;
                } elseif ($text[$k] === $delim) {
                    $body = substr($text, 0, $k);
                    $mods = substr($text, $k + 1);
                    break 2;
                }
            }
            if (++$i >= $n) {
                break 2;
            }
            $text .= "\n" . $lines[$i];
        }
        $subjects = [];
        while ($i + 1 < $n && $lines[$i + 1] !== '' && ctype_space($lines[$i + 1][0])) {
            $s = ltrim($lines[++$i]);
            $s = (string) preg_replace('/\\\\=.*$/s', '', $s);
            $s = $decode($s);
            if (preg_match('//u', $s) === 1) {
                $subjects[] = $s;
            }
        }
        if ($skipFile) {
            $left++;
            continue;
        }
        $php = '';
        $ok = true;
        $list = trim($mods);
        $items = $list === '' ? [] : explode(',', $list);
        foreach ($items as $j => $item) {
            $item = trim($item);
            if ($j === 0 && preg_match('/^[imsxnBIgG]+$/', $item) && !isset($map[$item]) && !\in_array($item, $ignored, true)) {
                // Single-letter modifiers run together (`is`, `Bi`).
                foreach (str_split($item) as $c) {
                    if (isset($map[$c])) {
                        $php .= $map[$c];
                    }
                }
                continue;
            }
            if (isset($map[$item])) {
                $php .= $map[$item];
            } elseif (!\in_array($item, $ignored, true)) {
                $ok = false;
            }
        }
        if (!$ok || preg_match('//u', $body) !== 1) {
            $left++;
            continue;
        }
        $source = $delim . $body . $delim . implode('', array_unique(str_split($php === '' ? '' : $php) ?: []));
        if (isset($patterns[$source])) {
            $patterns[$source]['subjects'] = array_values(array_unique(array_merge($patterns[$source]['subjects'], $subjects)));
            continue;
        }
        $patterns[$source] = ['source' => $source, 'subjects' => array_values(array_unique($subjects))];
    }
}
fwrite(STDERR, \count($patterns) . " patterns, $left left out\n");
echo json_encode(['traps' => $base['traps'], 'affixes' => $base['affixes'], 'patterns' => array_values($patterns)],
    JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
