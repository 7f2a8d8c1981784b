<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\Attributes\RequiresPhpExtension;
use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Path;

/**
 * Inputs that must never crash PHP: references, recursive arrays, objects,
 * invalid UTF-8, NaN/INF, huge ints, deep nesting. Each runs against every
 * implementation available (pure PHP always, native when loaded), and both must
 * give the same outcome.
 */
final class RobustnessTest extends TestCase
{
    /** @return array<string, mixed> outcome per implementation */
    private static function normalizeAll(array $def, array $opts = []): array
    {
        $out = [];
        foreach (Implementations::normalizers() as $impl => $f) {
            $out[$impl] = Implementations::normalizeOutcome($f, $def, $opts);
        }
        return $out;
    }

    private static function assertAllSame(string $expected, array $outcomes): void
    {
        foreach ($outcomes as $impl => $outcome) {
            self::assertSame($expected, $outcome, $impl);
        }
    }

    public function testReferencesInADefinitionAreReadThrough(): void
    {
        $type = 'string';
        $len = ['max' => 5];
        $def = ['type' => &$type, 'constraints' => ['Length' => &$len]];
        self::assertAllSame(
            '{"type":"string","maxLength":5}' . "\nwarnings: []",
            self::normalizeAll($def)
        );
        self::assertSame('string', $type, 'the caller\'s data is not touched');
    }

    public function testARecursiveDefinitionEndsInAValueError(): void
    {
        $def = ['type' => 'list'];
        $def['items'] = &$def;
        foreach (self::normalizeAll($def) as $impl => $outcome) {
            self::assertStringStartsWith('ValueError: items.items.items.', $outcome, $impl);
            self::assertStringContainsString('nesting deeper than 64 levels', $outcome, $impl);
        }
        $map = ['type' => 'map', 'default' => []];
        $map['default']['self'] = &$map['default'];
        foreach (self::normalizeAll($map) as $impl => $outcome) {
            self::assertStringStartsWith('ValueError: default.self.self.', $outcome, $impl);
        }
    }

    public function testNestingLimitIs64(): void
    {
        $ok = ['type' => 'string'];
        for ($i = 0; $i < 64; $i++) {
            $ok = ['type' => 'list', 'items' => $ok];
        }
        foreach (self::normalizeAll($ok) as $impl => $outcome) {
            self::assertStringStartsWith('{"type":"array"', $outcome, $impl);
        }
        $deep = ['type' => 'list', 'items' => $ok];
        foreach (self::normalizeAll($deep) as $impl => $outcome) {
            self::assertStringStartsWith('ValueError: ' . str_repeat('items.', 64) . 'items: nesting deeper than 64 levels', $outcome, $impl);
        }
    }

    /** @return iterable<string, array{array<mixed>, string}> */
    public static function badDefinitions(): iterable
    {
        yield 'object default' => [['type' => 'string', 'default' => new \stdClass()], 'ValueError: default: must not be an object or resource'];
        yield 'NaN example' => [['type' => 'float', 'examples' => [NAN]], 'ValueError: examples.0: must be a finite number'];
        yield 'INF choice' => [['type' => 'float', 'constraints' => ['Choice' => [1.0, INF]]], 'ValueError: constraints.Choice.1: must be a finite number'];
        yield 'invalid UTF-8 label' => [['type' => 'string', 'label' => "\xff"], 'ValueError: label: must be valid UTF-8'];
        yield 'invalid UTF-8 property name' => [['type' => 'map', 'properties' => ["\xc3\x28" => ['type' => 'string']]], 'ValueError: properties: property names must be valid UTF-8'];
        yield 'closure as constraint options' => [['type' => 'string', 'constraints' => ['Length' => static fn () => 1]], 'ValueError: constraints.Length: must be a non-negative integer or an array of options'];
        yield 'type is an object' => [['type' => new \ArrayObject()], 'ValueError: type: must be a string'];
        yield 'huge ints are fine' => [['type' => 'float', 'constraints' => ['Range' => ['min' => PHP_INT_MIN, 'max' => PHP_INT_MAX]]], '{"type":"number","minimum":' . PHP_INT_MIN . ',"maximum":' . PHP_INT_MAX . '}'];
        yield 'huge ints on an integer: stated as the constraint gives them' => [['type' => 'integer', 'constraints' => ['Range' => ['min' => PHP_INT_MIN, 'max' => PHP_INT_MAX]]], '{"type":"integer","minimum":' . PHP_INT_MIN . ',"maximum":' . PHP_INT_MAX . '}'];
    }

