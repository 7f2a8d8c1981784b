<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * B1's JSON decoder against PHP's own json_decode($s, true): the extension
 * decodes JSON strings itself (src/coerce/json_string.rs), straight into PHP
 * arrays, and must read exactly what json_decode reads and fail exactly where
 * it fails. Each string goes through coerce_input() with a list or map
 * definition that walks nothing, so the result is the decoded value itself (or
 * the string, unchanged), for every implementation available; the expected
 * value is computed here with json_decode. Compared with serialize(), which
 * tells int from float, -0.0 from 0.0, and keeps key types and order.
 */
final class JsonDecodeTest extends TestCase
{
    /** What coerce_input() must return for $s with B1's rule over json_decode. */
    private static function expected(string $s, string $type): mixed
    {
        $open = $type === 'list' ? '[' : '{';
        $i = strspn($s, " \t\n\r");
        if ($i >= \strlen($s) || $s[$i] !== $open || \strlen($s) > 1048576) {
            return null; // not decided by B1: the caller skips it
        }
        $d = json_decode($s, true);
        if (json_last_error() !== JSON_ERROR_NONE || !self::finite($d)) {
            return $s;
        }
        return $d;
    }

    private static function finite(mixed $v): bool
    {
        if (\is_float($v)) {
            return is_finite($v);
        }
        if (\is_array($v)) {
            foreach ($v as $x) {
                if (!self::finite($x)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** @return int the number of strings B1 decided */
    private static function check(string $s): int
    {
        $n = 0;
        foreach (['list', 'map'] as $type) {
            $expected = self::expected($s, $type);
            if ($expected === null) {
                continue;
            }
            $n++;
            foreach (Implementations::coercers() as $impl => $f) {
                $got = $f($s, ['type' => $type], []);
                self::assertSame(
                    serialize($expected),
                    serialize($got),
                    "$impl, $type: " . json_encode($s, JSON_INVALID_UTF8_SUBSTITUTE) . ' (hex ' . bin2hex(substr($s, 0, 200)) . ')'
                );
            }
        }
        return $n;
    }

    /** @return iterable<string, array{string}> */
    public static function corpus(): iterable
    {
        $cases = [
            'empty list' => '[]', 'empty object' => '{}', 'spaces' => " \t\n\r[ \t\n\r1 \t\n\r] \t\n\r",
            'scalars' => '[null,true,false,0,-0,1,-1,0.0,-0.0,1.5,1e2,1E+2,1e-2,-0e0,0.1e1]',
            'int64 edges' => '[9223372036854775807,-9223372036854775808,9223372036854775808,-9223372036854775809]',
            'big ints' => '[12345678901234567890,123456789012345678901234567890,-99999999999999999999]',
            'float rounding' => '[0.1,0.30000000000000004,2.2250738585072014e-308,4.9e-324,1.7976931348623157e308]',
            'underflow' => '[1e-400,-1e-400]', 'overflow' => '[1e400]', 'overflow nested' => '{"a":[1,{"b":-1e999}]}',
            'repeated key, overflow replaced' => '{"a":1e400,"a":1}', 'repeated key, overflow last' => '{"a":1,"a":1e400}',
            'numeric keys' => '{"0":"a","1":"b"}', 'numeric keys out of order' => '{"1":"a","0":"b"}',
            'key spellings' => '{"1":1,"01":2,"-0":3,"-1":4," 1":5,"1 ":6,"9223372036854775807":7,"9223372036854775808":8,"1.0":9,"":10,"1":11}',
            'repeated keys' => '{"a":1,"b":2,"a":3,"c":{"x":1,"x":[2]}}',
            'escapes' => '["\\"\\\\\\/\\b\\f\\n\\r\\t","\\u0041\\u00e9\\u20ac\\ud83d\\ude00","\\u0000"]',
            'NUL key' => '{"\\u0000a":1}', 'raw UTF-8' => '["é€😀"]',
            'lone high surrogate' => '["\\ud800"]', 'lone low surrogate' => '["\\udc00"]',
            'high surrogate then letter' => '["\\ud800\\u0041"]', 'high surrogate at end' => '["\\ud83d"]',
            'bad escape' => '["\\x"]', 'short unicode escape' => '["\\u12"]', 'control char' => "[\"a\tb\"]",
            'DEL' => "[\"a\x7fb\"]", 'invalid UTF-8' => "[\"\xff\"]", 'overlong UTF-8' => "[\"\xc0\xaf\"]",
            'surrogate in UTF-8' => "[\"\xed\xa0\x80\"]", 'truncated UTF-8' => "[\"\xe2\x82\"]", 'BOM inside' => "[\xef\xbb\xbf1]",
            'trailing comma' => '[1,]', 'leading zero' => '[01]', 'plus' => '[+1]', 'dot' => '[.5]', 'dot end' => '[5.]',
            'exponent alone' => '[1e]', 'hex' => '[0x1]', 'NaN' => '[NaN]', 'Infinity' => '[-Infinity]',
            'single quotes' => "['a']", 'bare key' => '{a:1}', 'comment' => '[1/*x*/]', 'trailing text' => '[1] x',
            'two values' => '[1][2]', 'unclosed' => '[1,2', 'unclosed string' => '["a]', 'literal case' => '[True]',
            'literal prefix' => '[nul]', 'literal suffix' => '[nullx]', 'colon in list' => '[1:2]', 'comma in object' => '{"a",1}',
            'missing value' => '{"a":}', 'non-string key' => '{1:1}', 'nested ok' => '{"a":{"b":[{"c":null}]}}',
            'form feed' => "[1\f]", 'vertical tab' => "[1\v]", 'NBSP' => "[1\xc2\xa0]", 'NUL byte outside' => "[1]\0",
        ];
        foreach ($cases as $name => $s) {
            yield $name => [$s];
        }
        foreach ([510, 511, 512] as $n) {
            yield "lists nested $n deep" => [str_repeat('[', $n) . str_repeat(']', $n)];
            yield "objects nested $n deep" => [str_repeat('{"a":', $n) . '1' . str_repeat('}', $n)];
            yield "mixed nesting $n deep" => [str_repeat('{"a":[', intdiv($n, 2)) . '1' . str_repeat(']}', intdiv($n, 2)) . ($n % 2 ? '' : '')];
        }
    }

    /** @dataProvider corpus */
    #[DataProvider('corpus')]
    public function testCorpus(string $s): void
    {
        self::assertGreaterThan(0, self::check($s));
    }

    /** A random JSON value, written with random spacing and escapes. */
    private static function randomJson(int $depth): string
    {
        $ws = static fn (): string => mt_rand(0, 3) === 0 ? [' ', "\n", "\t", "\r", '  '][mt_rand(0, 4)] : '';
        $r = mt_rand(0, $depth > 4 ? 5 : 8);
        switch ($r) {
            case 0:
                return ['null', 'true', 'false'][mt_rand(0, 2)];
            case 1:
                return (string) [0, -0, 1, -1, 7, PHP_INT_MAX, PHP_INT_MIN][mt_rand(0, 6)]
                    . ['', '', '0', '.5', 'e3', 'E-2', 'e400', '.0'][mt_rand(0, 7)];
            case 2:
                return ['-0', '9223372036854775808', '-9223372036854775809', '1e-400', '-0.0', '0.1', '123456789012345678901'][mt_rand(0, 6)];
            case 3:
            case 4:
            case 5:
                return self::randomString();
            case 6:
            case 7:
                $items = [];
                for ($i = mt_rand(0, 4); $i > 0; $i--) {
                    $items[] = $ws() . self::randomJson($depth + 1) . $ws();
                }
                return '[' . implode(',', $items) . ']';
            default:
                $keys = ['"a"', '"b"', '"0"', '"1"', '"2"', '"01"', '"-0"', '"-1"', '""', '"\\u0000"', '"\\u00e9"', '"é"'];
                $members = [];
                for ($i = mt_rand(0, 4); $i > 0; $i--) {
                    $members[] = $ws() . $keys[mt_rand(0, \count($keys) - 1)] . $ws() . ':' . $ws() . self::randomJson($depth + 1) . $ws();
                }
                return '{' . implode(',', $members) . '}';
        }
    }

    private static function randomString(): string
    {
        $pieces = ['a', 'é', '€', '😀', '\\"', '\\\\', '\\/', '\\n', '\\u0041', '\\u00e9', '\\ud83d\\ude00', '\\u0000', ' ', '"', "\t", "\xff", '\\ud800', '\\udc00', '\\x'];
        $s = '';
        for ($i = mt_rand(0, 4); $i > 0; $i--) {
            // Mostly valid pieces; the last six break the string.
            $s .= $pieces[mt_rand(0, mt_rand(0, 9) === 0 ? \count($pieces) - 1 : \count($pieces) - 7)];
        }
        return '"' . $s . '"';
    }

    /** A random edit: most results no longer decode, some still do. */
    private static function mutate(string $s): string
    {
        $tokens = ['[', ']', '{', '}', ',', ':', '"', '\\', '0', '-', 'e', '.', ' ', "\xff", "\x00", '1e400', 'null'];
        $at = mt_rand(0, \strlen($s));
        switch (mt_rand(0, 2)) {
            case 0:
                return substr($s, 0, $at) . $tokens[mt_rand(0, \count($tokens) - 1)] . substr($s, $at);
            case 1:
                return substr($s, 0, $at) . substr($s, $at + 1);
            default:
                return substr($s, 0, $at) . $tokens[mt_rand(0, \count($tokens) - 1)] . substr($s, $at + 1);
        }
    }

    /**
     * Seeded random JSON texts and random edits of them (TOOL_SCHEMA_JSON_SEED,
     * TOOL_SCHEMA_JSON_CASES).
     */
    public function testRandomTexts(): void
    {
        $seed = (int) (getenv('TOOL_SCHEMA_JSON_SEED') ?: 20261201);
        $cases = (int) (getenv('TOOL_SCHEMA_JSON_CASES') ?: 20000);
        mt_srand($seed);
        $decided = 0;
        $decoded = 0;
        for ($i = 0; $i < $cases; $i++) {
            $s = (mt_rand(0, 1) === 0 ? '[' . self::randomJson(0) . ']' : '{"k":' . self::randomJson(0) . '}');
            if (mt_rand(0, 2) === 0) {
                $s = self::mutate($s);
            }
            $decided += self::check($s);
            if (json_decode($s, true) !== null) {
                $decoded++;
            }
        }
        // Both outcomes are well represented.
        self::assertGreaterThan($cases / 3, $decoded, "seed $seed");
        self::assertGreaterThan($cases / 10, $decided - $decoded, "seed $seed");
    }
}
