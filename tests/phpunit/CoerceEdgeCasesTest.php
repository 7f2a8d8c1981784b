<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * coerce_input() on what JSON fixtures cannot express: references, recursive
 * arrays, objects, invalid UTF-8, NaN/INF, huge strings and JSON, a definition
 * loop, options. Each runs against every implementation available (pure PHP
 * always, native when loaded). (Formerly tests/php/coerce_fixtures.php, which
 * ran them against the pure-PHP coercer only.)
 */
final class CoerceEdgeCasesTest extends TestCase
{
    private const INT = ['type' => 'integer'];
    private const MAP = ['type' => 'map', 'properties' => ['a' => self::INT]];
    private const LIST = ['type' => 'list', 'items' => self::INT];
    private const CHOICE = ['type' => 'string', 'constraints' => ['Choice' => ['article']]];

    public function testReferencesAreReadThroughNeverWrittenThrough(): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            $x = '5';
            $arr = ['a' => &$x, 'b' => 1];
            $r = $f($arr, self::MAP, []);
            self::assertSame(5, $r['a'], "$impl: reference read through");
            self::assertSame('5', $x, "$impl: the referenced variable is untouched");
            $r['a'] = 7;
            self::assertSame('5', $x, "$impl: the result holds no reference");
            self::assertSame('5', $arr['a'], $impl);
            $y = [1, '2'];
            $holder = [&$y];
            self::assertSame([1, 2], $f($holder[0], self::LIST, []), "$impl: a referenced list");
            self::assertSame([1, '2'], $y, $impl);
        }
    }

    public function testRecursiveValuesAreWalkedOnlyAsDeepAsTheDefinition(): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            $rec = ['a' => '1'];
            $rec['self'] = &$rec;
            $deep = ['type' => 'map', 'properties' => ['a' => self::INT, 'self' => self::MAP]];
            $r = $f($rec, $deep, []);
            self::assertSame(1, $r['a'], $impl);
            self::assertSame(1, $r['self']['a'], $impl);
            self::assertSame('1', $rec['a'], $impl);
            $reclist = [];
            $reclist[0] = &$reclist;
            self::assertSame($reclist, $f($reclist, ['type' => 'list'], []), "$impl: recursive list, any items");
        }
    }

    public function testADefinitionLoopHitsTheDepthLimit(): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            $d = ['type' => 'list'];
            $d['items'] = &$d;
            try {
                $f('5', $d, []);
                self::fail("$impl: a definition loop must throw");
            } catch (\ValueError $e) {
                self::assertStringEndsWith(': nesting deeper than 64 levels', $e->getMessage(), $impl);
            }
        }
    }

    public function testObjectsStayTheSameInstance(): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            $o = new \stdClass();
            $o->a = '5';
            self::assertSame($o, $f($o, self::MAP, []), "$impl: object for map");
            self::assertSame('5', $o->a, $impl);
            self::assertSame($o, $f($o, self::LIST, []), "$impl: object for list");
            self::assertSame($o, $f($o, self::INT, []), "$impl: object for integer");
            $c = static fn () => 1;
            self::assertSame($c, $f($c, ['type' => 'string'], []), "$impl: closure for string");
        }
    }

    /** @return iterable<string, array{array<mixed>, string}> */
    public static function invalidUtf8(): iterable
    {
        yield 'integer' => [self::INT, "5\xff"];
        yield 'choice, suffix' => [self::CHOICE, "Article\xff"];
        yield 'choice, prefix' => [self::CHOICE, "\xffarticle"];
        yield 'JSON list' => [self::LIST, "[\"\xff\"]"];
        yield 'date-time' => [['type' => 'datetime_iso8601'], "2024-01-15T10:30:00Z\xff"];
        yield 'boolean' => [['type' => 'boolean'], "true\xff"];
    }

    /** @dataProvider invalidUtf8 */
    #[DataProvider('invalidUtf8')]
    public function testInvalidUtf8Stays(array $def, string $value): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            self::assertSame($value, $f($value, $def, []), $impl);
        }
    }

    public function testInvalidUtf8IsWrappedForAList(): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            self::assertSame(["\xff"], $f("\xff", ['type' => 'list'], []), $impl);
        }
    }

    public function testNonFiniteFloatsStay(): void
    {
        $defs = [self::INT, ['type' => 'boolean'], ['type' => 'float'], ['type' => 'timestamp'], ['type' => 'decimal']];
        foreach (Implementations::coercers() as $impl => $f) {
            foreach ([NAN, INF, -INF] as $x) {
                foreach ($defs as $def) {
                    $got = $f($x, $def, []);
                    $what = "$impl: " . var_export($x, true) . ' for ' . $def['type'];
                    self::assertIsFloat($got, $what);
                    if (is_nan($x)) {
                        self::assertNan($got, $what);
                    } else {
                        self::assertSame($x, $got, $what);
                    }
                }
            }
            self::assertSame('NaN', $f('NaN', ['type' => 'float'], []), $impl);
        }
    }

    public function testHugeStringsAndJson(): void
    {
        $huge = str_repeat('1', 1000000);
        $hugeJson = '[' . str_repeat('1,', 600000) . '1]';
        $bigJson = '[' . str_repeat('1,', 400000) . '1]';
        $hugeChoice = str_repeat(' ', 2000) . 'Article';
        $deepJson = str_repeat('[', 100000);
        foreach (Implementations::coercers() as $impl => $f) {
            self::assertSame($huge, $f($huge, self::INT, []), "$impl: huge numeric string");
            self::assertSame($huge, $f($huge, ['type' => 'float'], []), "$impl: huge float string");
            self::assertSame($hugeJson, $f($hugeJson, ['type' => 'list'], []), "$impl: JSON over 1 MiB stays");
            self::assertCount(400001, $f($bigJson, ['type' => 'list'], []), "$impl: JSON under 1 MiB decodes");
            self::assertSame($hugeChoice, $f($hugeChoice, self::CHOICE, []), "$impl: huge choice stays");
            self::assertSame($deepJson, $f($deepJson, ['type' => 'list'], []), "$impl: deep broken JSON stays");
        }
    }

    public function testAnUnchangedPayloadIsShared(): void
    {
        $payload = [];
        for ($i = 0; $i < 20000; $i++) {
            $payload[] = ['id' => $i, 'name' => "n$i", 'ok' => true];
        }
        $def = ['type' => 'list', 'items' => ['type' => 'map', 'properties' => [
            'id' => self::INT, 'name' => ['type' => 'string'], 'ok' => ['type' => 'boolean'],
        ]]];
        foreach (Implementations::coercers() as $impl => $f) {
            $before = memory_get_usage();
            $same = $f($payload, $def, []);
            $grown = memory_get_usage() - $before;
            self::assertSame($payload, $same, $impl);
            self::assertLessThan(4096, $grown, "$impl: an unchanged payload must be shared ($grown bytes)");
            unset($same);
        }
    }

    public function testUnknownOption(): void
    {
        foreach (Implementations::coercers() as $impl => $f) {
            try {
                $f(1, self::INT, ['strict' => true]);
                self::fail("$impl: an unknown option must throw");
            } catch (\ValueError $e) {
                self::assertSame('options.strict: unknown option', $e->getMessage(), $impl);
            }
        }
    }
}
