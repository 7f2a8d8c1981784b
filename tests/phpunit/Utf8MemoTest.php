<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Model\Vocab;

/**
 * Vocab::validUtf8() remembers its answer for short strings: the answer
 * must be the one preg_match('//u') gives, the first time and every time
 * after, and the memo must stay bounded.
 */
final class Utf8MemoTest extends TestCase
{
    protected function setUp(): void
    {
        self::memo([]);
    }

    protected function tearDown(): void
    {
        self::memo([]);
    }

    /** @param array<array-key, bool>|null $set */
    private static function memo(?array $set = null): array
    {
        $p = new \ReflectionProperty(Vocab::class, 'utf8');
        if ($set !== null) {
            $p->setValue(null, $set);
        }
        return $p->getValue();
    }

    /** @return array<string, array{string, bool}> */
    public static function strings(): array
    {
        return [
            'ascii' => ['Entity Type ID', true],
            'two-byte' => ["Caf\u{e9}", true],
            'four-byte' => ["\u{1F600}", true],
            'numeric (an int key in the memo)' => ['123', true],
            'lone continuation byte' => ["a\x80b", false],
            'truncated sequence' => ["\xE2\x82", false],
            'overlong' => ["\xC0\xAF", false],
            'surrogate' => ["\xED\xA0\x80", false],
            'above U+10FFFF' => ["\xF4\x90\x80\x80", false],
            'long, invalid at the end (not remembered)' => [str_repeat('x', 300) . "\xff", false],
            'long, valid (not remembered)' => [str_repeat("\u{e9}", 200), true],
        ];
    }

    /** @dataProvider strings */
    #[DataProvider('strings')]
    public function testTheAnswerIsPcresEveryTime(string $s, bool $valid): void
    {
        self::assertSame($valid, preg_match('//u', $s) === 1, 'the case itself');
        self::assertSame($valid, Vocab::validUtf8($s), 'first call');
        self::assertSame($valid, Vocab::validUtf8($s), 'remembered');
        self::assertSame(\strlen($s) <= 256, \array_key_exists($s, self::memo()), 'kept only when short');
    }

    public function testARememberedAnswerIsNotSharedBetweenDifferentStrings(): void
    {
        self::assertTrue(Vocab::validUtf8('a'));
        self::assertFalse(Vocab::validUtf8("a\xff"));
        self::assertTrue(Vocab::validUtf8('a'));
        self::assertSame(['a' => true, "a\xff" => false], self::memo());
    }

    public function testTheMemoIsBounded(): void
    {
        for ($i = 0; $i < 10000; $i++) {
            self::assertTrue(Vocab::validUtf8("label $i"));
        }
        self::assertFalse(Vocab::validUtf8("\xff"));
        $memo = self::memo();
        self::assertLessThanOrEqual(4096, \count($memo));
        self::assertGreaterThan(0, \count($memo));
        self::assertFalse($memo["\xff"]);
    }
}
