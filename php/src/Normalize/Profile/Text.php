<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Normalize\FormatCorner;
use ToolSchema\Php\Model\Schema;
use ToolSchema\Php\Model\Vocab;

/**
 * Text the profile pass writes into descriptions and warning messages: values
 * as JSON, numbers, plurals, and JSON equality of values
 * (src/normalize/profile/text.rs).
 *
 * Nothing here depends on ini settings (`serialize_precision`): JSON as
 * `json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE |
 * JSON_PRESERVE_ZERO_FRACTION)` writes it with `serialize_precision = -1`,
 * written out by hand; a `stdClass` is read as `(array)` (an empty one is `[]`).
 */
final class Text
{
    /** `$one` or `$many` by count. */
    public static function plural(int $n, string $one, string $many): string
    {
        return $n === 1 ? $one : $many;
    }

    /** `$v` as JSON text. */
    public static function json(mixed $v): string
    {
        $scalar = match (true) {
            \is_bool($v) => $v ? 'true' : 'false',
            \is_int($v) => (string) $v,
            \is_float($v) => self::float($v),
            \is_string($v) => self::string($v),
            default => null,
        };
        if ($scalar !== null) {
            return $scalar;
        }
        // An object of the schema (an empty map's `{}`) is written as one,
        // not as PHP's `[]`.
        $object = $v instanceof \stdClass;
        if ($object) {
            $v = (array) $v;
        }
        if (!\is_array($v)) {
            // null (and what JSON cannot hold).
            return 'null';
        }
        if (!$object && \array_is_list($v)) {
            return '[' . implode(',', array_map([self::class, 'json'], $v)) . ']';
        }
        $parts = [];
        foreach ($v as $k => $x) {
            $parts[] = self::string((string) $k) . ':' . self::json($x);
        }
        return '{' . implode(',', $parts) . '}';
    }

    /** A JSON string literal. */
    public static function string(string $s): string
    {
        $out = preg_replace_callback(
            '/["\\\\\x00-\x1f]|\x{2028}|\x{2029}/u',
            static fn (array $m): string => match ($m[0]) {
                '"' => '\\"',
                '\\' => '\\\\',
                "\x08" => '\\b',
                "\x0c" => '\\f',
                "\n" => '\\n',
                "\r" => '\\r',
                "\t" => '\\t',
                "\u{2028}" => '\\u2028',
                "\u{2029}" => '\\u2029',
                default => sprintf('\\u%04x', \ord($m[0])),
            },
            $s
        );
        return '"' . ($out ?? $s) . '"';
    }

    /** A number as JSON text. */
    public static function num(int|float $n): string
    {
        return \is_int($n) ? (string) $n : self::float($n);
    }

    /** A finite float as JSON text. */
    public static function float(float $f): string
    {
        if (!is_finite($f)) {
            return 'null';
        }
        $neg = $f < 0 || ($f == 0.0 && fdiv(1.0, $f) < 0);
        $a = abs($f);
        $out = $neg ? '-' : '';
        if ($a == 0.0) {
            return $out . '0.0';
        }
        // Shortest round-trip digits and exponent.
        $digits = '';
        $exp = 0;
        for ($p = 1; $p <= 17; $p++) {
            $s = sprintf('%.' . ($p - 1) . 'e', $a);
            if ((float) $s === $a || $p === 17) {
                [$mantissa, $e] = explode('e', $s);
                $digits = str_replace('.', '', $mantissa);
                $exp = (int) $e;
                break;
            }
        }
        $digits = rtrim($digits, '0') ?: '0';
        $decpt = $exp + 1;
        $n = \strlen($digits);
        if ($decpt < -3 || $decpt > 17) {
            return $out . $digits[0] . '.' . ($n > 1 ? substr($digits, 1) : '0')
                . 'e' . ($exp < 0 ? '-' : '+') . abs($exp);
        }
        if ($decpt <= 0) {
            return $out . '0.' . str_repeat('0', -$decpt) . $digits;
        }
        if ($decpt >= $n) {
            return $out . $digits . str_repeat('0', $decpt - $n) . '.0';
        }
        return $out . substr($digits, 0, $decpt) . '.' . substr($digits, $decpt);
    }

    /**
     * JSON Schema's equality of two values (as `enum` and `const` compare):
     * numbers by value, strings byte for byte, arrays item by item, maps by
     * their entries whatever the order.
     */
    public static function eq(mixed $a, mixed $b): bool
    {
        $a = Profile::arr($a) ?? $a;
        $b = Profile::arr($b) ?? $b;
        if ($a === null || $b === null || \is_bool($a) || \is_bool($b) || \is_string($a) || \is_string($b)) {
            return $a === $b;
        }
        if (\is_array($a) && \is_array($b)) {
            // A list is a map of the keys 0..n-1: compared entry by entry too.
            if (\count($a) !== \count($b) || (\array_is_list($a) !== \array_is_list($b) && $a !== [])) {
                return false;
            }
            foreach ($a as $k => $v) {
                if (!\array_key_exists($k, $b) || !self::eq($v, $b[$k])) {
                    return false;
                }
            }
            return true;
        }
        if ((\is_int($a) || \is_float($a)) && (\is_int($b) || \is_float($b))) {
            return Vocab::cmp($a, $b) === 0;
        }
        return false;
    }

    /** Number of characters (code points) of a UTF-8 string. */
    public static function chars(string $s): int
    {
        return \strlen($s) - (int) preg_match_all('/[\x80-\xbf]/', $s);
    }

    /**
     * What a `not` says, for the description: the canonical forms in words (a
     * `match: false` Regex, excluded values, NotNull's empty containers), any
     * other as JSON.
     */
    public static function notNote(mixed $n): string
    {
        $pat = self::notPattern($n);
        if ($pat !== null) {
            return "Must not match the regular expression `$pat`.";
        }
        $a = Profile::arr($n) ?? [];
        if (\count($a) === 1) {
            if (\array_key_exists('enum', $a)) {
                return 'Must not be one of: ' . Text::json($a['enum']) . '.';
            }
            if (\array_key_exists('const', $a)) {
                return 'Must not be ' . Text::json($a['const']) . '.';
            }
        }
        $guard = Schema::guardKey($a);
        if ($guard === 'additionalProperties' && Schema::isNullSchema($a['additionalProperties'])) {
            return 'At least one property must not be null.';
        }
        if ($guard === 'items') {
            return 'At least one item must not be empty.';
        }
        return 'Must not match the JSON schema ' . Text::json($n) . '.';
    }

    /** The pattern of a `not` written for a `match: false` Regex. */
    public static function notPattern(mixed $n): ?string
    {
        $n = Profile::arr($n);
        if ($n === null || !\is_string($n['pattern'] ?? null)) {
            return null;
        }
        $typed = ($n['type'] ?? null) === 'string';
        return \count($n) === 1 || (\count($n) === 2 && $typed) ? $n['pattern'] : null;
    }

    /**
     * The note for a `pattern` a profile cannot state: the format corners
     * (issue 30, Normalize\FormatCorner) in words, any other pattern as it is.
     */
    public static function patternNote(string $pat): string
    {
        return match ($pat) {
            FormatCorner::EMAIL_PATTERN => 'At most 64 characters before the @, and at most 62 in each part of the domain.',
            FormatCorner::NO_LEAP_SECOND_PATTERN => 'Seconds from 00 to 59 (no leap second).',
            FormatCorner::URI_SCHEME_PATTERN => 'Not a scheme followed by digits alone (x:1 reads as a host and port).',
            default => "Must match the regular expression `$pat`.",
        };
    }
}
