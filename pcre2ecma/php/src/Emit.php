<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `emit`: the ECMA-262 text of an Ir tree, valid under the `u` flag.
 * Classes are written out (`[0-9]`, never `\d`: other engines read `\d` and
 * `\w` as Unicode classes); non-ASCII code points as `\u{HEX}`.
 * Mirrors `src/emit.rs`.
 *
 * @internal
 */
final class Emit
{
    /** PCRE `^` under `m`: start of subject, or after a newline that does not end it. */
    public const CARET_MULTILINE = '(?:^|(?<=\n)(?!$))';
    /** PCRE `$` under `m`: before any newline, or at the end. */
    public const DOLLAR_MULTILINE = '(?=\n|$)';
    /** PCRE `$` (no `m`, no `D`) and `\Z`: at the end, or before a final newline. */
    public const DOLLAR_FINAL_NEWLINE = '(?=\n?$)';
    /** Any character (PCRE `.` with `s`). */
    public const ANY = '[\s\S]';

    private int $emulations = 0;
    private string $out = '';

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

    /**
     * The ranges of a class: surrogates never occur in subjects (valid UTF-8),
     * so a gap made of them alone is filled.
     *
     * @param list<array{0: int, 1: int}> $ranges
     */
    private static function rangesText(array $ranges, bool $negated): string
    {
        $merged = [];
        $n = 0;
        foreach ($ranges as [$lo, $hi]) {
            if ($n > 0 && $merged[$n - 1][1] === 0xD7FF && $lo === 0xE000) {
                $merged[$n - 1][1] = $hi;
            } else {
                $merged[] = [$lo, $hi];
                $n++;
            }
        }
        $out = $negated ? '[^' : '[';
        foreach ($merged as [$lo, $hi]) {
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

    /**
     * One character of a set: a literal, a class (written negated when it holds
     * the last code point), or `[\s\S]` for all of them.
     *
     * @param list<array{0: int, 1: int}> $ranges
     */
    public static function set(array $ranges): string
    {
        if (\count($ranges) === 1 && $ranges[0][0] === $ranges[0][1]) {
            return self::charText($ranges[0][0], false);
        }
        if ($ranges === [[0, CharSet::MAX_CP]] || $ranges === [[0, 0xD7FF], [0xE000, CharSet::MAX_CP]]) {
            return self::ANY;
        }
        $n = \count($ranges);
        if ($n > 0 && $ranges[$n - 1][1] >= CharSet::MAX_CP) {
            $set = new CharSet();
            $set->ranges = $ranges;
            return self::rangesText($set->complement(CharSet::MAX_CP)->ranges, true);
        }
        return self::rangesText($ranges, false);
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

    private static function assertion(string $a): string
    {
        return match ($a) {
            Ir::START => '^',
            Ir::END => '$',
            Ir::END_NL => self::DOLLAR_FINAL_NEWLINE,
            Ir::LINE_START => self::CARET_MULTILINE,
            Ir::LINE_END => self::DOLLAR_MULTILINE,
            Ir::WORD_B => '\b',
            default => '\B',
        };
    }

    private function node(array $n): void
    {
        switch ($n['t']) {
            case 's':
                $this->out .= self::set($n['set']);
                return;
            case 'a':
                $this->out .= self::assertion($n['a']);
                return;
            case 'l':
                $this->out .= match ($n['k']) {
                    Ir::AHEAD => '(?=',
                    Ir::NEG_AHEAD => '(?!',
                    Ir::BEHIND => '(?<=',
                    default => '(?<!',
                };
                $this->node($n['body']);
                $this->out .= ')';
                return;
            case 'c':
                foreach ($n['items'] as $item) {
                    if ($item['t'] === 'o') {
                        $this->group($item);
                    } else {
                        $this->node($item);
                    }
                }
                return;
            case 'o':
                foreach ($n['items'] as $i => $b) {
                    if ($i > 0) {
                        $this->out .= '|';
                    }
                    $this->node($b);
                }
                return;
            default:
                $this->repeat($n);
        }
    }

    private function group(array $n): void
    {
        $this->out .= '(?:';
        $this->node($n);
        $this->out .= ')';
    }

    /** A quantifiable atom: a set, or a group. */
    private function atom(array $n): void
    {
        if ($n['t'] === 's') {
            $this->node($n);
        } else {
            $this->group($n);
        }
    }

    private function repeat(array $r): void
    {
        if ($r['poss']) {
            // An atomic group: the lookahead is atomic in ECMA, the
            // backreference consumes what it matched (named, so numbering
            // does not matter).
            $this->emulations++;
            $k = $this->emulations;
            $this->out .= '(?=(?<a' . $k . '>';
            $this->atom($r['body']);
            $this->out .= self::quantifier($r['min'], $r['max'], false);
            $this->out .= '))\k<a' . $k . '>';
            return;
        }
        if ($r['min'] === 1 && $r['max'] === 1) {
            // `X{1}` is `X`.
            if ($r['body']['t'] === 'o') {
                $this->group($r['body']);
            } else {
                $this->node($r['body']);
            }
            return;
        }
        $this->atom($r['body']);
        $this->out .= self::quantifier($r['min'], $r['max'], !$r['greedy']);
    }

    /** The ECMA-262 pattern of a tree. */
    public static function pattern(array $root): string
    {
        $w = new self();
        $w->node($root);
        return $w->out;
    }
}
