<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\TestCase;

/**
 * The pure-PHP library needs nothing but PHP itself: composer.json,
 * php/composer.json and pcre2ecma/php/composer.json (the regex translator,
 * which php/composer.json requires) require only "php", so it must give the
 * same results on a PHP built without ctype, mbstring, iconv, intl or any
 * other extension PHP can be built without.
 *
 * Two checks: every function php/, pcre2ecma/php/ and bin/ call belongs to an
 * extension PHP is always built with (read from the tokens, so a branch no fixture takes is
 * covered too), and a child process under `php -n` gives the same outcome
 * as this process on every fixture case and on 500 seeded random definitions
 * and values.
 */
final class CoreOnlyTest extends TestCase
{
    /** The extensions every PHP 8.2+ build has (they cannot be disabled). */
    private const ALWAYS = ['Core', 'date', 'hash', 'json', 'pcre', 'random', 'Reflection', 'SPL', 'standard'];

    private const ROOT = __DIR__ . '/../..';

    public function testTheLibraryCallsOnlyFunctionsOfPhpItself(): void
    {
        $outside = [];
        $files = [self::ROOT . '/bin/tool-schema'];
        foreach (['/php', '/pcre2ecma/php'] as $dir) {
            $it = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(self::ROOT . $dir, \FilesystemIterator::SKIP_DOTS));
            foreach ($it as $file) {
                if (str_ends_with((string) $file, '.php')) {
                    $files[] = (string) $file;
                }
            }
        }
        sort($files);
        self::assertGreaterThan(40, \count($files));
        $calls = 0;
        foreach ($files as $file) {
            $code = (string) file_get_contents($file);
            // Functions the file declares itself (bin/tool-schema's helpers).
            preg_match_all('/^\s*function\s+&?\s*(\w+)\s*\(/m', $code, $m);
            $own = array_flip($m[1]);
            foreach (self::functionCalls($code) as [$name, $namespace, $line]) {
                $where = substr($file, \strlen(self::ROOT) + 1) . ":$line";
                if (isset($own[$name]) || ($namespace !== '' && \function_exists("$namespace\\$name"))) {
                    continue;   // the library's own function
                }
                if (!\function_exists($name)) {
                    $outside[] = "$where: $name() is unknown here (an extension not loaded in this PHP?)";
                    continue;
                }
                $calls++;
                $function = new \ReflectionFunction($name);
                if ($function->isInternal() && !\in_array($function->getExtensionName(), self::ALWAYS, true)) {
                    $outside[] = "$where: $name() is from ext/" . $function->getExtensionName();
                }
            }
        }
        self::assertGreaterThan(100, $calls, 'the scan found the calls');
        self::assertSame([], $outside, 'functions of extensions composer.json does not require');
    }

    public function testPhpWithoutExtensionsGivesTheSameResults(): void
    {
        $seed = 20261201;
        $count = 500;
        $cmd = [PHP_BINARY, '-n', '-d', 'memory_limit=512M', __DIR__ . '/core_only.php', (string) $seed, (string) $count];
        $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        self::assertIsResource($proc);
        $out = stream_get_contents($pipes[1]);
        $err = stream_get_contents($pipes[2]);
        $status = proc_close($proc);
        self::assertSame(0, $status, "php -n core_only.php failed:\n$err$out");
        $child = json_decode($out, true, 512, JSON_THROW_ON_ERROR);

        $optional = array_diff($child['extensions'], self::ALWAYS);
        foreach (['ctype', 'mbstring', 'iconv', 'intl', 'tool_schema'] as $ext) {
            self::assertNotContains($ext, $optional, "php -n still loads $ext: the check would prove nothing");
        }
        $mine = Implementations::coreOnlyOutcomes($seed, $count);
        $mine = json_decode(json_encode($mine, Implementations::JSON | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR), true);
        self::assertCount(\count(Fixtures::all()), $child['fixtures']);
        self::assertCount(2 * $count, $child['random']);
        foreach ($mine['fixtures'] as $name => $outcome) {
            self::assertSame($outcome, $child['fixtures'][$name] ?? null, "fixture $name under php -n");
        }
        foreach ($mine['random'] as $i => $outcome) {
            self::assertSame($outcome, $child['random'][$i], "random case $i (seed $seed) under php -n");
        }
    }

    /**
     * The global function calls in a PHP file: [name, namespace, line] for each
     * name followed by `(` that is not a method, a static call, a declaration
     * or `new`.
     *
     * @return list<array{string, string, int}>
     */
    private static function functionCalls(string $code): array
    {
        $tokens = token_get_all($code);
        $calls = [];
        $namespace = '';
        $n = \count($tokens);
        $skip = static fn (int $i): bool => \is_array($tokens[$i]) && \in_array($tokens[$i][0], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT], true);
        for ($i = 0; $i < $n; $i++) {
            $t = $tokens[$i];
            if (!\is_array($t)) {
                continue;
            }
            if ($t[0] === T_NAMESPACE) {
                $j = $i + 1;
                while ($j < $n && $skip($j)) {
                    $j++;
                }
                $namespace = \is_array($tokens[$j]) ? $tokens[$j][1] : '';
                continue;
            }
            if ($t[0] !== T_STRING && $t[0] !== T_NAME_FULLY_QUALIFIED) {
                continue;
            }
            $next = $i + 1;
            while ($next < $n && $skip($next)) {
                $next++;
            }
            if (($tokens[$next] ?? null) !== '(') {
                continue;
            }
            $prev = $i - 1;
            while ($prev >= 0 && $skip($prev)) {
                $prev--;
            }
            if ($prev >= 0 && $tokens[$prev] === '&') {
                $before = $prev - 1;
                while ($before >= 0 && $skip($before)) {
                    $before--;
                }
                if ($before >= 0 && \is_array($tokens[$before]) && $tokens[$before][0] === T_FUNCTION) {
                    continue;   // function &name(
                }
            }
            if ($prev >= 0 && \is_array($tokens[$prev])
                && \in_array($tokens[$prev][0], [T_OBJECT_OPERATOR, T_NULLSAFE_OBJECT_OPERATOR, T_DOUBLE_COLON, T_FUNCTION, T_NEW, T_CONST], true)) {
                continue;
            }
            if ($t[0] === T_NAME_FULLY_QUALIFIED) {
                if (substr_count($t[1], '\\') > 1) {
                    continue;   // \Some\Namespace\f(): not a global function
                }
                $calls[] = [ltrim($t[1], '\\'), '', $t[2]];
            } else {
                $calls[] = [$t[1], $namespace, $t[2]];
            }
        }
        return $calls;
    }
}
