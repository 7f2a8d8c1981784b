<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool_schema\Validation\EcmaPattern;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * JSON Schema patterns (ECMA-262, `new RegExp(pattern, 'u')`) as PCRE for
 * the module's validator (Validation\EcmaPattern): each expected verdict is
 * node's (v20), checked when the cases were written; the whole syntax
 * pcre2ecma emits is also compared with ajv on every fixture and pair by
 * tests/drupal/validator_verdicts.php.
 */
final class EcmaPatternTest extends TestCase
{
    /** @return list<array{0: string, 1: string, 2: bool}> [pattern, subject, node's verdict] */
    public static function verdicts(): array
    {
        return [
            ['^.$', 'a', true],
            ['^.$', "\u{A}", false],
            ['^.$', "\u{D}", false],
            ['^.$', "\u{2028}", false],
            ['^.$', "\u{2029}", false],
            ['^.$', "\u{85}", true],
            ['^.$', "\u{1F600}", true],
            ['^.$', '', false],
            ['^[^]$', "\u{A}", true],
            ['^[^]$', "\u{1F600}", true],
            ['^[^]$', '', false],
            ['[]', '', false],
            ['[]', 'a', false],
            ['^\\s$', ' ', true],
            ['^\\s$', "\u{A0}", true],
            ['^\\s$', "\u{FEFF}", true],
            ['^\\s$', "\u{2028}", true],
            ['^\\s$', "\u{3000}", true],
            ['^\\s$', "\u{85}", false],
            ['^\\s$', "\u{180E}", false],
            ['^\\s$', 'x', false],
            ['^\\S+$', 'abc', true],
            ['^\\S+$', "a\u{A0}b", false],
            ['^\\S+$', "a\u{85}b", true],
            ['^\\d+$', '123', true],
            ['^\\d+$', "\u{661}\u{662}\u{663}", false],
            ['^\\d+$', "\u{FF11}", false],
            ['^\\w+$', 'a_1', true],
            ['^\\w+$', "\u{E9}", false],
            ['^\\w+$', "\u{1C5}", false],
            ['\\bfoo\\b', 'a foo b', true],
            ['\\bfoo\\b', 'foox', false],
            ['\\bfoo\\b', "\u{E9}foo\u{E9}", true],
            ['\\Bo', 'foo', true],
            ['\\Bo', 'o', false],
            ['^\\u00e9$', "\u{E9}", true],
            ['^\\u00e9$', 'e', false],
            ['^\\u{1F600}$', "\u{1F600}", true],
            ['^\\u{1F600}$', '?', false],
            ['^\\uD83D\\uDE00$', "\u{1F600}", true],
            ['^[\\uD83D\\uDE00]$', "\u{1F600}", true],
            ['^[A-Z\\u{C0}-\\u{D6}]+$', "AB\u{C0}\u{D6}", true],
            ['^[A-Z\\u{C0}-\\u{D6}]+$', "A\u{D7}", false],
            ['^[A-Z\\u{C0}-\\u{D6}]+$', 'a', false],
            ['^(a)\\1$', 'aa', true],
            ['^(a)\\1$', 'a', false],
            ['^(?<n>a)\\k<n>$', 'aa', true],
            ['^(?<n>a)\\k<n>$', 'ab', false],
            ['^\\1(a)$', 'a', true],
            ['^\\1(a)$', 'aa', false],
            ['^(?:(a)|b)\\1c$', 'bc', true],
            ['^(?:(a)|b)\\1c$', 'aac', true],
            ['^(?:(a)|b)\\1c$', 'ac', false],
            ['^(?=(?<a1>a+))\\k<a1>b', 'aab', true],
            ['^(?=(?<a1>a+))\\k<a1>b', 'b', false],
            ['^(?:(?=(?<a1>[a-z]+))\\k<a1>,)*$', 'ab,cd,', true],
            ['^(?:(?=(?<a1>[a-z]+))\\k<a1>,)*$', 'ab', false],
            ['^(?:(?=(?<a1>[a-z]+))\\k<a1>,)*$', '', true],
            ['(?<=ab?)x', 'abx', true],
            ['(?<=ab?)x', 'ax', true],
            ['(?<=ab?)x', 'bx', false],
            ['(?<=ab?)x', 'x', false],
            ['(?<!ab?)x', 'abx', false],
            ['(?<!ab?)x', 'ax', false],
            ['(?<!ab?)x', 'bx', true],
            ['(?<!ab?)x', 'x', true],
            ['(?<=a|bc)x', 'ax', true],
            ['(?<=a|bc)x', 'bcx', true],
            ['(?<=a|bc)x', 'cx', false],
            ['(?=a)b?a', 'a', true],
            ['(?=a)b?a', 'xa', true],
            ['(?=a)b?a', 'ba', true],
            ['(?=a)b?a', 'b', false],
            ['^\\cJ$', "\u{A}", true],
            ['^\\cJ$', 'J', false],
            ['^\\0$', "\u{0}", true],
            ['^\\0$', '0', false],
            ['^[\\b]$', "\u{8}", true],
            ['^[\\b]$', 'b', false],
            ['^\\v$', "\u{B}", true],
            ['^\\v$', "\u{A}", false],
            ['^[\\d-]+$', '1-2', true],
            ['^[\\d-]+$', 'a', false],
            ['^a{2,3}?$', 'aa', true],
            ['^a{2,3}?$', 'aaa', true],
            ['^a{2,3}?$', 'aaaa', false],
            ['^\\p{L}+$', "ab\u{E9}", true],
            ['^\\p{L}+$', 'a1', false],
            ['^\\p{Lu}$', 'A', true],
            ['^\\p{Lu}$', 'a', false],
            ['^\\P{Letter}$', '1', true],
            ['^\\P{Letter}$', 'a', false],
            ['^[\\p{N}a]+$', "1a\u{662}", true],
            ['^[\\p{N}a]+$', 'b', false],
            ['^\\p{Script=Greek}+$', "\u{3B1}\u{3B2}", true],
            ['^\\p{Script=Greek}+$', 'a', false],
            ['^[^\\p{L}]$', '1', true],
            ['^[^\\p{L}]$', 'a', false],
            ['^x|$', '', true],
            ['^x|$', 'y', true],
            ['^[\\s\\S]$', "\u{A}", true],
            ['^[\\s\\S]$', 'a', true],
            ['^a$', 'a', true],
            ['^a$', "a\u{A}", false],
            ['^\\/$', '/', true],
            ['^[\\-]$', '-', true],
            ['^\\p{Any}$', "\u{1F600}", true],
            ['^\\p{ASCII}+$', 'abc', true],
            ['^\\p{ASCII}+$', "\u{E9}", false],
            ['^[^\\x00-\\x7f]$', "\u{E9}", true],
            ['^[^\\x00-\\x7f]$', 'a', false],
            ['^-?\\d+(\\.\\d+)?$', '-0.5', true],
            ['^-?\\d+(\\.\\d+)?$', '1.', false],
            ['^-?\\d+(\\.\\d+)?$', "\u{661}", false],
        ];
    }

