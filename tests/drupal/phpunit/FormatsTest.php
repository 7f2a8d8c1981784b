<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool_schema\Validation\Formats;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * The formats the module's validator checks itself (Validation\Formats), as
 * the project's referee does (ajv-formats 3.0.1, full mode): each expected
 * verdict is ajv-formats', checked when the cases were written; more probes
 * and every fixture and differential pair are compared with ajv by
 * tests/drupal/validator_verdicts.php.
 */
final class FormatsTest extends TestCase
{
    /** @return list<array{0: string, 1: string, 2: bool}> [format, value, ajv-formats' verdict] */
    public static function verdicts(): array
    {
        return [
            ['date', '2024-01-15', true],
            ['date', '0000-01-01', true],
            ['date', '2024-02-29', true],
            ['date', '2023-02-29', false],
            ['date', '2000-02-29', true],
            ['date', '1900-02-29', false],
            ['date', '2024-04-31', false],
            ['date', '2024-13-01', false],
            ['date', '2024-00-10', false],
            ['date', '2024-1-15', false],
            ['date', "2024-01-15\u{A}", false],
            ['date', '2024-01-15T00:00:00Z', false],
            ['date', "\u{662}\u{660}\u{662}\u{664}-01-15", false],
            ['time', '10:30:00Z', true],
            ['time', '10:30:00z', true],
            ['time', '10:30:00+01:00', true],
            ['time', '10:30:00-0130', true],
            ['time', '10:30:00+01', true],
            ['time', '10:30:00', false],
            ['time', '24:00:00Z', false],
            ['time', '23:59:60Z', true],
            ['time', '22:59:60-01:00', true],
            ['time', '00:59:60+01:00', true],
            ['time', '10:59:60Z', false],
            ['time', '10:30:59.99999999999999999Z', false],
            ['time', '10:30:00+24:00', false],
            ['time', '10:60:00Z', false],
            ['time', "10:30:00Z\u{A}", false],
            ['date-time', '2024-01-15T10:30:00Z', true],
            ['date-time', '2024-01-15t10:30:00z', true],
            ['date-time', '2024-01-15 10:30:00+00:00', true],
            ['date-time', "2024-01-15\u{A0}10:30:00Z", true],
            ['date-time', "2024-01-15\u{85}10:30:00Z", false],
            ['date-time', '2024-01-15T10:30:00', false],
            ['date-time', '2024-01-15TT10:30:00Z', false],
            ['date-time', '2024-02-30T10:30:00Z', false],
            ['date-time', '2016-12-31T23:59:60+00:00', true],
            ['date-time', "2024-01-15T10:30:00Z\u{A}", false],
            ['duration', 'P1D', true],
            ['duration', 'PT1H', true],
            ['duration', 'P1Y2M3DT4H5M6S', true],
            ['duration', 'P1W', true],
            ['duration', 'P1Y1W', false],
            ['duration', 'P', false],
            ['duration', 'PT', false],
            ['duration', 'P1DT', false],
            ['duration', 'P1.5D', false],
            ['duration', 'P1Y2D', true],
            ['duration', 'p1d', false],
            ['duration', "P1D\u{A}", false],
            ['uri', 'https://example.com', true],
            ['uri', 'http://a_b.example.com/%20', true],
            ['uri', 'https://example.com:99999', true],
            ['uri', 'x:', false],
            ['uri', 'x:y', true],
            ['uri', 'x:/[::1]', true],
            ['uri', 'https://[::ffff:001.2.3.4]/', true],
            ['uri', 'https://[::ffff:256.2.3.4]/', false],
            ['uri', '//example.com', false],
            ['uri', 'relative', false],
            ['uri', 'https://exa mple.com', false],
            ['uri', "https://example.com/\u{E4}", false],
            ['uri', 'https://example.com/%zz', false],
            ['uri', 'https://example.com/#a#b', false],
            ['uri', 'a:?q', false],
            ['uri', "https://example.com\u{A}", false],
            ['email', 'user@example.com', true],
            ['email', 'first.last+tag@sub.example.co', true],
            ['email', 'user@localhost', false],
            ['email', 'user@[127.0.0.1]', false],
            ['email', '"quoted"@example.com', false],
            ['email', 'a..b@example.com', false],
            ['email', 'user@-example.com', false],
            ['email', 'user@ex_ample.com', false],
            ['email', "\u{FC}ser@example.com", false],
            ['email', 'USER@EXAMPLE.COM', true],
            ['email', "user@example.com\u{A}", false],
            ['hostname', 'example.com', true],
            ['hostname', 'example.com.', true],
            ['hostname', '-a.com', false],
            ['hostname', 'a_b.com', false],
            ['hostname', 'a..b', false],
            ['hostname', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com', false],
            ['hostname', "ex\u{E4}mple.com", false],
            ['hostname', "example.com\u{A}", false],
            ['hostname', '', false],
            ['ipv4', '127.0.0.1', true],
            ['ipv4', '255.255.255.255', true],
            ['ipv4', '256.0.0.1', false],
            ['ipv4', '01.2.3.4', false],
            ['ipv4', '1.2.3', false],
            ['ipv4', "1.2.3.4\u{A}", false],
            ['ipv6', '::', true],
            ['ipv6', '::1', true],
            ['ipv6', '1:2:3:4:5:6:7:8', true],
            ['ipv6', '1:2:3:4:5:6:7::', true],
            ['ipv6', '1:2:3:4:5:6:7:8:9', false],
            ['ipv6', '1::2::3', false],
            ['ipv6', '::ffff:1.2.3.4', true],
            ['ipv6', '::ffff:01.2.3.4', false],
            ['ipv6', '1:2:3:4:5:6:7:1.2.3.4', false],
            ['ipv6', 'fe80::1%eth0', false],
            ['ipv6', 'FE80::ABCD', true],
            ['ipv6', "::1\u{A}", false],
            ['uuid', '4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', true],
            ['uuid', '4F1C0E36-2B8C-4A5E-9B1A-3C6F2D7E8A90', true],
            ['uuid', 'urn:uuid:4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90', true],
            ['uuid', '4f1c0e362b8c4a5e9b1a3c6f2d7e8a90', false],
            ['uuid', '{4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90}', false],
            ['uuid', "4f1c0e36-2b8c-4a5e-9b1a-3c6f2d7e8a90\u{A}", false],
        ];
    }

    /** @dataProvider verdicts */
    #[DataProvider('verdicts')]
    public function testTheVerdictIsAjvFormats(string $format, string $value, bool $valid): void
    {
        self::assertSame($valid, Formats::check($format, $value));
    }

    public function testAFormatNotCheckedHereIsNull(): void
    {
        self::assertNull(Formats::check('regex', '['));
        self::assertNull(Formats::check('idn-email', 'x'));
    }

    public function testTheRulesTheSpecificationsLeaveOpen(): void
    {
        // Leap seconds: 23:59:60 in UTC only, the offset counted.
        self::assertTrue(Formats::time('23:59:60Z'));
        self::assertTrue(Formats::time('00:59:60+01:00'));
        self::assertFalse(Formats::time('12:59:60Z'));
        // The date-time separator: exactly one T, t or JavaScript white space.
        self::assertTrue(Formats::dateTime("2024-01-15\u{3000}10:30:00Z"));
        self::assertFalse(Formats::dateTime('2024-01-15T10:30:00ZT'));
        // A host name of 253 characters besides a final dot.
        $name = implode('.', array_fill(0, 63, 'abc')) . '.a';
        self::assertSame(253, \strlen($name));
        self::assertTrue(Formats::hostname($name));
        self::assertTrue(Formats::hostname("$name."));
        self::assertFalse(Formats::hostname("{$name}b"));
        // IPv6: at most seven groups around "::", an IPv4 tail counting two.
        self::assertTrue(Formats::ipv6('1:2:3:4:5::1.2.3.4'));
        self::assertFalse(Formats::ipv6('1:2:3:4:5:6::1.2.3.4'));
    }

    /** The checks as opis formats: registered on the resolver for strings. */
    public function testRegisteredWithOpis(): void
    {
        Deps::get()->useOpis();
        $resolver = new \Opis\JsonSchema\Resolvers\FormatResolver();
        Formats::register($resolver);
        foreach (array_keys(Formats::CHECKS) as $format) {
            self::assertIsCallable($resolver->resolve($format, 'string'));
        }
        self::assertFalse(\call_user_func($resolver->resolve('date-time', 'string'), '2024-01-15T10:30:00'));
    }
}
