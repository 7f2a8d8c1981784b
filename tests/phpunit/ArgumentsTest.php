<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\TestCase;

/**
 * Argument errors of the public functions, whichever implementation defines
 * them in this run (the extension when loaded, else php/bootstrap.php's user
 * functions), as the README states them: too many arguments is the same
 * ArgumentCountError in both; too few and wrong types are PHP's own errors,
 * worded as PHP words them for an internal function (native) or for a user
 * function (pure PHP: "Too few arguments to function ...", "..., called in
 * FILE on line N").
 */
final class ArgumentsTest extends TestCase
{
    private static function error(callable $call): string
    {
        try {
            $call();
        } catch (\Throwable $e) {
            return \get_class($e) . ': ' . $e->getMessage();
        }
        return 'no error';
    }

    public function testTooManyArgumentsAreRefusedInTheSameWordsByBoth(): void
    {
        self::assertSame(
            'ArgumentCountError: ToolSchema\normalize_schema() expects at most 3 arguments, 4 given',
            self::error(static fn () => \ToolSchema\normalize_schema(['type' => 'string'], [], $w, 4))
        );
        self::assertSame(
            'ArgumentCountError: ToolSchema\coerce_input() expects at most 3 arguments, 5 given',
            self::error(static fn () => \ToolSchema\coerce_input(1, ['type' => 'integer'], [], 4, 5))
        );
    }

    public function testTooFewArgumentsAndWrongTypesArePhpsOwnErrors(): void
    {
        $native = \ToolSchema\IMPLEMENTATION === 'native';
        $few = self::error(static fn () => \ToolSchema\coerce_input(1));
        $type = self::error(static fn () => \ToolSchema\normalize_schema('x'));
        if ($native) {
            self::assertSame('ArgumentCountError: ToolSchema\coerce_input() expects at least 2 arguments, 1 given', $few);
            self::assertSame('TypeError: ToolSchema\normalize_schema(): Argument #1 ($definition) must be of type array, string given', $type);
        } else {
            self::assertMatchesRegularExpression('/^ArgumentCountError: Too few arguments to function ToolSchema\\\\coerce_input\(\), 1 passed in .+ on line \d+ and at least 2 expected$/', $few);
            self::assertMatchesRegularExpression('/^TypeError: ToolSchema\\\\normalize_schema\(\): Argument #1 \(\$definition\) must be of type array, string given, called in .+ on line \d+$/', $type);
        }
    }
}
