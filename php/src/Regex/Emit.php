<?php

declare(strict_types=1);

namespace ToolSchema\Php\Regex;

/**
 * Stage `emit`: spelling of ECMA-262 pattern text, valid under the `u` flag.
 * Mirrors `src/regex/emit.rs`.
 */
final class Emit
{
    /** PCRE `^` under `m`: start of subject, or after a newline that does not end it. */
    public const CARET_MULTILINE = '(?:^|(?<=\n)(?!$))';
    /** PCRE `$` under `m`: before any newline, or at the end. */
    public const DOLLAR_MULTILINE = '(?=\n|$)';
    /** PCRE `$` (no `m`, no `D`) and `\Z`: at the end, or before a final newline. */
    public const DOLLAR_FINAL_NEWLINE = '(?=\n?$)';
    /** PCRE `.` without `s` (it excludes only `\n`). */
    public const DOT = '[^\n]';
    /** PCRE `.` with `s`. */
    public const DOT_ALL = '[\s\S]';

    /** A code point spelled for use inside or outside a character class. */
    public static function charText(int $cp, bool $inClass): string
    {
        if ($cp === 0x09) {
            return '\t';
        }
        if ($cp === 0x0A) {
            return '\n';
        }
        if ($cp === 0x0D) {
            return '\r';
        }
        if ($cp <= 0x1F || $cp === 0x7F) {
            return sprintf('\x%02X', $cp);
        }
        if ($cp >= 0x80) {
            return sprintf('\u{%X}', $cp);
        }
        $c = \chr($cp);
        $special = $inClass ? '\\][^-' : '^$\\.*+?()[]{}|';
        return str_contains($special, $c) ? '\\' . $c : $c;
    }

    /** A literal code point outside a class. */
    public static function literal(int $cp): string
    {
        return self::charText($cp, false);
    }

    /** A character class; `\d` and `\w` when the set is exactly ASCII digits / word characters. */
    public static function class(CharSet $set, bool $negated): string
    {
        if (!$negated && $set->ranges === CharSet::DIGIT_ASCII) {
            return '\d';
        }
        if (!$negated && $set->ranges === CharSet::WORD_ASCII) {
            return '\w';
        }
        $out = $negated ? '[^' : '[';
        foreach ($set->ranges as [$lo, $hi]) {
            $out .= self::charText($lo, true);
            if ($hi > $lo) {
                if ($hi > $lo + 1) {
                    $out .= '-';
                }
                $out .= self::charText($hi, true);
            }
        }
        return $out . ']';
    }

    /** A quantifier suffix. */
    public static function quantifier(int $min, ?int $max, bool $lazy): string
    {
        if ($max === null) {
            $q = $min === 0 ? '*' : ($min === 1 ? '+' : '{' . $min . ',}');
        } elseif ($min === 0 && $max === 1) {
            $q = '?';
        } elseif ($min === $max) {
            $q = '{' . $min . '}';
        } else {
            $q = '{' . $min . ',' . $max . '}';
        }
        return $lazy ? $q . '?' : $q;
    }
}
