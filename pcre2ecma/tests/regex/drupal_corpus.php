<?php

// Extracts Drupal core's own validation patterns from an unpacked Drupal core
// tree (scripts/deps.sh drupal-core-10.6.15) and writes a corpus for
// tests/regex/differential.php: {traps, affixes, patterns: [{source, subjects, origins}]}.
//
// Usage: php tests/regex/drupal_corpus.php CORE_DIR SYMFONY_DIR > target/regex-drupal.json
//
// What counts as a validation pattern (files under tests/ and Tests/ are left out):
//  1. `Regex` constraints in config schema YAML (`*.schema.yml`, parsed with
//     Symfony's YAML component from SYMFONY_DIR): the string form and `pattern:`.
//  2. `Regex` constraints in PHP: `'Regex' => '...'`, `'Regex' => ['pattern' => '...']`,
//     `addConstraint('Regex', ...)`, `new Regex('...')`.
//  3. `'#pattern' => '...'` (code and doc comments), as FormElementBase::validatePattern()
//     wraps it: `{^(?:PATTERN)$}`; `'replace_pattern' => '...'` of machine-name
//     elements, as MachineName::validateMachineName() uses it: `@PATTERN@`.
//  4. `preg_match()` used as a test: its result is used (not a bare statement),
//     and its pattern is a string literal, a class constant, or a concatenation of
//     those (constants resolved across the tree, `self::`/`static::` included).
// Subjects: a few realistic strings per pattern are added by the differential
// test's generator (tests/regex/ecma_tool.js) from the emitted pattern; here only
// the global traps.
declare(strict_types=1);

ini_set('memory_limit', '1G');
[$core, $symfony] = [$argv[1] ?? '', $argv[2] ?? ''];
if (!is_dir($core) || !is_dir($symfony . '/src/Symfony/Component/Yaml')) {
    fwrite(STDERR, "usage: php drupal_corpus.php CORE_DIR SYMFONY_DIR\n");
    exit(2);
}
spl_autoload_register(static function (string $class) use ($symfony): void {
    $prefix = 'Symfony\\Component\\Yaml\\';
    if (str_starts_with($class, $prefix)) {
        require $symfony . '/src/Symfony/Component/Yaml/' . str_replace('\\', '/', substr($class, \strlen($prefix))) . '.php';
    }
});

/** @var array<string, list<string>> $found source => origins */
$found = [];
$add = static function (string $source, string $origin) use (&$found): void {
    $found[$source][] = $origin;
};

$files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($core, FilesystemIterator::SKIP_DOTS));
$yaml = [];
$php = [];
foreach ($files as $file) {
    $path = $file->getPathname();
    $rel = substr($path, \strlen(rtrim($core, '/')) + 1);
    if (preg_match('{(^|/)(tests|Tests)/}', $rel)) {
        continue;
    }
    if (str_ends_with($rel, '.schema.yml')) {
        $yaml[] = $rel;
    } elseif (preg_match('/\.(php|module|inc|install|theme|profile|engine)$/', $rel)) {
        $php[] = $rel;
    }
}
sort($yaml);
sort($php);

// 1. Config schema YAML.
$walk = static function (mixed $node, string $origin) use (&$walk, $add): void {
    if (!\is_array($node)) {
        return;
    }
    foreach ($node as $key => $value) {
        if ($key === 'constraints' && \is_array($value) && array_key_exists('Regex', $value)) {
            $regex = $value['Regex'];
            if (\is_string($regex)) {
                $add($regex, $origin . ' (Regex)');
            } elseif (\is_array($regex) && \is_string($regex['pattern'] ?? null)) {
                $add($regex['pattern'], $origin . ' (Regex' . (($regex['match'] ?? true) === false ? ', match: false' : '') . ')');
            }
        }
        $walk($value, $origin);
    }
};
foreach ($yaml as $rel) {
    $walk(Symfony\Component\Yaml\Yaml::parseFile($core . '/' . $rel), $rel);
}

