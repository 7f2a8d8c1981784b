<?php

// Regenerates the Unicode property tables (src/ucd_*.rs and
// php/src/Ucd*.php) from PHP's own PCRE2, as build_casefold.php does for
// case folding: every table is the set of code points that preg_match() with
// the u modifier matches with the property, read over all code points, and is
// checked again (every composite against the union of its parts).
// One pair of files per claimed PCRE2 version, from a PHP that runs it. The
// first version is the base, whose files hold every table: src/ucd_10_42.rs
// and php/src/Ucd1042.php from PHP 8.2 (PCRE2 10.42, Unicode 14). A later
// version's files hold, per table, only the code points it removes from and
// adds to the committed base, which ucd::tables() / Ucd::tables() apply:
// src/ucd_10_46.rs and php/src/Ucd1046.php from PHP 8.4 on Debian 13 (PCRE2
// 10.46, Unicode 16: scripts/trixie.sh run). So regenerate the base first,
// then every later version. The run ends by checking that the library's
// assembled tables are the ones it read.
// Usage: php tests/regex/build_ucd.php   (needs mbstring; ~10 s)
declare(strict_types=1);

use ToolSchema\Regex\Ucd;

ini_set('memory_limit', '2G');
// The claimed versions, the base first.
$versions = ['10.42' => 'Unicode 14, PHP 8.2', '10.46' => 'Unicode 16, PHP 8.4 on Debian 13'];
$base = array_key_first($versions);
$version = explode(' ', PCRE_VERSION)[0];
if (!isset($versions[$version])) {
    fwrite(STDERR, 'tables are made for the claimed PCRE2 versions (' . implode(', ', array_keys($versions)) . '); this PHP has ' . PCRE_VERSION . "\n");
    exit(1);
}
require __DIR__ . '/../../php/autoload.php';
$tag = str_replace('.', '_', $version);
$classTag = str_replace('.', '', $version);
$about = $versions[$version];

// Every valid code point (no surrogates), and the code point at each byte offset.
$all = '';
$cpAt = [];
for ($cp = 0; $cp <= 0x10FFFF; $cp++) {
    if ($cp >= 0xD800 && $cp <= 0xDFFF) {
        continue;
    }
    $cpAt[\strlen($all)] = $cp;
    $all .= mb_chr($cp, 'UTF-8');
}

/** @return list<array{0: int, 1: int}> ranges of the code points $class matches */
$probe = static function (string $class, string $flags = 'u') use ($all, $cpAt): array {
    if (preg_match_all('/' . $class . '/' . $flags, $all, $m, PREG_OFFSET_CAPTURE) === false) {
        fwrite(STDERR, "cannot probe $class\n");
        exit(1);
    }
    $ranges = [];
    foreach ($m[0] as [, $offset]) {
        $cp = $cpAt[$offset];
        $n = \count($ranges);
        if ($n > 0 && $ranges[$n - 1][1] === $cp - 1) {
            $ranges[$n - 1][1] = $cp;
        } else {
            $ranges[] = [$cp, $cp];
        }
    }
    return $ranges;
};
$union = static function (array ...$tables): array {
    $all = array_merge(...$tables);
    sort($all);
    $out = [];
    foreach ($all as [$lo, $hi]) {
        $n = \count($out);
        if ($n > 0 && $lo <= $out[$n - 1][1] + 1) {
            $out[$n - 1][1] = max($out[$n - 1][1], $hi);
        } else {
            $out[] = [$lo, $hi];
        }
    }
    return $out;
};

// General categories (leaves), then what PCRE2 builds from them.
$leaves = ['Cc', 'Cf', 'Cn', 'Co', 'Cs', 'Ll', 'Lm', 'Lo', 'Lt', 'Lu', 'Mc', 'Me', 'Mn', 'Nd', 'Nl', 'No',
    'Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Po', 'Ps', 'Sc', 'Sk', 'Sm', 'So', 'Zl', 'Zp', 'Zs'];
