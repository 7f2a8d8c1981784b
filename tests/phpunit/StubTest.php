<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;

/**
 * stubs/tool_schema.stub.php (kept by hand) must describe the loaded extension
 * exactly: the same functions and constants, parameter names, types, defaults,
 * by-reference and optional parameters, return types. The stub is read by
 * Reflection in a child process without the extension (php -n), where its
 * declarations do not clash with the extension's; the extension is read by
 * Reflection in this process.
 *
 * Also: php --ri tool_schema shows what it was built with, and every place
 * that states the version agrees.
 *
 * @group native
 */
#[Group('native')]
final class StubTest extends TestCase
{
    private const STUB = __DIR__ . '/../../stubs/tool_schema.stub.php';
    private const ROOT = __DIR__ . '/../..';

    /**
     * Functions a build with a Cargo feature adds for benchmarks only
     * (`--features bench`); they are not part of the API and have no stub.
     */
    private const NOT_API = 'ToolSchema\\Bench\\';

    /**
     * Reflection of a function reduced to comparable data. Shared, as source
     * text, with the child process that reads the stub.
     */
    private const DESCRIBE = <<<'PHP'
        $describe = static function (ReflectionFunction $f): array {
            $params = [];
            foreach ($f->getParameters() as $p) {
                $default = null;
                if ($p->isDefaultValueAvailable()) {
                    $default = $p->isDefaultValueConstant()
                        ? 'const ' . $p->getDefaultValueConstantName()
                        : var_export($p->getDefaultValue(), true);
                }
                $params[] = [
                    'position' => $p->getPosition(),
                    'name' => $p->getName(),
                    'type' => $p->hasType() ? (string) $p->getType() : null,
                    'allowsNull' => $p->allowsNull(),
                    'optional' => $p->isOptional(),
                    'default' => $default,
                    'byReference' => $p->isPassedByReference(),
                    'variadic' => $p->isVariadic(),
                    // User functions print a null default as NULL, internal ones as written in arginfo.
                    'string' => str_replace('= NULL ]', '= null ]', (string) $p),
                ];
            }
            return [
                'name' => $f->getName(),
                'parameters' => $params,
                'required' => $f->getNumberOfRequiredParameters(),
                'returnType' => $f->hasReturnType() ? (string) $f->getReturnType() : null,
                'returnsReference' => $f->returnsReference(),
            ];
        };
        PHP;

    protected function setUp(): void
    {
        self::assertTrue(\extension_loaded('tool_schema'), 'StubTest needs the extension (it runs in the native group)');
    }

    /** @return array{functions: array<string, array<string, mixed>>, constants: array<string, mixed>} */
    private static function stub(): array
    {
        static $stub = null;
        if ($stub !== null) {
            return $stub;
        }
        $code = self::DESCRIBE . '
            $before = get_defined_functions()["user"];
            require $argv[1];
            $functions = [];
            foreach (array_diff(get_defined_functions()["user"], $before) as $name) {
                $f = new ReflectionFunction($name);
                $functions[$f->getName()] = $describe($f);
            }
            $constants = [];
            foreach (get_defined_constants(true)["user"] ?? [] as $name => $value) {
                if (str_starts_with($name, "ToolSchema\\\\")) {
                    $constants[$name] = $value;
                }
            }
            echo json_encode(["functions" => $functions, "constants" => $constants], JSON_THROW_ON_ERROR);
        ';
        $cmd = [PHP_BINARY, '-n', '-r', $code, '--', self::STUB];
        [$status, $stdout, $stderr] = self::exec($cmd);
        self::assertSame(0, $status, "reading the stub failed:\n$stderr$stdout");
        $stub = json_decode($stdout, true, 512, JSON_THROW_ON_ERROR);
        return $stub;
    }

    /**
     * @param list<string> $cmd
     * @return array{int, string, string}
     */
    private static function exec(array $cmd): array
    {
        $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        self::assertIsResource($proc);
        $stdout = stream_get_contents($pipes[1]);
        $stderr = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        return [proc_close($proc), (string) $stdout, (string) $stderr];
    }

    /** @return array<string, array<string, mixed>> */
    private static function extensionFunctions(): array
    {
        $describe = null;
        eval(self::DESCRIBE);
        $functions = [];
        foreach ((new \ReflectionExtension('tool_schema'))->getFunctions() as $f) {
            if (str_starts_with($f->getName(), self::NOT_API)) {
                continue;
            }
            $functions[$f->getName()] = $describe($f);
        }
        return $functions;
    }

    public function testStubLints(): void
    {
        [$status, $stdout, $stderr] = self::exec([PHP_BINARY, '-n', '-l', self::STUB]);
        self::assertSame(0, $status, $stdout . $stderr);
    }

    public function testSameFunctions(): void
    {
        $stub = array_keys(self::stub()['functions']);
        $ext = array_keys(self::extensionFunctions());
        sort($stub);
        sort($ext);
        self::assertSame(['ToolSchema\\coerce_input', 'ToolSchema\\fit_budget', 'ToolSchema\\normalize_schema'], $ext);
        self::assertSame($ext, $stub);
    }

    /** @return iterable<string, array{string}> */
    public static function functionProvider(): iterable
    {
        yield 'normalize_schema' => ['ToolSchema\\normalize_schema'];
        yield 'coerce_input' => ['ToolSchema\\coerce_input'];
        yield 'fit_budget' => ['ToolSchema\\fit_budget'];
    }

