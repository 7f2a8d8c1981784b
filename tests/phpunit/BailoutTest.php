<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;

/**
 * A fatal error inside a native call (here: memory_limit exhausted while the
 * result is built) ends the request the way PHP ends it anywhere: the
 * "Allowed memory size ... exhausted" fatal error, shutdown functions run,
 * exit code 255. The handlers run inside zend_try (src/php/mod.rs `guarded`),
 * drop their Rust state, and let the bailout continue. Each case runs in its
 * own `php` process.
 *
 * @group native
 */
#[Group('native')]
final class BailoutTest extends TestCase
{
    /** @return array{int, string} exit code, stdout + stderr */
    private static function runPhp(string $code): array
    {
        $so = Implementations::modulePath();
        self::assertNotNull($so, 'the path of the loaded tool_schema module');
        $script = tempnam(sys_get_temp_dir(), 'tool_schema_bailout');
        file_put_contents($script, "<?php\n" . $code);
        $cmd = [PHP_BINARY, '-n', '-d', 'extension=' . $so, '-d', 'memory_limit=512M', '-d', 'display_errors=stderr', $script];
        $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        self::assertIsResource($p);
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        $status = proc_close($p);
        unlink($script);
        return [$status, $out];
    }

    /** A script that builds $build, then lowers memory_limit to 1 MiB above what it uses, then runs $call. */
    private static function script(string $build, string $call): string
    {
        return <<<PHP
            register_shutdown_function(static function (): void { echo "shutdown function ran\\n"; });
            $build
            ini_set('memory_limit', (string) (memory_get_usage(true) + (1 << 20)));
            \$r = $call;
            echo "returned\\n";
            PHP;
    }

    /** @return iterable<string, array{string, string}> */
    public static function calls(): iterable
    {
        $props = 'for ($i = 0; $i < 100000; $i++) { $props["p$i"] = ["type" => "string", "label" => "Label $i", "description" => "Description $i", "constraints" => ["Length" => ["max" => 10]]]; }';
        yield 'normalize_schema' => [$props, '\ToolSchema\normalize_schema(["type" => "map", "properties" => $props], [], $w)'];
        yield 'normalize_schema, nested' => [
            '$d = ["type" => "string"]; for ($i = 0; $i < 15; $i++) { $d = ["type" => "map", "label" => "L$i", "description" => "D$i", "required" => false, "properties" => ["a" => $d, "b" => $d]]; }',
            '\ToolSchema\normalize_schema($d)',
        ];
        yield 'coerce_input, a JSON string' => [
            '$def = ["type" => "map", "properties" => []]; $v = []; for ($i = 0; $i < 60000; $i++) { $def["properties"]["p$i"] = ["type" => "integer"]; $v["p$i"] = "$i"; } $json = json_encode($v);',
            '\ToolSchema\coerce_input($json, $def)',
        ];
        yield 'coerce_input, a JSON string of many lists' => [
            '$json = "[" . implode(",", array_fill(0, 200000, "[1]")) . "]";',
            '\ToolSchema\coerce_input($json, ["type" => "list", "items" => ["type" => "list", "items" => ["type" => "boolean"]]])',
        ];
        yield 'coerce_input, a large map' => [
            '$def = ["type" => "map", "properties" => []]; $v = []; for ($i = 0; $i < 100000; $i++) { $def["properties"]["p$i"] = ["type" => "integer"]; $v["p$i"] = "$i"; }',
            '\ToolSchema\coerce_input($v, $def)',
        ];
    }

    /** @dataProvider calls */
    #[DataProvider('calls')]
    public function testMemoryExhaustedInACallIsPhpsOwnFatalError(string $build, string $call): void
    {
        [$status, $out] = self::runPhp(self::script($build, $call));
        self::assertMatchesRegularExpression('/Fatal error: +Allowed memory size of \d+ bytes exhausted/', $out);
        self::assertStringContainsString('shutdown function ran', $out);
        self::assertStringNotContainsString('returned', $out);
        self::assertSame(255, $status, $out);
    }

    public function testTheSameCallsReturnWithEnoughMemory(): void
    {
        // The control: the scripts above work when memory suffices.
        foreach (self::calls() as $name => [$build, $call]) {
            $code = str_replace('(1 << 20)', '(512 << 20)', self::script($build, $call));
            [$status, $out] = self::runPhp(str_replace("ini_set('memory_limit', (string) (memory_get_usage(true) + (512 << 20)));", "ini_set('memory_limit', '-1');", $code));
            self::assertSame("returned\nshutdown function ran\n", $out, $name);
            self::assertSame(0, $status, $name);
        }
    }
}