$tables = [];
foreach ($leaves as $name) {
    $tables[$name] = $probe('\p{' . $name . '}');
}
$check = static function (string $what, array $expected, array $actual): void {
    if ($expected !== $actual) {
        fwrite(STDERR, "$what: PCRE2 differs from the tables\n");
        exit(1);
    }
};
$major = [];
foreach (['C', 'L', 'M', 'N', 'P', 'S', 'Z'] as $m) {
    $parts = array_values(array_filter($leaves, static fn (string $l): bool => $l[0] === $m));
    $major[$m] = $parts;
    $check("\\p{$m}", $union(...array_map(static fn (string $l): array => $tables[$l], $parts)), $probe('\p{' . $m . '}'));
}
$check('\p{L&}', $union($tables['Ll'], $tables['Lt'], $tables['Lu']), $probe('\p{L&}'));
$letters = $union(...array_map(static fn (string $l): array => $tables[$l], $major['L']));
$numbers = $union(...array_map(static fn (string $l): array => $tables[$l], $major['N']));
// \w under UCP: L, N and _ in 10.42; L, N, Mn and Pc (which holds _) from 10.43.
$word = $version === '10.42' ? $union($letters, $numbers, [[0x5F, 0x5F]]) : $union($letters, $numbers, $tables['Mn'], $tables['Pc']);
$check('\w', $word, $probe('\w'));
$check('\p{Xwd}', $word, $probe('\p{Xwd}'));
$check('\p{Xan}', $union($letters, $numbers), $probe('\p{Xan}'));
$check('[[:alpha:]]', $letters, $probe('[[:alpha:]]'));
$check('[[:alnum:]]', $union($letters, $numbers), $probe('[[:alnum:]]'));
$check('[[:word:]]', $word, $probe('[[:word:]]'));
$check('\d', $tables['Nd'], $probe('\d'));
$check('[[:digit:]]', $tables['Nd'], $probe('[[:digit:]]'));
// The white space classes are constants in charset.rs / CharSet.php.
$check('\s', [[0x9, 0xD], [0x20, 0x20], [0x85, 0x85], [0xA0, 0xA0], [0x1680, 0x1680], [0x180E, 0x180E], [0x2000, 0x200A], [0x2028, 0x2029], [0x202F, 0x202F], [0x205F, 0x205F], [0x3000, 0x3000]], $probe('\s'));
$check('\h', [[0x9, 0x9], [0x20, 0x20], [0xA0, 0xA0], [0x1680, 0x1680], [0x180E, 0x180E], [0x2000, 0x200A], [0x202F, 0x202F], [0x205F, 0x205F], [0x3000, 0x3000]], $probe('\h'));
$check('\v', [[0xA, 0xD], [0x85, 0x85], [0x2028, 0x2029]], $probe('\v'));
$check('[[:lower:]]', $tables['Ll'], $probe('[[:lower:]]'));
$check('[[:upper:]]', $tables['Lu'], $probe('[[:upper:]]'));
$check('\p{Any}', [[0, 0xD7FF], [0xE000, 0x10FFFF]], $probe('\p{Any}'));
// The POSIX classes PCRE2 defines by its own rules under UCP, and the
// remaining special properties: kept as probed.
$special = [];
foreach (['graph' => '[[:graph:]]', 'print' => '[[:print:]]', 'punct' => '[[:punct:]]', 'xdigit' => '[[:xdigit:]]',
    'Xps' => '\p{Xps}', 'Xsp' => '\p{Xsp}', 'Xuc' => '\p{Xuc}'] as $name => $class) {
    $special[$name] = $probe($class);
}
// Caseless matching: in 10.42 it changes no property; from 10.45 on
// \p{Lu}, \p{Ll} and \p{Lt} (and their negations) are \p{L&} (charset.rs
// reads them so). POSIX classes and every other property stay as they are.
$cased = $union($tables['Ll'], $tables['Lt'], $tables['Lu']);
$complement = static function (array $r): array {
    $out = [];
    $next = 0;
    foreach ($r as [$lo, $hi]) {
        if ($lo > $next) {
            $out[] = [$next, $lo - 1];
        }
        $next = $hi + 1;
    }
    if ($next <= 0x10FFFF) {
        $out[] = [$next, 0x10FFFF];
    }
    // Surrogates are not in the probed string.
    $res = [];
    foreach ($out as [$lo, $hi]) {
        foreach ([[$lo, min($hi, 0xD7FF)], [max($lo, 0xE000), $hi]] as [$a, $b]) {
            if ($a <= $b) {
                $res[] = [$a, $b];
            }
        }
    }
    return $res;
};
foreach (['Lu', 'Ll', 'Lt'] as $gc) {
    $expected = $version === '10.42' ? $tables[$gc] : $cased;
    $check("\\p{{$gc}}/iu", $expected, $probe('\p{' . $gc . '}', 'iu'));
    $check("\\P{{$gc}}/iu", $complement($expected), $probe('\P{' . $gc . '}', 'iu'));
    $check("\\p{^{$gc}}/iu", $complement($expected), $probe('\p{^' . $gc . '}', 'iu'));
    $check("[\\p{{$gc}}]/iu", $expected, $probe('[\p{' . $gc . '}]', 'iu'));
    $check("[^\\p{{$gc}}]/iu", $complement($expected), $probe('[^\p{' . $gc . '}]', 'iu'));
}
foreach (['\p{L&}', '\p{L}', '\p{Lo}', '\p{Lm}', '\p{Nd}', '[[:lower:]]', '[[:upper:]]', '[[:alpha:]]', '\w', '\p{Xwd}', '[[:punct:]]', '[[:xdigit:]]'] as $class) {
    $check("$class/iu", $probe($class), $probe($class, 'iu'));
}