    /** @dataProvider functionProvider */
    #[DataProvider('functionProvider')]
    public function testSignatureMatchesStub(string $name): void
    {
        $stub = self::stub()['functions'][$name] ?? null;
        $ext = self::extensionFunctions()[$name] ?? null;
        self::assertNotNull($stub, "$name is not in the stub");
        self::assertNotNull($ext, "$name is not in the extension");
        self::assertSame($ext['returnType'], $stub['returnType'], "$name: return type");
        self::assertSame($ext['returnsReference'], $stub['returnsReference'], "$name: returns by reference");
        self::assertSame($ext['required'], $stub['required'], "$name: number of required parameters");
        self::assertCount(\count($ext['parameters']), $stub['parameters'], "$name: number of parameters");
        foreach ($ext['parameters'] as $i => $param) {
            $where = "$name: parameter #$i (\${$param['name']})";
            foreach (['name', 'type', 'allowsNull', 'optional', 'default', 'byReference', 'variadic', 'string'] as $key) {
                self::assertSame($param[$key], $stub['parameters'][$i][$key], "$where: $key");
            }
        }
    }

    /** The signatures the contract fixes, spelled out, so that stub and extension cannot drift together. */
    public function testSignaturesAreTheContract(): void
    {
        $ext = self::extensionFunctions();
        $show = static fn (array $f): string => implode(', ', array_map(
            static fn (array $p): string => ($p['type'] ?? 'mixed') . ' ' . ($p['byReference'] ? '&' : '') . '$' . $p['name']
                . ($p['default'] !== null ? ' = ' . str_replace(["array (\n)", 'NULL'], ['[]', 'null'], $p['default']) : ''),
            $f['parameters'],
        )) . '): ' . $f['returnType'];
        self::assertSame(
            'array $definition, array $options = [], ?array &$warnings = null): array',
            $show($ext['ToolSchema\\normalize_schema']),
        );
        self::assertSame(
            'mixed $value, array $definition, array $options = []): mixed',
            $show($ext['ToolSchema\\coerce_input']),
        );
        self::assertSame(
            'array $tools, array $options = [], ?array &$warnings = null): array',
            $show($ext['ToolSchema\\fit_budget']),
        );
    }

    public function testSameConstants(): void
    {
        $ext = (new \ReflectionExtension('tool_schema'))->getConstants();
        ksort($ext);
        $stub = self::stub()['constants'];
        ksort($stub);
        self::assertSame(['ToolSchema\\IMPLEMENTATION', 'ToolSchema\\VERSION'], array_keys($ext));
        self::assertSame($ext, $stub);
        self::assertSame('native', \ToolSchema\IMPLEMENTATION);
    }

    public function testVersionsAgree(): void
    {
        $version = phpversion('tool_schema');
        self::assertIsString($version);
        self::assertMatchesRegularExpression('/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/', $version);
        self::assertSame($version, \ToolSchema\VERSION, 'ToolSchema\\VERSION');
        self::assertSame($version, \ToolSchema\Php\Version::VERSION, 'ToolSchema\\Php\\Version::VERSION');
        self::assertSame($version, self::stub()['constants']['ToolSchema\\VERSION'], 'the stub');
        foreach (['composer.json', 'php/composer.json'] as $file) {
            $json = json_decode((string) file_get_contents(self::ROOT . '/' . $file), true, 512, JSON_THROW_ON_ERROR);
            self::assertSame($version, $json['version'] ?? null, $file);
        }
        self::assertSame(1, preg_match('/^\[package\]\n(?:[^\[].*\n)*?version = "([^"]+)"/m', (string) file_get_contents(self::ROOT . '/Cargo.toml'), $m));
        self::assertSame($version, $m[1], 'Cargo.toml');
    }

    /** The rows php --ri shows, read in this process (ReflectionExtension::info() prints the same section). */
    public function testInfoRows(): void
    {
        ob_start();
        (new \ReflectionExtension('tool_schema'))->info();
        $info = (string) ob_get_clean();
        self::assertInfoRows($info);
    }

    /** php --ri tool_schema, in a child process given the path of the loaded module. */
    public function testPhpRi(): void
    {
        $so = Implementations::modulePath();
        self::assertNotNull($so, 'cannot tell which tool_schema.so is loaded: set TOOL_SCHEMA_SO');
        [$status, $stdout, $stderr] = self::exec([PHP_BINARY, '-n', '-d', 'extension=' . $so, '--ri', 'tool_schema']);
        self::assertSame(0, $status, $stdout . $stderr);
        self::assertInfoRows($stdout);
    }

    private static function assertInfoRows(string $info): void
    {
        $rows = [
            'Version' => '/^' . preg_quote(\ToolSchema\VERSION, '/') . '$/',
            'Implementation' => '/^native$/',
            'Built with ext-php-rs' => '/^\d+\.\d+\.\d+/',
            'Built with rustc' => '/^rustc \d+\.\d+\.\d+/',
            'PHP API' => '/^' . self::phpApi() . '$/',
        ];
        foreach ($rows as $row => $pattern) {
            self::assertSame(1, preg_match('/^' . preg_quote($row, '/') . ' => (.*)$/m', $info, $m), "no '$row' row in:\n$info");
            self::assertMatchesRegularExpression($pattern, trim($m[1]), $row);
        }
    }

    /** The PHP API of the running PHP (the one the module must target), from phpinfo(). */
    private static function phpApi(): string
    {
        ob_start();
        phpinfo(INFO_GENERAL);
        $general = (string) ob_get_clean();
        self::assertSame(1, preg_match('/^PHP API => (\d+)$/m', $general, $m), 'no PHP API in phpinfo()');
        return $m[1];
    }
}