// PHP: tokens without whitespace and comments (doc comments kept for #pattern).
/** @return list<array{0: int|string, 1: string, 2: int}> */
$tokens = static function (string $code): array {
    $out = [];
    foreach (token_get_all($code) as $t) {
        if (\is_string($t)) {
            $out[] = [$t, $t, 0];
        } elseif (!\in_array($t[0], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT], true)) {
            $out[] = [$t[0], $t[1], $t[2]];
        }
    }
    return $out;
};
// The value of a T_CONSTANT_ENCAPSED_STRING literal (no interpolation inside).
$unquote = static function (string $literal): ?string {
    $q = $literal[0] ?? '';
    if (($q !== "'" && $q !== '"') || \strlen($literal) < 2 || $literal[-1] !== $q) {
        return null;
    }
    $body = substr($literal, 1, -1);
    if ($q === "'") {
        return preg_replace('/\\\\([\\\\\'])/', '$1', $body);
    }
    return preg_replace_callback('/\\\\(?:([nrtvef\\\\$"])|([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|u\{([0-9A-Fa-f]+)\})/', static function (array $m): string {
        if (($m[1] ?? '') !== '') {
            return ['n' => "\n", 'r' => "\r", 't' => "\t", 'v' => "\v", 'e' => "\e", 'f' => "\f", '\\' => '\\', '$' => '$', '"' => '"'][$m[1]];
        }
        if (($m[2] ?? '') !== '') {
            return \chr(octdec($m[2]) & 0xFF);
        }
        if (($m[3] ?? '') !== '') {
            return \chr((int) hexdec($m[3]));
        }
        return mb_chr((int) hexdec($m[4]), 'UTF-8');
    }, $body);
};

// The scope at a token: namespace, `use` imports, class and brace depth. A
// new scope starts as $scope0; $enter() moves it past token $i, true when
// that token only changed the scope.
$scope0 = ['ns' => '', 'uses' => [], 'class' => null, 'depth' => 0, 'classDepth' => -1];
$enter = static function (array $toks, int $i, array &$s): bool {
    [$id, $text] = $toks[$i];
    if ($id === T_NAMESPACE && $s['depth'] === 0) {
        $s['ns'] = $toks[$i + 1][1] ?? '';
        return true;
    }
    if ($id === T_USE && $s['depth'] === 0) {
        $name = ltrim($toks[$i + 1][1] ?? '', '\\');
        $alias = substr($name, (int) strrpos('\\' . $name, '\\'));
        if (($toks[$i + 2][0] ?? null) === T_AS) {
            $alias = $toks[$i + 3][1] ?? $alias;
        }
        $s['uses'][$alias] = $name;
        return true;
    }
    if (\in_array($id, [T_CLASS, T_INTERFACE, T_TRAIT, T_ENUM], true) && ($toks[$i - 1][0] ?? null) !== T_DOUBLE_COLON && ($toks[$i + 1][0] ?? null) === T_STRING) {
        $s['class'] = ($s['ns'] !== '' ? $s['ns'] . '\\' : '') . $toks[$i + 1][1];
        $s['classDepth'] = $s['depth'];
        return true;
    }
    if ($text === '{' || $id === T_CURLY_OPEN || $id === T_DOLLAR_OPEN_CURLY_BRACES) {
        $s['depth']++;
        return true;
    }
    if ($text === '}') {
        $s['depth']--;
        if ($s['depth'] === $s['classDepth']) {
            $s['class'] = null;
            $s['classDepth'] = -1;
        }
        return true;
    }
    return false;
};

// An argument or value: the tokens from $j up to `,` `)` `]` `;` at depth 0.
$operand = static function (array $toks, int $j): array {
    $n = \count($toks);
    $expr = [];
    $level = 0;
    while ($j < $n) {
        $t = $toks[$j][1];
        if ($level === 0 && \in_array($t, [',', ')', ']', ';'], true)) {
            break;
        }
        $level += \in_array($t, ['(', '['], true) ? 1 : (\in_array($t, [')', ']'], true) ? -1 : 0);
        $expr[] = $toks[$j];
        $j++;
    }
    return $expr;
};

