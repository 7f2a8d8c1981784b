<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `delimiters`: splits a PHP pattern into its body and modifiers, the way
 * PHP 8.2's `pcre_get_compiled_regex_cache_ex()` does.
 * Mirrors `src/delimiters.rs`.
 */
final class Delimiters
{
    /**
     * Returns the pattern body (between the delimiters) and the modifiers.
     *
     * @return array{0: string, 1: array<string, bool>} body and modifiers
     */
    public static function split(string $source): array
    {
        $end = \strlen($source);
        $p = 0;
        while ($p < $end && self::isCSpace(\ord($source[$p]))) {
            $p++;
        }
        if ($p >= $end) {
            throw new Skip(Translator::INVALID, 'empty regular expression');
        }
        $start = \ord($source[$p]);
        if (self::isAlnum($start) || $start === 0x5C || $start === 0) {
            throw new Skip(Translator::INVALID, 'delimiter must not be alphanumeric, backslash or NUL');
        }
        if ($start >= 0x80) {
            throw new Skip(Translator::INVALID, 'no ending delimiter');
        }
        $bodyEnd = self::bodyEnd($source, $p + 1, $start);
        return [substr($source, $p + 1, $bodyEnd - $p - 1), self::modifiers(substr($source, $bodyEnd + 1))];
    }

    /**
     * The position of the delimiter that ends a body starting at `$from`: the
     * start delimiter again, or the closing bracket of a bracket, brackets
     * nested inside counted (a backslash escapes the next byte).
     */
    private static function bodyEnd(string $source, int $from, int $start): int
    {
        $endDelimiter = match (\chr($start)) {
            '(' => \ord(')'),
            '[' => \ord(']'),
            '{' => \ord('}'),
            '<' => \ord('>'),
            default => $start,
        };
        $end = \strlen($source);
        $brackets = 1;
        for ($pp = $from; $pp < $end; $pp++) {
            $b = \ord($source[$pp]);
            if ($b === 0x5C && $pp + 1 < $end) {
                $pp++;
            } elseif ($b === $endDelimiter) {
                $brackets--;
                if ($brackets <= 0) {
                    return $pp;
                }
            } elseif ($b === $start) {
                $brackets++;
            }
        }
        throw new Skip(Translator::INVALID, 'no ending delimiter');
    }

    /**
     * The modifiers after the end delimiter.
     *
     * @return array<string, bool>
     */
    private static function modifiers(string $tail): array
    {
        $m = [
            'caseless' => false,
            'multiline' => false,
            'dotall' => false,
            'extended' => false,
            'utf' => false,
            'ungreedy' => false,
            'dollar_endonly' => false,
            'anchored' => false,
        ];
        for ($i = 0; $i < \strlen($tail); $i++) {
            $c = $tail[$i];
            switch ($c) {
                case 'i': $m['caseless'] = true; break;
                case 'm': $m['multiline'] = true; break;
                case 's': $m['dotall'] = true; break;
                case 'x': $m['extended'] = true; break;
                case 'u': $m['utf'] = true; break;
                case 'U': $m['ungreedy'] = true; break;
                case 'D': $m['dollar_endonly'] = true; break;
                case 'A': $m['anchored'] = true; break;
                case 'n':
                case 'S':
                case 'X':
                case ' ':
                case "\n":
                case "\r":
                    break;
                default:
                    $b = \ord($c);
                    $shown = ($b >= 0x21 && $b < 0x7F) ? "'" . $c . "'" : sprintf('0x%02X', $b);
                    throw new Skip(Translator::MODIFIER, 'modifier ' . $shown . ' is not supported');
            }
        }
        return $m;
    }

    private static function isCSpace(int $b): bool
    {
        return $b === 0x20 || ($b >= 0x09 && $b <= 0x0D);
    }

    private static function isAlnum(int $b): bool
    {
        return ($b >= 0x30 && $b <= 0x39) || ($b >= 0x41 && $b <= 0x5A) || ($b >= 0x61 && $b <= 0x7A);
    }
}