    /** @dataProvider verdicts */
    #[DataProvider('verdicts')]
    public function testTheVerdictIsEcmaScripts(string $pattern, string $subject, bool $matches): void
    {
        self::assertSame($matches, EcmaPattern::matches($pattern, $subject), EcmaPattern::toPcre($pattern) ?? 'not translated');
    }

    /** @return list<array{0: string}> patterns node refuses under the u flag */
    public static function invalid(): array
    {
        return [['(?i:a)'], ['a{,3}'], ['{'], ['a**'], ['\\k<x>'], ['(?<a>x)(?<a>y)'], ['\\x4'], ['\\-'], ['\\p{Foo=Bar}'], ['\\u{110000}'], ['[b-a]'], ['[\\d-a]'], ['(?=a)*'], ['\\8'], ['a)'], ['(a'], ['\\'], ['[a']];
    }

    /** @dataProvider invalid */
    #[DataProvider('invalid')]
    public function testAnInvalidPatternIsNotTranslated(string $pattern): void
    {
        [$regex, $reason] = EcmaPattern::translate($pattern);
        self::assertNull($regex);
        self::assertNotSame('', (string) $reason);
        self::assertNull(EcmaPattern::matches($pattern, 'a'));
    }

    /** What PCRE cannot do as ECMA-262 does: not translated, with the reason, never an exception. */
    public function testWhatPcreCannotDoIsNotTranslated(): void
    {
        self::assertStringContainsString('lookbehind', (string) EcmaPattern::translate('(?<=a+)b')[1], 'an unbounded lookbehind (PCRE2 10.42; 10.46 takes up to 255)');
        self::assertStringContainsString('repetition', (string) EcmaPattern::translate('((a)|b)+\\2')[1], 'ECMA clears a repeated group at each iteration');
        self::assertStringContainsString('65535', (string) EcmaPattern::translate('a{99999}')[1]);
        self::assertSame([null, 'longer than 65536 bytes'], EcmaPattern::translate(str_repeat('a', 65537)));
    }

    /** The translation is pure ASCII PCRE: no delimiter or control character of the pattern reaches it as such. */
    public function testTheTranslationIsSpelledOut(): void
    {
        self::assertSame('/(*NO_START_OPT)\\A[\\x{30}-\\x{39}]+\\z/u', EcmaPattern::toPcre('^\\d+$'));
        self::assertSame('/(*NO_START_OPT)a\\x{2F}\\x{7}\\x{A}/u', EcmaPattern::toPcre("a\\/\\x07\\n"));
        self::assertSame('/(*NO_START_OPT)(?=(?<g1>[\\x{61}-\\x{7A}]+))(?(<g1>)\\k<g1>|)b/u', EcmaPattern::toPcre('(?=(?<a1>[a-z]+))\\k<a1>b'), 'named groups are numbered');
        // A lookbehind of variable length: one branch per length.
        self::assertSame(1, preg_match((string) EcmaPattern::toPcre('(?<=ab?)x'), 'ax'));
        self::assertSame(0, preg_match((string) EcmaPattern::toPcre('(?<=ab?)x'), 'bx'));
    }
}