// What the library returns: the leaf categories under `gc`, then the other
// tables by their (lowercase) names.
$read = ['gc' => $tables];
foreach ($special as $name => $ranges) {
    $read[strtolower($name)] = $ranges;
}
$baseTag = str_replace('.', '_', $base);
$baseClassTag = str_replace('.', '', $base);
$rust = "//! Unicode property tables of PCRE2 $version ($about):\n"
    . "//! the code points `preg_match()` matches under `/u` for each general category\n"
    . "//! (`\\p{Lu}`...), and the few classes PCRE2 defines by its own rules.\n";
$php = "<?php\n\ndeclare(strict_types=1);\n\nnamespace ToolSchema\\Regex;\n\n"
    . "/**\n * Unicode property tables of PCRE2 $version ($about):\n"
    . " * the code points preg_match() matches under /u for each general category\n"
    . " * (`\\p{Lu}`...), and the few classes PCRE2 defines by its own rules.\n";
if ($version === $base) {
    $later = array_slice(array_keys($versions), 1);
    $rust .= "//! The base tables: the later versions' files ("
        . implode(', ', array_map(static fn (string $v): string => 'ucd_' . str_replace('.', '_', $v) . '.rs', $later))
        . ") hold only their differences from them.\n";
    $php .= " * The base tables: the later versions' files ("
        . implode(', ', array_map(static fn (string $v): string => 'Ucd' . str_replace('.', '', $v) . '.php', $later))
        . ") hold only their differences from them.\n";
} else {
    $rust .= "//! Written as the code points each table removes from and adds to $base's\n"
        . "//! (ucd_$baseTag.rs), which `ucd::tables()` applies.\n";
    $php .= " * Written as the code points each table removes from and adds to $base's\n"
        . " * (Ucd$baseClassTag.php), which Ucd::tables() applies.\n";
}
$rust .= "//! Generated by tests/regex/build_ucd.php (read from and verified against preg_match); do not edit.\n"
    . "//! Mirrors `php/src/Ucd$classTag.php`.\n\n";
$php .= " * Generated by tests/regex/build_ucd.php (read from and verified against preg_match); do not edit.\n"
    . " * Mirrors `src/ucd_$tag.rs`.\n *\n * @internal\n */\nfinal class Ucd$classTag\n{\n";