// Pass 1: class constants (FQCN::NAME => expression tokens) and per-file context.
$constants = [];
foreach ($php as $rel) {
    $code = (string) file_get_contents($core . '/' . $rel);
    $toks = $tokens($code);
    $s = $scope0;
    $n = \count($toks);
    for ($i = 0; $i < $n; $i++) {
        if ($enter($toks, $i, $s)) {
            continue;
        }
        if ($toks[$i][0] === T_CONST && $s['class'] !== null && $s['depth'] === $s['classDepth'] + 1) {
            $j = $i + 1;
            while (true) {
                $name = $toks[$j][1] ?? '';
                $j += 2; // name =
                $expr = $operand($toks, $j);
                $j += \count($expr);
                $constants[$s['class'] . '::' . $name] = ['expr' => $expr, 'ns' => $s['ns'], 'uses' => $s['uses'], 'class' => $s['class']];
                if (($toks[$j][1] ?? ';') !== ',') {
                    break;
                }
                $j++;
            }
        }
    }
}

// Evaluates string literals, class constants and `.` (null when anything else occurs).
$resolveClass = static function (string $name, array $ctx): string {
    if ($name === 'self' || $name === 'static') {
        return (string) $ctx['class'];
    }
    if ($name[0] === '\\') {
        return substr($name, 1);
    }
    $first = explode('\\', $name)[0];
    if (isset($ctx['uses'][$first])) {
        return $ctx['uses'][$first] . substr($name, \strlen($first));
    }
    return ($ctx['ns'] !== '' ? $ctx['ns'] . '\\' : '') . $name;
};
$evaluate = static function (array $expr, array $ctx, int $depth = 0) use (&$evaluate, &$constants, $resolveClass, $unquote): ?string {
    if ($expr === [] || $depth > 10) {
        return null;
    }
    $out = '';
    $expectValue = true;
    $n = \count($expr);
    for ($i = 0; $i < $n; $i++) {
        [$id, $text] = $expr[$i];
        if ($expectValue) {
            if ($id === T_CONSTANT_ENCAPSED_STRING) {
                $v = $unquote($text);
            } elseif (\in_array($id, [T_STRING, T_STATIC, T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED], true) && ($expr[$i + 1][0] ?? null) === T_DOUBLE_COLON && ($expr[$i + 2][0] ?? null) === T_STRING) {
                $key = $resolveClass($text, $ctx) . '::' . $expr[$i + 2][1];
                $c = $constants[$key] ?? null;
                $v = $c === null ? null : $evaluate($c['expr'], $c, $depth + 1);
                $i += 2;
            } else {
                return null;
            }
            if ($v === null) {
                return null;
            }
            $out .= $v;
            $expectValue = false;
        } elseif ($text === '.') {
            $expectValue = true;
        } else {
            return null;
        }
    }
    return $expectValue ? null : $out;
};