    /** @dataProvider badDefinitions */
    #[DataProvider('badDefinitions')]
    public function testBadDefinitions(array $def, string $expected): void
    {
        foreach (self::normalizeAll($def) as $impl => $outcome) {
            self::assertStringStartsWith($expected, $outcome, $impl);
        }
    }

    /**
     * A string another extension writes into in place (sodium_increment()
     * adds one to the bytes of a string held once, without clearing the
     * engine's "valid UTF-8" flag) is checked again: "\x7f\x7f\x7f" was valid
     * UTF-8, "\x80\x7f\x7f" is not, whatever flag the first call left on it.
     *
     * @requires extension sodium
     */
    #[RequiresPhpExtension('sodium')]
    public function testAStringWrittenInPlaceIsCheckedAgain(): void
    {
        foreach (['label', 'description'] as $key) {
            foreach (Implementations::normalizers() as $impl => $f) {
                // Made at run time: a refcounted string held by the array only.
                $def = ['type' => 'string', $key => str_repeat("\x7f", 3)];
                self::assertStringStartsWith('{"description":', Implementations::normalizeOutcome($f, $def, []), "$impl, $key");
                self::assertSame(1, preg_match('//u', $def[$key]));
                sodium_increment($def[$key]);
                self::assertSame("\x80\x7f\x7f", $def[$key]);
                self::assertSame(
                    "ValueError: $key: must be valid UTF-8\nwarnings: []",
                    Implementations::normalizeOutcome($f, $def, []),
                    "$impl, $key"
                );
            }
        }
    }

    /** @return iterable<string, array{mixed, array<mixed>}> */
    public static function oddValues(): iterable
    {
        $rec = [1];
        $rec[] = &$rec;
        yield 'recursive list' => [$rec, ['type' => 'list', 'items' => ['type' => 'integer']]];
        yield 'object' => [new \stdClass(), ['type' => 'map', 'properties' => ['a' => ['type' => 'integer']]]];
        yield 'NaN' => [NAN, ['type' => 'integer']];
        yield 'INF' => [INF, ['type' => 'integer']];
        yield 'invalid UTF-8' => ["\xff", ['type' => 'boolean']];
        yield 'huge numeric string' => [str_repeat('9', 100000), ['type' => 'integer']];
        yield '2^63 as float' => [9.2233720368547758E+18, ['type' => 'integer']];
    }