$hex = static fn (array $r): string => sprintf('0x%X, 0x%X', $r[0], $r[1]);
$rustRanges = static fn (array $ranges): string => '&[' . implode(', ', array_map(static fn (array $r): string => '(' . $hex($r) . ')', $ranges)) . ']';
$phpRanges = static fn (array $ranges): string => '[' . implode(', ', array_map(static fn (array $r): string => '[' . $hex($r) . ']', $ranges)) . ']';
if ($version === $base) {
    $rust .= "use super::ucd::Tables;\n\n";
    $emit = static function (string $name, array $ranges) use (&$rust, &$php, $rustRanges, $phpRanges): void {
        $rust .= '#[rustfmt::skip]' . "\npub const " . strtoupper($name) . ': &[(u32, u32)] = ' . $rustRanges($ranges) . ";\n";
        $php .= '    public const ' . strtoupper($name) . ' = ' . $phpRanges($ranges) . ";\n";
    };
    foreach ($leaves as $name) {
        $emit('gc_' . $name, $tables[$name]);
    }
    foreach ($special as $name => $ranges) {
        $emit('special_' . $name, $ranges);
    }
    $rust .= "\n/// The leaf general categories, by name.\npub const GC: &[(&str, &[(u32, u32)])] = &[\n";
    $php .= "\n    /** The leaf general categories, by name. */\n    public const GC = [\n";
    foreach ($leaves as $name) {
        $rust .= sprintf("    (\"%s\", GC_%s),\n", $name, strtoupper($name));
        $php .= sprintf("        '%s' => self::GC_%s,\n", $name, strtoupper($name));
    }
    $rust .= "];\n\n/// The tables of this version, for `ucd::tables()`.\npub const TABLES: Tables = Tables {\n    gc: GC,\n";
    $php .= "    ];\n\n    /** The tables of this version, for Ucd::tables(). */\n    public const TABLES = [\n        'gc' => self::GC,\n";
    foreach (array_keys($special) as $name) {
        $rust .= sprintf("    %s: SPECIAL_%s,\n", strtolower($name), strtoupper($name));
        $php .= sprintf("        '%s' => self::SPECIAL_%s,\n", strtolower($name), strtoupper($name));
    }
    $rust .= "};\n";
    $php .= "    ];\n";
} else {
    // The code points of $a that are not in $b (both range tables).
    $minus = static function (array $a, array $b): array {
        $out = [];
        $j = 0;
        $n = \count($b);
        foreach ($a as [$lo, $hi]) {
            while ($j < $n && $b[$j][1] < $lo) {
                $j++;
            }
            for ($k = $j; $lo <= $hi; $k++) {
                if ($k === $n || $b[$k][0] > $hi) {
                    $out[] = [$lo, $hi];
                    break;
                }
                if ($b[$k][0] > $lo) {
                    $out[] = [$lo, $b[$k][0] - 1];
                }
                $lo = $b[$k][1] + 1;
            }
        }
        return $out;
    };
    $named = static fn (array $t): array => $t['gc'] + array_diff_key($t, ['gc' => true]);
    $old = $named(Ucd::tables($base));
    $new = $named($read);
    $rust .= "use super::ucd::Changes;\n\n";
    $changes = static function (string $name, string $doc, callable $diff) use (&$rust, &$php, $old, $new, $rustRanges, $phpRanges): void {
        $rust .= '/// ' . sprintf($doc, 'a field of `ucd::Tables`') . "\n#[rustfmt::skip]\npub const $name: Changes = &[\n";
        $php .= '    /** ' . sprintf($doc, 'a key of Ucd::tables()') . " */\n    public const $name = [\n";
        foreach ($new as $table => $ranges) {
            $d = $diff($old[$table], $ranges);
            if ($d !== []) {
                $rust .= "    (\"$table\", " . $rustRanges($d) . "),\n";
                $php .= "        '$table' => " . $phpRanges($d) . ",\n";
            }
        }
        $rust .= "];\n";
        $php .= "    ];\n";
    };
    $changes('REMOVED', "Per table (a leaf category, or %s), the code points $base has and $version does not.",
        static fn (array $o, array $n): array => $minus($o, $n));
    $rust .= "\n";
    $php .= "\n";
    $changes('ADDED', "Per table, the code points $version has and $base does not.",
        static fn (array $o, array $n): array => $minus($n, $o));
}
$php .= "}\n";
$rustPath = __DIR__ . "/../../src/ucd_$tag.rs";
if ($version === $base && is_file($rustPath) && file_get_contents($rustPath) !== $rust) {
    echo "the base tables changed: regenerate the later versions' files on their PHP\n";
}
file_put_contents($rustPath, $rust);
file_put_contents(__DIR__ . "/../../php/src/Ucd$classTag.php", $php);
// The library assembles exactly the tables read (the file just written is
// loaded now, for the first time in this run).
if (Ucd::tables($version) !== $read) {
    fwrite(STDERR, "Ucd::tables('$version') differs from the tables read\n");
    exit(1);
}
$count = array_sum(array_map('count', $tables)) + array_sum(array_map('count', $special));
echo \count($leaves) + \count($special), " tables, $count ranges written\n";
