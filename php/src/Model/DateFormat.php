<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

/**
 * A PHP date format (`DateTime::createFromFormat()`, as Symfony's `DateTime`
 * constraint uses it) → an ECMA-262 `pattern` that accepts a subset of what
 * the format accepts, or null when the format uses what is not stated here
 * (src/model/date_format.rs).
 *
 * Tokens: `Y` (four digits), `m` (01-12), `d` (01-31), `H` (00-23), `i`, `s`
 * (00-59), `P` (`Z` or `±hh:mm`), `!` and `|` (consume nothing), `\x` (a
 * literal x), and any character that is no ASCII letter as itself. With `Y`, `m`
 * and `d` all in the format, PHP refuses dates that do not exist, so the
 * pattern is an alternation over the calendar (days 01-28 of any month, 29-30
 * of months other than February, 31 of long months, February 29 of leap
 * years). Without a year PHP checks no calendar; `Y` with only one of `m`/`d`
 * takes the other from today, so it is not stated.
 */
final class DateFormat
{
    private const LEAP_YEAR = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';

    /** Piece kinds; a literal is ['lit', char]. */
    private const TOKENS = ['Y' => 'Y', 'm' => 'm', 'd' => 'd', 'H' => 'H', 'i' => 'i', 's' => 's', 'P' => 'P'];

    /** @return list<array{0: string, 1: string}>|null */
    private static function parse(string $format): ?array
    {
        $out = [];
        // The characters of a valid UTF-8 string (pattern() checked it); no
        // mbstring: the library needs nothing but PHP itself.
        $chars = \preg_split('//u', $format, -1, \PREG_SPLIT_NO_EMPTY);
        $n = \count($chars);
        for ($i = 0; $i < $n; $i++) {
            $c = $chars[$i];
            if (isset(self::TOKENS[$c])) {
                $out[] = [$c, ''];
            } elseif ($c === '!' || $c === '|') {
                continue;
            } elseif ($c === '\\') {
                // A trailing backslash makes PHP refuse every value.
                if (++$i >= $n) {
                    return null;
                }
                $out[] = ['lit', $chars[$i]];
            } elseif (\preg_match('/^[A-Za-z]$/', $c) === 1) {
                return null;
            } else {
                $out[] = ['lit', $c];
            }
        }
        return $out;
    }

    /** The pattern for `$format`, or null when it cannot be stated. */
    public static function pattern(string $format): ?string
    {
        if (\preg_match('//u', $format) !== 1) {
            return null;
        }
        $pieces = self::parse($format);
        if ($pieces === null) {
            return null;
        }
        $kinds = \array_column($pieces, 0);
        $y = \in_array('Y', $kinds, true);
        $m = \in_array('m', $kinds, true);
        $d = \in_array('d', $kinds, true);
        if ($y && $m !== $d) {
            return null;
        }
        $out = '^';
        if ($y && $m && $d) {
            // The calendar cases differ only from the first date piece to the last.
            $dates = \array_keys(\array_filter($kinds, static fn (string $k): bool => $k === 'Y' || $k === 'm' || $k === 'd'));
            $first = $dates[0];
            $last = $dates[\count($dates) - 1];
            $out .= self::write(\array_slice($pieces, 0, $first), null) . '(?:';
            $span = \array_slice($pieces, $first, $last - $first + 1);
            $out .= \implode('|', \array_map(static fn (string $case): string => self::write($span, $case), ['any', 'thirty', 'thirty_one', 'leap']));
            $out .= ')' . self::write(\array_slice($pieces, $last + 1), null);
        } else {
            $out .= self::write($pieces, null);
        }
        return $out . '$';
    }

    /** @param list<array{0: string, 1: string}> $pieces */
    private static function write(array $pieces, ?string $case): string
    {
        $out = '';
        foreach ($pieces as [$kind, $c]) {
            $out .= match ($kind) {
                'Y' => $case === 'leap' ? self::LEAP_YEAR : '[0-9]{4}',
                'm' => match ($case) {
                    null, 'any' => '(?:0[1-9]|1[0-2])',
                    'thirty' => '(?:0[13-9]|1[0-2])',
                    'thirty_one' => '(?:0[13578]|1[02])',
                    default => '02',
                },
                'd' => match ($case) {
                    null => '(?:0[1-9]|[12][0-9]|3[01])',
                    'any' => '(?:0[1-9]|1[0-9]|2[0-8])',
                    'thirty' => '(?:29|30)',
                    'thirty_one' => '31',
                    default => '29',
                },
                'H' => '(?:[01][0-9]|2[0-3])',
                'i', 's' => '[0-5][0-9]',
                'P' => '(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])',
                // ECMA-262 syntax characters get a backslash (the only
                // identity escapes the `u` flag allows).
                default => (\str_contains('^$\\.*+?()[]{}|/', $c) ? '\\' : '') . $c,
            };
        }
        return $out;
    }
}