    /** @dataProvider oddValues */
    #[DataProvider('oddValues')]
    public function testOddValuesComeBackUnchanged(mixed $value, array $def): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            $out = $f($value, $def, []);
            if (\is_float($value) && is_nan($value)) {
                self::assertTrue(\is_float($out) && is_nan($out), $impl);
            } elseif (\is_object($value)) {
                self::assertSame($value, $out, $impl);
            } else {
                self::assertSame(Implementations::describe($value), Implementations::describe($out), $impl);
            }
        }
    }

    public function testCoercingNeverWritesThroughReferences(): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            $n = '5';
            $value = ['n' => &$n];
            $out = $f($value, ['type' => 'map', 'properties' => ['n' => ['type' => 'integer']]], []);
            self::assertSame(['n' => 5], $out, $impl);
            self::assertSame('5', $n, "$impl: the caller's variable is untouched");
        }
    }

    public function testAValidPayloadIsReturnedWithoutACopy(): void
    {
        $def = ['type' => 'list', 'items' => ['type' => 'map', 'properties' => ['id' => ['type' => 'integer'], 'name' => ['type' => 'string']]]];
        $payload = [];
        for ($i = 0; $i < 20000; $i++) {
            $payload[] = ['id' => $i, 'name' => "item $i"];
        }
        foreach (Implementations::coercers() as $impl => $f) {
            $before = memory_get_usage();
            $out = $f($payload, $def, []);
            $grown = memory_get_usage() - $before;
            self::assertSame($payload, $out, $impl);
            self::assertLessThan(4096, $grown, "$impl: an unchanged payload must be shared, not copied ($grown bytes)");
            unset($out);
        }
    }

    /**
     * The one spelling of a key in a path (src/error.rs `push_key`, same
     * vectors as its unit test): NUL and bytes outside well-formed UTF-8 as
     * `\xNN`.
     *
     * @return iterable<string, array{int|string, string}>
     */
    public static function keySpellings(): iterable
    {
        yield 'empty' => ['', ''];
        yield 'UTF-8' => ['name é 😀', 'name é 😀'];
        yield 'a literal \x41' => ['\x41', '\x41'];
        yield 'lone byte' => ["\xff", '\xff'];
        yield 'mixed' => ["a\xc3\xa9\xff b", 'aé\xff b'];
        yield 'truncated' => ["\xe2\x82", '\xe2\x82'];
        yield 'truncated, then ASCII' => ["\xe2\x82a", '\xe2\x82a'];
        yield 'truncated 4-byte' => ["\xf0\x9f\x98", '\xf0\x9f\x98'];
        yield 'overlong 2-byte' => ["\xc0\xaf", '\xc0\xaf'];
        yield 'overlong 3-byte' => ["\xe0\x80\x80", '\xe0\x80\x80'];
        yield 'surrogate' => ["\xed\xa0\x80", '\xed\xa0\x80'];
        yield 'above U+10FFFF' => ["\xf4\x90\x80\x80", '\xf4\x90\x80\x80'];
        yield 'continuation, then UTF-8' => ["\x80\xc3\xa9", '\x80é'];
        yield 'NUL' => ["a\0b\0", 'a\x00b\x00'];
        yield 'int' => [-5, '-5'];
    }

    /** @dataProvider keySpellings */
    #[DataProvider('keySpellings')]
    public function testKeySpelling(int|string $key, string $expected): void
    {
        self::assertSame($expected, Path::key($key));
    }

    /** @return iterable<string, array{string, string}> */
    public static function nonUtf8KeysInErrors(): iterable
    {
        yield 'normalize, unknown option' => ['normalize', 'ValueError: options.a\xff: unknown option'];
        yield 'coerce, unknown option' => ['coerce-option', 'ValueError: options.\xe2\x82: unknown option'];
        yield 'coerce, property name' => ['coerce-property', 'ValueError: properties.pé\xff.type: must be a string'];
        yield 'coerce, choice key' => ['coerce-choice', 'ValueError: constraints.Choice.choices.\xf0\x9f\x98: must be a scalar'];
    }

    /**
     * A key that is not UTF-8 is spelled the same way in every error path, by
     * both implementations.
     *
     * @dataProvider nonUtf8KeysInErrors
     */
    #[DataProvider('nonUtf8KeysInErrors')]
    public function testANonUtf8KeyInAnErrorPath(string $where, string $expected): void
    {
        if ($where === 'normalize') {
            foreach (self::normalizeAll(['type' => 'string'], ["a\xff" => 1]) as $impl => $outcome) {
                self::assertSame($expected . "\nwarnings: []", $outcome, $impl);
            }
            return;
        }
        [$def, $opts] = match ($where) {
            'coerce-option' => [['type' => 'string'], ["\xe2\x82" => 1]],
            'coerce-property' => [['type' => 'map', 'properties' => ["p\xc3\xa9\xff" => ['type' => 5]]], []],
            'coerce-choice' => [['type' => 'string', 'constraints' => ['Choice' => ['choices' => ["\xf0\x9f\x98" => []]]]], []],
        };
        foreach (Implementations::coercers() as $impl => $f) {
            self::assertSame($expected, Implementations::coerceOutcome($f, 'x', $def, $opts), $impl);
        }
    }

    /**
     * Random byte strings as keys: native and PHP spell them alike.
     *
     * @group native
     */
    #[Group('native')]
    public function testRandomKeysAreSpelledAlike(): void
    {
        $impls = Implementations::coercers();
        self::assertArrayHasKey('native', $impls, 'compares the extension with the pure-PHP implementation');
        mt_srand(20261130);
        $pieces = ["\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xe2\x82", "\xf0\x9f", "\xc0", "\xed\xa0\x80", "\x80", "\xff", 'a', '.', '\\', '?'];
        for ($i = 0; $i < 2000; $i++) {
            $key = '';
            for ($j = mt_rand(1, 6); $j > 0; $j--) {
                $key .= mt_rand(0, 1) === 0 ? $pieces[array_rand($pieces)] : \chr(mt_rand(0, 255));
            }
            $php = Implementations::coerceOutcome($impls['php'], 1, ['type' => 'integer'], [$key => 1]);
            $native = Implementations::coerceOutcome($impls['native'], 1, ['type' => 'integer'], [$key => 1]);
            self::assertSame($php, $native, 'key ' . bin2hex($key));
            self::assertSame(1, preg_match('//u', $php), 'the message is valid UTF-8: ' . bin2hex($key));
            self::assertStringNotContainsString("\0", $php, 'no NUL: ' . bin2hex($key));
        }
    }
}
