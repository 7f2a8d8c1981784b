<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Coerce\Coercer;
use ToolSchema\Php\Normalize\Normalizer;
use ToolSchema\Php\Version;

/**
 * bin/tool-schema, run as a child process: with the pure-PHP implementation
 * always (php -n), and with the extension too when this process has it loaded
 * (php -n -d extension=TOOL_SCHEMA_SO, or the module this process mapped).
 * Expected output comes from the PHP classes called in this process.
 */
final class CliTest extends TestCase
{
    private const BIN = __DIR__ . '/../../bin/tool-schema';
    private const JSON = JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

    private const DEFINITION = [
        'type' => 'map',
        'label' => 'Search',
        'properties' => [
            'query' => ['type' => 'string', 'label' => 'Query', 'description' => 'Words to find', 'constraints' => ['Length' => ['min' => 1]]],
            'limit' => ['type' => 'integer', 'required' => false, 'default' => 10],
            'sort' => ['type' => 'string', 'required' => false, 'constraints' => ['Choice' => ['ASC', 'DESC']]],
            'tags' => ['type' => 'list', 'required' => false, 'items' => ['type' => 'string']],
            'node' => ['type' => 'field_item:link', 'required' => false],
            'ratio' => ['type' => 'float', 'required' => false, 'examples' => [1.0, 0.5]],
            'city' => ['type' => 'string', 'required' => false, 'examples' => ['Zürich', 'a/b']],
        ],
    ];

    /** @var list<string> */
    private array $files = [];

    protected function tearDown(): void
    {
        foreach ($this->files as $file) {
            @unlink($file);
        }
    }

    private function file(string $contents): string
    {
        $file = tempnam(sys_get_temp_dir(), 'tool-schema-cli-');
        self::assertIsString($file);
        file_put_contents($file, $contents);
        $this->files[] = $file;
        return $file;
    }