// Pass 2: Regex constraints, #pattern, replace_pattern, preg_match tests.
$unresolved = 0;
foreach ($php as $rel) {
    $code = (string) file_get_contents($core . '/' . $rel);
    // #pattern in doc comments (examples of form elements) and code.
    foreach (token_get_all($code) as $t) {
        if (\is_array($t) && \in_array($t[0], [T_DOC_COMMENT, T_COMMENT], true)
            && preg_match_all("/'#pattern' => ('(?:[^'\\\\]|\\\\.)*')/", $t[1], $m)) {
            foreach ($m[1] as $lit) {
                $v = $unquote($lit);
                if ($v !== null) {
                    $add('{^(?:' . $v . ')$}', $rel . ':' . $t[2] . ' (#pattern, doc comment)');
                }
            }
        }
    }
    $toks = $tokens($code);
    $s = $scope0;
    $n = \count($toks);
    for ($i = 0; $i < $n; $i++) {
        if ($enter($toks, $i, $s)) {
            continue;
        }
        [$id, $text, $line] = $toks[$i];
        $ctx = ['ns' => $s['ns'], 'uses' => $s['uses'], 'class' => $s['class']];
        // 'Regex' => ..., '#pattern' => ..., 'replace_pattern' => ...
        if ($id === T_CONSTANT_ENCAPSED_STRING && ($toks[$i + 1][0] ?? null) === T_DOUBLE_ARROW) {
            $key = $unquote($text);
            if ($key === 'Regex') {
                $value = $operand($toks, $i + 2);
                $v = $evaluate($value, $ctx);
                if ($v !== null) {
                    $add($v, "$rel:$line (Regex)");
                } elseif (($value[0][1] ?? '') === '[') {
                    for ($k = 1; $k < \count($value) - 2; $k++) {
                        if ($value[$k][0] === T_CONSTANT_ENCAPSED_STRING && $unquote($value[$k][1]) === 'pattern' && $value[$k + 1][0] === T_DOUBLE_ARROW) {
                            $v = $evaluate(array_slice($value, $k + 2, 1), $ctx);
                            if ($v !== null) {
                                $add($v, "$rel:$line (Regex)");
                            }
                        }
                    }
                }
            } elseif ($key === '#pattern' || $key === 'replace_pattern') {
                $v = $evaluate($operand($toks, $i + 2), $ctx);
                if ($v !== null) {
                    $add($key === '#pattern' ? '{^(?:' . $v . ')$}' : '@' . $v . '@', "$rel:$line ($key)");
                }
            }
            continue;
        }
        // new Regex('...'), addConstraint('Regex', '...').
        if ($id === T_NEW && ($toks[$i + 1][1] ?? '') === 'Regex' && ($toks[$i + 2][1] ?? '') === '(') {
            $v = $evaluate($operand($toks, $i + 3), $ctx);
            if ($v !== null) {
                $add($v, "$rel:$line (new Regex)");
            }
            continue;
        }
        if ($id === T_STRING && $text === 'addConstraint' && ($toks[$i + 1][1] ?? '') === '(' && ($toks[$i + 2][0] ?? null) === T_CONSTANT_ENCAPSED_STRING && $unquote($toks[$i + 2][1]) === 'Regex' && ($toks[$i + 3][1] ?? '') === ',') {
            $v = $evaluate($operand($toks, $i + 4), $ctx);
            if ($v !== null) {
                $add($v, "$rel:$line (Regex)");
            }
            continue;
        }
        // preg_match() whose result is used.
        if (($id === T_STRING || $id === T_NAME_FULLY_QUALIFIED) && ltrim($text, '\\') === 'preg_match' && ($toks[$i + 1][1] ?? '') === '(') {
            $before = $toks[$i - 1][1] ?? ';';
            if (\in_array($before, ['->', '::', 'function'], true) || \in_array($before, [';', '{', '}'], true)) {
                continue;
            }
            $arg = $operand($toks, $i + 2);
            $v = $evaluate($arg, $ctx);
            if ($v === null) {
                $unresolved++;
                continue;
            }
            $add($v, "$rel:$line (preg_match)");
        }
    }
}

$base = json_decode((string) file_get_contents(__DIR__ . '/corpus.json'), true, 512, JSON_THROW_ON_ERROR);
$patterns = [];
foreach ($found as $source => $origins) {
    $patterns[] = ['source' => (string) $source, 'subjects' => [], 'origins' => array_values(array_unique($origins))];
}
usort($patterns, static fn (array $a, array $b): int => strcmp($a['origins'][0], $b['origins'][0]));
echo json_encode(['traps' => $base['traps'], 'affixes' => $base['affixes'], 'patterns' => $patterns],
    JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n";
fwrite(STDERR, sprintf("drupal corpus: %d distinct patterns (%d preg_match calls with a computed pattern left out)\n", \count($patterns), $unresolved));
