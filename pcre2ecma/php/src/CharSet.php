<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `charset`: sets of code points as sorted, merged, inclusive ranges,
 * plus the fixed tables of PCRE2 (the Unicode ones per version, from Ucd
 * and CaseFold; `\d` under /u is the version's Nd category).
 * Mirrors `src/charset.rs`.
 */
final class CharSet
{
    /** Highest Unicode code point. */
    public const MAX_CP = 0x10FFFF;

    public const SPACE_UCP = [[0x9, 0xD], [0x20, 0x20], [0x85, 0x85], [0xA0, 0xA0], [0x1680, 0x1680], [0x180E, 0x180E], [0x2000, 0x200A], [0x2028, 0x2029], [0x202F, 0x202F], [0x205F, 0x205F], [0x3000, 0x3000]];
    public const HSPACE_UCP = [[0x9, 0x9], [0x20, 0x20], [0xA0, 0xA0], [0x1680, 0x1680], [0x180E, 0x180E], [0x2000, 0x200A], [0x202F, 0x202F], [0x205F, 0x205F], [0x3000, 0x3000]];
    public const VSPACE_UCP = [[0xA, 0xD], [0x85, 0x85], [0x2028, 0x2029]];
    public const HSPACE_BYTES = [[0x9, 0x9], [0x20, 0x20], [0xA0, 0xA0]];
    public const VSPACE_BYTES = [[0xA, 0xD], [0x85, 0x85]];
    public const DIGIT_ASCII = [[0x30, 0x39]];
    public const SPACE_ASCII = [[0x9, 0xD], [0x20, 0x20]];
    public const WORD_ASCII = [[0x30, 0x39], [0x41, 0x5A], [0x5F, 0x5F], [0x61, 0x7A]];

    /** @var list<array{0: int, 1: int}> */
    public array $ranges = [];

    /**
     * A POSIX class by name (null for an unknown name). Under /u PCRE2 reads
     * `alpha alnum word upper lower punct graph print` (and from 10.43
     * `xdigit`) as Unicode properties (tables in Ucd); the others keep their
     * ASCII or `\d`/`\s` meaning.
     */
    public static function posix(string $name, bool $utf, string $v): ?self
    {
        $ascii = match ($name) {
            'alpha' => [[0x41, 0x5A], [0x61, 0x7A]],
            'upper' => [[0x41, 0x5A]],
            'lower' => [[0x61, 0x7A]],
            'punct' => [[0x21, 0x2F], [0x3A, 0x40], [0x5B, 0x60], [0x7B, 0x7E]],
            'graph' => [[0x21, 0x7E]],
            'print' => [[0x20, 0x7E]],
            'alnum' => [[0x30, 0x39], [0x41, 0x5A], [0x61, 0x7A]],
            'word' => self::WORD_ASCII,
            'digit' => self::DIGIT_ASCII,
            'space' => self::SPACE_ASCII,
            'xdigit' => [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
            'blank' => [[0x9, 0x9], [0x20, 0x20]],
            'cntrl' => [[0x0, 0x1F], [0x7F, 0x7F]],
            'ascii' => [[0x0, 0x7F]],
            default => null,
        };
        if ($ascii === null) {
            return null;
        }
        if (!$utf) {
            return self::fromTable($ascii);
        }
        return match ($name) {
            'digit' => self::fromTable(Ucd::gc($v, 'Nd')),
            'space' => self::fromTable(self::SPACE_UCP),
            'blank' => self::fromTable(self::HSPACE_UCP),
            'cntrl' => self::fromTable([[0x0, 0x1F], [0x7F, 0x9F]]),
            'alpha' => self::category('L', $v),
            'alnum' => self::category('L', $v)->unionWith(self::category('N', $v)),
            'word' => self::wordUcp($v),
            'upper' => self::fromTable(Ucd::gc($v, 'Lu')),
            'lower' => self::fromTable(Ucd::gc($v, 'Ll')),
            'punct' => self::fromTable(Ucd::tables($v)['punct']),
            'graph' => self::fromTable(Ucd::tables($v)['graph']),
            'print' => self::fromTable(Ucd::tables($v)['print']),
            'xdigit' => self::fromTable(Ucd::tables($v)['xdigit']),
            default => self::fromTable($ascii),
        };
    }

    /** A major general category (`L`, `N`, ...): the union of its leaves. */
    public static function category(string $major, string $v): self
    {
        $out = new self();
        foreach (Ucd::tables($v)['gc'] as $name => $table) {
            if ($name[0] === $major) {
                $out = $out->unionWith(self::fromTable($table));
            }
        }
        return $out;
    }

    /**
     * `\w` under /u: letters, numbers and `_` in PCRE2 10.42; from 10.43
     * letters, numbers, Mn and Pc (which holds `_`).
     */
    public static function wordUcp(string $v): self
    {
        $extra = Pcre::wordWithMarks($v)
            ? self::fromTable(Ucd::gc($v, 'Mn'))->unionWith(self::fromTable(Ucd::gc($v, 'Pc')))
            : self::fromTable([[0x5F, 0x5F]]);
        return self::category('L', $v)->unionWith(self::category('N', $v))->unionWith($extra);
    }

    /**
     * `\p{name}` under /u: general categories (`L`, `Lu`, `L&`...), `Any` and
     * PCRE2's `Xan Xps Xsp Xwd Xuc`, with PCRE2's loose matching of the name
     * (case, spaces, `-` and `_` ignored). Null for scripts, binary properties
     * and unknown names. `$caseless`: under `i`, where from PCRE2 10.45 on
     * `Lu`, `Ll` and `Lt` are `L&` (10.42 does not fold properties).
     */
    public static function property(string $name, bool $caseless, string $v): ?self
    {
        $key = strtolower(str_replace([' ', '-', '_'], '', $name));
        switch ($key) {
            case 'any':
                return self::fromTable([[0, self::MAX_CP]]);
            case 'l&':
            case 'lc':
                return self::casedLetters($v);
            case 'lu':
            case 'll':
            case 'lt':
                if ($caseless && Pcre::caselessCasedLetters($v)) {
                    return self::casedLetters($v);
                }
                break;
            case 'xan':
                return self::category('L', $v)->unionWith(self::category('N', $v));
            case 'xwd':
                return self::wordUcp($v);
            case 'xps':
                return self::fromTable(Ucd::tables($v)['xps']);
            case 'xsp':
                return self::fromTable(Ucd::tables($v)['xsp']);
            case 'xuc':
                return self::fromTable(Ucd::tables($v)['xuc']);
        }
        if (\strlen($key) === 1) {
            $major = strtoupper($key);
            return str_contains('CLMNPSZ', $major) ? self::category($major, $v) : null;
        }
        if (\strlen($key) === 2) {
            foreach (Ucd::tables($v)['gc'] as $n => $table) {
                if (strtolower($n) === $key) {
                    return self::fromTable($table);
                }
            }
        }
        return null;
    }

    /** `\p{L&}`: Ll, Lt and Lu. */
    private static function casedLetters(string $v): self
    {
        return self::fromTable(Ucd::gc($v, 'Ll'))->unionWith(self::fromTable(Ucd::gc($v, 'Lt')))->unionWith(self::fromTable(Ucd::gc($v, 'Lu')));
    }

    /**
     * A set from a table of ranges (sorted tables are read in one pass).
     *
     * @param list<array{0: int, 1: int}> $table
     */
    public static function fromTable(array $table): self
    {
        $out = [];
        $n = 0;
        foreach ($table as [$lo, $hi]) {
            if ($n > 0 && $lo < $out[$n - 1][0]) {
                return self::fromUnsorted($table);
            }
            if ($n > 0 && $lo <= $out[$n - 1][1] + 1) {
                $out[$n - 1][1] = max($out[$n - 1][1], $hi);
            } else {
                $out[] = [$lo, $hi];
                $n++;
            }
        }
        $set = new self();
        $set->ranges = $out;
        return $set;
    }

    /**
     * A set from ranges in any order (each with `lo <= hi`): sorts and merges once.
     *
     * @param list<array{0: int, 1: int}> $ranges
     */
    public static function fromUnsorted(array $ranges): self
    {
        usort($ranges, static fn (array $a, array $b): int => [$a[0], $a[1]] <=> [$b[0], $b[1]]);
        return self::fromTable($ranges);
    }

    /** The complement within `0..=max`. */
    public function complement(int $max): self
    {
        $out = new self();
        $next = 0;
        $done = false;
        foreach ($this->ranges as [$a, $b]) {
            if ($a > $max) {
                break;
            }
            if ($a > $next) {
                $out->ranges[] = [$next, $a - 1];
            }
            if ($b >= $max) {
                $done = true;
                break;
            }
            $next = $b + 1;
        }
        if (!$done) {
            $out->ranges[] = [$next, $max];
        }
        return $out;
    }

    public function contains(int $cp): bool
    {
        $lo = 0;
        $hi = \count($this->ranges);
        while ($lo < $hi) {
            $mid = ($lo + $hi) >> 1;
            if ($this->ranges[$mid][1] < $cp) {
                $lo = $mid + 1;
            } else {
                $hi = $mid;
            }
        }
        return $lo < \count($this->ranges) && $this->ranges[$lo][0] <= $cp;
    }

    /** Whether any member is `>= cp`. */
    public function hasFrom(int $cp): bool
    {
        $n = \count($this->ranges);
        return $n > 0 && $this->ranges[$n - 1][1] >= $cp;
    }

    public function isEmpty(): bool
    {
        return $this->ranges === [];
    }

    /** The union, by one merge of the two sorted lists. */
    public function unionWith(self $other): self
    {
        $a = $this->ranges;
        $b = $other->ranges;
        $na = \count($a);
        $nb = \count($b);
        $all = [];
        $n = 0;
        $i = 0;
        $j = 0;
        while ($i < $na || $j < $nb) {
            if ($j >= $nb || ($i < $na && $a[$i][0] <= $b[$j][0])) {
                $r = $a[$i++];
            } else {
                $r = $b[$j++];
            }
            if ($n > 0 && $r[0] <= $all[$n - 1][1] + 1) {
                $all[$n - 1][1] = max($all[$n - 1][1], $r[1]);
            } else {
                $all[] = $r;
                $n++;
            }
        }
        $set = new self();
        $set->ranges = $all;
        return $set;
    }

    /** The intersection. */
    public function intersect(self $other): self
    {
        $a = $this->ranges;
        $b = $other->ranges;
        $na = \count($a);
        $nb = \count($b);
        $out = [];
        $i = 0;
        $j = 0;
        while ($i < $na && $j < $nb) {
            $lo = max($a[$i][0], $b[$j][0]);
            $hi = min($a[$i][1], $b[$j][1]);
            if ($lo <= $hi) {
                $out[] = [$lo, $hi];
            }
            if ($a[$i][1] < $b[$j][1]) {
                $i++;
            } else {
                $j++;
            }
        }
        $set = new self();
        $set->ranges = $out;
        return $set;
    }

    /** The members of this set that are not in `other`. */
    public function subtract(self $other): self
    {
        return $this->intersect($other->complement(self::MAX_CP));
    }

    public function intersects(self $other): bool
    {
        $a = $this->ranges;
        $b = $other->ranges;
        $na = \count($a);
        $nb = \count($b);
        $i = 0;
        $j = 0;
        while ($i < $na && $j < $nb) {
            if (max($a[$i][0], $b[$j][0]) <= min($a[$i][1], $b[$j][1])) {
                return true;
            }
            if ($a[$i][1] < $b[$j][1]) {
                $i++;
            } else {
                $j++;
            }
        }
        return false;
    }

    /** Whether every member of `other` is in this set. */
    public function covers(self $other): bool
    {
        return $other->subtract($this)->isEmpty();
    }

    /**
     * Without /u: adds the other case of ASCII letters (PCRE2's default
     * tables fold nothing else).
     */
    public function closeAsciiCase(): void
    {
        $extra = $this->ranges;
        for ($cp = 0x41; $cp <= 0x5A; $cp++) {
            if ($this->contains($cp) || $this->contains($cp + 0x20)) {
                $extra[] = [$cp, $cp];
                $extra[] = [$cp + 0x20, $cp + 0x20];
            }
        }
        $this->ranges = self::fromUnsorted($extra)->ranges;
    }

    /**
     * With /u: adds every code point PCRE2 matches caselessly with a member
     * (`k` brings K and U+212A KELVIN SIGN, `s` brings U+017F, ...). Returns
     * the work done (ranges plus case-set entries read), for the caller's budget.
     */
    public function closeUnicodeCase(string $v): int
    {
        $index = self::caseIndex($v);
        $sets = CaseFold::sets($v);
        $n = \count($index);
        $extra = [];
        $work = \count($this->ranges);
        $first = $this->ranges[0][0] ?? 0;
        $k = 0;
        $hi = $n;
        while ($k < $hi) {
            $mid = ($k + $hi) >> 1;
            if ($index[$mid][0] < $first) {
                $k = $mid + 1;
            } else {
                $hi = $mid;
            }
        }
        foreach ($this->ranges as [$lo, $rhi]) {
            while ($k < $n && $index[$k][0] < $lo) {
                $k++;
            }
            while ($k < $n && $index[$k][0] <= $rhi) {
                $work++;
                foreach ($sets[$index[$k][1]] as $cp) {
                    if (!$this->contains($cp)) {
                        $extra[] = [$cp, $cp];
                    }
                }
                $k++;
            }
        }
        if ($extra !== []) {
            $this->ranges = $this->unionWith(self::fromUnsorted($extra))->ranges;
        }
        return $work;
    }

    /** @var array<string, list<array{0: int, 1: int}>> by version */
    private static array $caseIndex = [];

    /**
     * Every member of the case sets of `$v`, sorted: [code point, set index].
     *
     * @return list<array{0: int, 1: int}>
     */
    private static function caseIndex(string $v): array
    {
        if (!isset(self::$caseIndex[$v])) {
            $map = [];
            foreach (CaseFold::sets($v) as $i => $set) {
                foreach ($set as $cp) {
                    $map[$cp] = $i;
                }
            }
            ksort($map);
            $index = [];
            foreach ($map as $cp => $i) {
                $index[] = [$cp, $i];
            }
            self::$caseIndex[$v] = $index;
        }
        return self::$caseIndex[$v];
    }
}
