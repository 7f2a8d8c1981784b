<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;

/**
 * The extension as PHP sees it: registration, constants, argument errors in
 * PHP's wording, the by-reference $warnings.
 *
 * @group native
 */
#[Group('native')]
final class ExtensionTest extends TestCase
{
    public function testLoadedAndNative(): void
    {
        self::assertTrue(\extension_loaded('tool_schema'));
        self::assertSame('native', \ToolSchema\IMPLEMENTATION);
        self::assertSame(\ToolSchema\Php\Version::VERSION, \ToolSchema\VERSION);
        self::assertSame(\ToolSchema\VERSION, phpversion('tool_schema'));
        $toml = (string) file_get_contents(__DIR__ . '/../../Cargo.toml');
        self::assertMatchesRegularExpression('/^version = "' . preg_quote(\ToolSchema\VERSION, '/') . '"$/m', $toml);
    }

    /** @return iterable<string, array{callable, class-string, string}> */
    public static function argumentErrors(): iterable
    {
        yield 'no argument' => [static fn () => \ToolSchema\normalize_schema(), \ArgumentCountError::class, 'ToolSchema\normalize_schema() expects at least 1 argument, 0 given'];
        yield 'too many' => [static fn () => \ToolSchema\normalize_schema([], [], $w, 4), \ArgumentCountError::class, 'ToolSchema\normalize_schema() expects at most 3 arguments, 4 given'];
        yield 'definition not an array' => [static fn () => \ToolSchema\normalize_schema('x'), \TypeError::class, 'ToolSchema\normalize_schema(): Argument #1 ($definition) must be of type array, string given'];
        yield 'options not an array' => [static fn () => \ToolSchema\normalize_schema(['type' => 'string'], null), \TypeError::class, 'ToolSchema\normalize_schema(): Argument #2 ($options) must be of type array, null given'];
        yield 'warnings of a wrong type' => [static function () {
            $w = 5;
            \ToolSchema\normalize_schema(['type' => 'string'], [], $w);
        }, \TypeError::class, 'ToolSchema\normalize_schema(): Argument #3 ($warnings) must be of type ?array, int given'];
        yield 'coerce: one argument' => [static fn () => \ToolSchema\coerce_input(1), \ArgumentCountError::class, 'ToolSchema\coerce_input() expects at least 2 arguments, 1 given'];
        yield 'coerce: definition an object' => [static fn () => \ToolSchema\coerce_input(1, new \stdClass()), \TypeError::class, 'ToolSchema\coerce_input(): Argument #2 ($definition) must be of type array, stdClass given'];
    }

    /** @dataProvider argumentErrors */
    #[DataProvider('argumentErrors')]
    public function testArgumentErrorsInPhpsWording(callable $call, string $class, string $message): void
    {
        try {
            $call();
            self::fail("expected $class");
        } catch (\Throwable $e) {
            self::assertSame($class, \get_class($e));
            self::assertSame($message, $e->getMessage());
        }
    }

    public function testWarningsAreAlwaysAList(): void
    {
        \ToolSchema\normalize_schema(['type' => 'string'], [], $w);
        self::assertSame([], $w);
        \ToolSchema\normalize_schema(['type' => 'field_item:link'], [], $w);
        self::assertSame([['code' => 'base_type_unknown', 'path' => 'type', 'message' => 'no JSON Schema mapping for type "field_item:link": any non-null value is allowed (give base_schema to say more)']], $w);
        try {
            \ToolSchema\normalize_schema([], [], $w);
            self::fail('expected a ValueError');
        } catch (\ValueError $e) {
            self::assertSame('type: is required', $e->getMessage());
            self::assertSame([], $w, 'set to [] when a ValueError is thrown');
        }
    }

    public function testATypedPropertyReferenceIsCheckedByTheEngine(): void
    {
        $o = new class () {
            public int $w = 0;
            public ?array $ok = null;
        };
        \ToolSchema\normalize_schema(['type' => 'string'], [], $o->ok);
        self::assertSame([], $o->ok);
        $this->expectException(\TypeError::class);
        \ToolSchema\normalize_schema(['type' => 'string'], [], $o->w);
    }

    public function testAMillionCallsDoNotLeak(): void
    {
        // A smoke version of the benchmark's leak check (1,000,000 calls there).
        $def = ['type' => 'map', 'properties' => ['a' => ['type' => 'string', 'required' => false, 'constraints' => ['Choice' => ['x', 'y']]]]];
        for ($i = 0; $i < 2000; $i++) {
            \ToolSchema\normalize_schema($def, ['nullable' => 'one_of'], $w);
            \ToolSchema\coerce_input(['a' => ' X '], $def);
        }
        $before = memory_get_usage();
        for ($i = 0; $i < 20000; $i++) {
            \ToolSchema\normalize_schema($def, ['nullable' => 'one_of'], $w);
            \ToolSchema\coerce_input(['a' => ' X '], $def);
        }
        self::assertLessThan(1024, memory_get_usage() - $before);
    }
}