    private function json(mixed $value): string
    {
        return $this->file((string) json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION));
    }


    /** @return iterable<string, array{string}> */
    public static function implementationProvider(): iterable
    {
        yield 'php' => ['php'];
        if (\extension_loaded('tool_schema')) {
            yield 'native' => ['native'];
        }
    }

    /**
     * Runs bin/tool-schema.
     *
     * @param list<string> $args
     * @return array{status: int, stdout: string, stderr: list<string>}
     */
    private static function cli(string $impl, array $args, ?string $stdin = null): array
    {
        $cmd = [PHP_BINARY, '-n'];
        if ($impl === 'native') {
            $so = Implementations::modulePath();
            self::assertNotNull($so, 'the extension is loaded but its path is unknown: set TOOL_SCHEMA_SO');
            $cmd[] = '-d';
            $cmd[] = 'extension=' . $so;
        }
        $cmd[] = self::BIN;
        array_push($cmd, ...$args);
        $proc = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        self::assertIsResource($proc);
        if ($stdin !== null) {
            fwrite($pipes[0], $stdin);
        }
        fclose($pipes[0]);
        $stdout = (string) stream_get_contents($pipes[1]);
        $stderr = (string) stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        $status = proc_close($proc);
        $lines = $stderr === '' ? [] : explode("\n", rtrim($stderr, "\n"));
        return ['status' => $status, 'stdout' => $stdout, 'stderr' => $lines];
    }

    private static function banner(string $impl): string
    {
        return sprintf('tool_schema %s (%s)', Version::VERSION, $impl);
    }

    /** @dataProvider implementationProvider */
    #[DataProvider('implementationProvider')]
    public function testNormalize(string $impl): void
    {
        $def = $this->json(self::DEFINITION);
        $warnings = null;
        $expected = json_encode(Normalizer::normalize(self::DEFINITION, [], $warnings), self::JSON) . "\n";
        self::assertNotEmpty($warnings);

        $r = self::cli($impl, ['normalize', $def]);
        self::assertSame(0, $r['status'], implode("\n", $r['stderr']));
        self::assertSame($expected, $r['stdout']);
        self::assertSame(self::banner($impl), $r['stderr'][0]);
        $lines = [];
        foreach ($warnings as $w) {
            $lines[] = "warning: {$w['code']} at {$w['path']}: {$w['message']}";
        }
        self::assertSame($lines, \array_slice($r['stderr'], 1));
        self::assertStringContainsString('"Zürich"', $r['stdout'], 'unescaped unicode');
        self::assertStringContainsString('"a/b"', $r['stdout'], 'unescaped slashes');
        self::assertStringContainsString('1.0', $r['stdout'], 'zero fraction kept');
    }

    /** @dataProvider implementationProvider */
    #[DataProvider('implementationProvider')]
    public function testNormalizeOptions(string $impl): void
    {
        $def = $this->json(self::DEFINITION);
        $options = ['nullable' => 'one_of', 'title' => 'split', 'derived_enum_limit' => 3];
        $expected = json_encode(Normalizer::normalize(self::DEFINITION, $options, $w), self::JSON) . "\n";
        foreach ([
            ['normalize', '--nullable=one_of', '--title=split', '--derived-enum-limit=3', $def],
            ['normalize', '--nullable', 'one_of', '--title', 'split', '--derived-enum-limit', '3', $def],
            ['--quiet', 'normalize', $def, '--title=split', '--nullable=one_of', '--derived-enum-limit=3'],
        ] as $args) {
            $r = self::cli($impl, $args);
            self::assertSame(0, $r['status'], implode("\n", $r['stderr']));
            self::assertSame($expected, $r['stdout'], implode(' ', $args));
        }
        self::assertStringNotContainsString('tool_schema ', implode("\n", $r['stderr']), '--quiet drops the banner');
    }

    /** @dataProvider implementationProvider */
    #[DataProvider('implementationProvider')]
    public function testNormalizeFromStdin(string $impl): void
    {
        $def = ['type' => 'integer', 'required' => false];
        $r = self::cli($impl, ['normalize', '-'], (string) json_encode($def));
        self::assertSame(0, $r['status']);
        self::assertSame(json_encode(Normalizer::normalize($def, [], $w), self::JSON) . "\n", $r['stdout']);
        self::assertSame([self::banner($impl)], $r['stderr'], 'no warnings');
    }

    /** @dataProvider implementationProvider */
    #[DataProvider('implementationProvider')]
    public function testCoerce(string $impl): void
    {
        $def = $this->json(self::DEFINITION);
        $value = ['query' => 'x', 'limit' => '5', 'sort' => ' desc ', 'tags' => '["a","b"]', 'ratio' => '2'];
        $expected = json_encode(Coercer::coerce($value, self::DEFINITION, []), self::JSON) . "\n";
        self::assertStringContainsString('"DESC"', $expected);

        $r = self::cli($impl, ['coerce', $def, $this->json($value)]);
        self::assertSame(0, $r['status'], implode("\n", $r['stderr']));
        self::assertSame($expected, $r['stdout']);
        self::assertSame([self::banner($impl)], $r['stderr']);

        $r = self::cli($impl, ['coerce', $def, '-'], (string) json_encode($value));
        self::assertSame(0, $r['status']);
        self::assertSame($expected, $r['stdout'], 'value from stdin');

        $r = self::cli($impl, ['coerce', $this->json(['type' => 'integer']), $this->json('5.5')]);
        self::assertSame("\"5.5\"\n", $r['stdout'], 'unchanged when ambiguous');
        $r = self::cli($impl, ['-q', 'coerce', $this->json(['type' => 'integer']), $this->json(5.0)]);
        self::assertSame("5\n", $r['stdout']);
        self::assertSame([], $r['stderr']);
    }

    /** @dataProvider implementationProvider */
    #[DataProvider('implementationProvider')]
    public function testVersionAndHelp(string $impl): void
    {
        foreach (['--version', '-V', 'version'] as $arg) {
            $r = self::cli($impl, [$arg]);
            self::assertSame(0, $r['status']);
            self::assertSame(self::banner($impl) . "\n", $r['stdout']);
            self::assertSame([], $r['stderr']);
        }
        foreach (['help', '--help', '-h'] as $arg) {
            $r = self::cli($impl, [$arg]);
            self::assertSame(0, $r['status']);
            self::assertStringStartsWith('Usage:', $r['stdout']);
            self::assertStringContainsString('--nullable=type_array|one_of|any_of', $r['stdout']);
            self::assertSame([], $r['stderr']);
        }
    }

    /** @return iterable<string, array{string, int, list<string>, ?string, string}> */
    public static function errorProvider(): iterable
    {
        // [implementation, expected status, args (@def/@bad... are replaced), stdin, expected stderr line (regex)]
        foreach (self::implementationProvider() as [$impl]) {
            yield "$impl: missing file" => [$impl, 1, ['normalize', '/nonexistent/def.json'], null, '~^tool-schema: cannot read /nonexistent/def\.json: No such file or directory$~'];
            yield "$impl: directory" => [$impl, 1, ['normalize', sys_get_temp_dir()], null, '~^tool-schema: cannot read .*: it is a directory$~'];
            yield "$impl: invalid JSON" => [$impl, 1, ['normalize', '@broken'], null, '~^tool-schema: .*: invalid JSON: Syntax error$~'];
            yield "$impl: empty stdin" => [$impl, 1, ['normalize', '-'], '', '~^tool-schema: stdin: invalid JSON: Syntax error$~'];
            yield "$impl: definition not an object" => [$impl, 1, ['normalize', '@string'], null, '~^tool-schema: .*: invalid definition: must be a JSON object, not string$~'];
            yield "$impl: no type" => [$impl, 1, ['normalize', '@notype'], null, '~^tool-schema: .*: invalid definition: type: is required$~'];
            yield "$impl: bad option in definition" => [$impl, 1, ['normalize', '-'], '{"type":"map","properties":{"a":{"type":"string","constraints":{"Length":{"min":"x"}}}}}', '~^tool-schema: stdin: invalid definition: properties\.a\.constraints\.Length\.min: ~'];
            yield "$impl: coerce, bad definition" => [$impl, 1, ['coerce', '@notype', '@value'], null, '~^tool-schema: .*: invalid definition: type: is required$~'];
            yield "$impl: coerce, invalid value JSON" => [$impl, 1, ['coerce', '@def', '@broken'], null, '~^tool-schema: .*: invalid JSON: Syntax error$~'];
            yield "$impl: no command" => [$impl, 2, [], null, '~^tool-schema: no command given \(see: tool-schema help\)$~'];
            yield "$impl: unknown command" => [$impl, 2, ['frobnicate'], null, '~^tool-schema: unknown command frobnicate ~'];
            yield "$impl: unknown option" => [$impl, 2, ['normalize', '--bogus', '@def'], null, '~^tool-schema: unknown option --bogus ~'];
            yield "$impl: bad --nullable" => [$impl, 2, ['normalize', '--nullable=sometimes', '@def'], null, '~^tool-schema: --nullable must be type_array, one_of, any_of ~'];
            yield "$impl: bad --title" => [$impl, 2, ['normalize', '--title=x', '@def'], null, '~^tool-schema: --title must be merged, split ~'];
            yield "$impl: bad --derived-enum-limit" => [$impl, 2, ['normalize', '--derived-enum-limit=-1', '@def'], null, '~^tool-schema: --derived-enum-limit must be a non-negative integer ~'];
            yield "$impl: missing option value" => [$impl, 2, ['normalize', '@def', '--nullable'], null, '~^tool-schema: --nullable needs a value ~'];
            yield "$impl: normalize option on coerce" => [$impl, 2, ['coerce', '--nullable=one_of', '@def', '@value'], null, '~^tool-schema: --nullable is an option of normalize ~'];
            yield "$impl: normalize, two files" => [$impl, 2, ['normalize', '@def', '@def'], null, '~^tool-schema: normalize takes one file: DEF\.json ~'];
            yield "$impl: coerce, one file" => [$impl, 2, ['coerce', '@def'], null, '~^tool-schema: coerce takes two files: DEF\.json VALUE\.json ~'];
            yield "$impl: coerce, stdin twice" => [$impl, 2, ['coerce', '-', '-'], '{}', '~^tool-schema: only one of DEF\.json and VALUE\.json can be - ~'];
        }
    }

    /**
     * One line on stderr (after the banner), nothing on stdout, no PHP error
     * output or stack trace, and the documented exit status.
     *
     * @dataProvider errorProvider
     * @param list<string> $args
     */
    #[DataProvider('errorProvider')]
    public function testErrors(string $impl, int $status, array $args, ?string $stdin, string $pattern): void
    {
        $files = [
            '@def' => $this->json(['type' => 'integer']),
            '@value' => $this->json(5),
            '@broken' => $this->file('{"type": '),
            '@string' => $this->json('integer'),
            '@notype' => $this->json(['label' => 'x']),
        ];
        $args = array_map(static fn (string $a): string => $files[$a] ?? $a, $args);
        $r = self::cli($impl, $args, $stdin);
        $stderr = $r['stderr'];
        if (($stderr[0] ?? '') === self::banner($impl)) {
            array_shift($stderr);
        }
        self::assertSame($status, $r['status'], implode("\n", $r['stderr']));
        self::assertSame('', $r['stdout']);
        self::assertCount(1, $stderr, implode("\n", $r['stderr']));
        self::assertMatchesRegularExpression($pattern, $stderr[0]);
        self::assertStringNotContainsString('Stack trace', $stderr[0]);
        self::assertStringNotContainsString('PHP ', $stderr[0]);
    }

    public function testExecutable(): void
    {
        self::assertTrue(is_executable(self::BIN), 'bin/tool-schema is executable');
        self::assertStringStartsWith("#!/usr/bin/env php\n", (string) file_get_contents(self::BIN));
    }

    /** When the extension is loaded here, the CLI tests can find it (so the native data sets do run). */
    public function testModulePathKnownWhenLoaded(): void
    {
        if (!\extension_loaded('tool_schema')) {
            self::assertNull(Implementations::modulePath());
            return;
        }
        $so = Implementations::modulePath();
        self::assertNotNull($so, 'set TOOL_SCHEMA_SO to the loaded tool_schema.so');
        self::assertFileExists($so);
    }

    /** The versions the CLI can print agree with every file that states one. */
    public function testVersionsAgree(): void
    {
        $root = __DIR__ . '/../..';
        foreach (['composer.json', 'php/composer.json'] as $file) {
            $json = json_decode((string) file_get_contents("$root/$file"), true, 512, JSON_THROW_ON_ERROR);
            self::assertSame(Version::VERSION, $json['version'] ?? null, $file);
        }
        self::assertSame(1, preg_match('/^\[package\]\n(?:[^\[].*\n)*?version = "([^"]+)"/m', (string) file_get_contents("$root/Cargo.toml"), $m));
        self::assertSame(Version::VERSION, $m[1], 'Cargo.toml');
        self::assertSame(1, preg_match("/^const VERSION = '([^']+)';/m", (string) file_get_contents("$root/stubs/tool_schema.stub.php"), $m));
        self::assertSame(Version::VERSION, $m[1], 'stubs/tool_schema.stub.php');
    }
}
