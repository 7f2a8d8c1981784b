<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Stage `parser`: one left-to-right pass over the pattern body that reads
 * PCRE2 syntax and builds the Ir tree bottom-up on an explicit stack of open
 * groups (no recursion). Every item carries the properties needed to decide
 * what PCRE2 refuses (lookbehind length, possessive operands) and an estimate
 * of PCRE2's compiled size (see docs/regex.md).
 * Mirrors `src/parser.rs`.
 *
 * Props (array): nullable, len (?int), unsafe_atomic, has_emul, cost.
 * Item (array): node, group, kind, props.
 *
 * @internal
 */
final class Parser
{
    /**
     * Atomic groups (and possessive groups, which are atomic groups): the JIT of
     * PCRE2 10.42, which preg_match uses by default, does not match some of them
     * like its interpreter does (e.g. `/(?>a*b|x*)b/` matches "ab" with JIT only).
     */
    private const ATOMIC_MESSAGE = 'atomic groups are not supported (PCRE2 10.42 JIT does not match them reliably)';

    /** Upper bound kept for lengths (lookbehind limit is 65535). */
    private const LEN_CAP = 65536;

    /** The bytes >= 0x80 that occur in valid UTF-8 (C0, C1 and F5-FF never do). */
    private const UTF8_HIGH = [[0x80, 0xBF], [0xC2, 0xF4]];

    private const KIND_ATOM = 'atom';
    private const KIND_ASSERTION = 'assertion';
    private const KIND_LOOKAROUND = 'lookaround';
    private const KIND_QUANTIFIED = 'quantified';

    private const G_ROOT = 'root';
    private const G_GROUP = 'group';
    private const G_AHEAD = 'ahead';
    private const G_NEG_AHEAD = 'neg_ahead';
    private const G_BEHIND = 'behind';
    private const G_NEG_BEHIND = 'neg_behind';

    private const EMPTY = [
        'nullable' => true,
        'len' => 0,
        'max' => 0,
        'unsafe_atomic' => false,
        'has_emul' => false,
        'cost' => 0,
    ];

    /** @var list<string> characters of the body */
    private array $chars;
    /** @var list<int> code points of the body */
    private array $cps;
    private int $pos = 0;
    /** @var array{caseless: bool, multiline: bool, dotall: bool, extended: bool, ungreedy: bool} */
    private array $flags;
    private bool $utf;
    /** The PCRE2 version read (a Pcre::V* constant). */
    private string $version;
    private bool $dollarEndonly;
    private bool $anchored;
    /** @var list<\stdClass> frames: kind, saved, alts, items, blocked */
    private array $frames = [];
    /** @var list<string> */
    private array $names = [];
    private int $emitted = 0;
    private Work $work;
    /** Position just after the last quantifier (to tell `a+?` from `a+(?#c)?`). */
    private int $lastQuantEnd = -1;

    /**
     * Parses a pattern body with its modifiers, as PCRE2 `$version` reads it.
     *
     * @param array<string, bool> $m
     * @return array{0: array<string, mixed>, 1: bool} the tree, and whether it is anchored (`A`)
     */
    public static function parse(string $body, array $m, string $version, Work $work): array
    {
        return (new self($body, $m, $version, $work))->run();
    }

    /** @param array<string, bool> $m */
    private function __construct(string $body, array $m, string $version, Work $work)
    {
        $this->version = $version;
        $this->flags = [
            'caseless' => $m['caseless'],
            'multiline' => $m['multiline'],
            'dotall' => $m['dotall'],
            'extended' => $m['extended'],
            'ungreedy' => $m['ungreedy'],
        ];
        $this->utf = $m['utf'];
        $this->dollarEndonly = $m['dollar_endonly'];
        $this->anchored = $m['anchored'];
        $this->work = $work;
        $chars = $body === '' ? [] : preg_split('//u', $body, -1, PREG_SPLIT_NO_EMPTY);
        $this->chars = \is_array($chars) ? $chars : [];
        $this->cps = array_map(self::cp(...), $this->chars);
        $this->frames[] = self::newFrame(self::G_ROOT, $this->flags);
    }

    private static function cp(string $c): int
    {
        $b = \ord($c[0]);
        if ($b < 0x80) {
            return $b;
        }
        if ($b < 0xE0) {
            return (($b & 0x1F) << 6) | (\ord($c[1]) & 0x3F);
        }
        if ($b < 0xF0) {
            return (($b & 0x0F) << 12) | ((\ord($c[1]) & 0x3F) << 6) | (\ord($c[2]) & 0x3F);
        }
        return (($b & 0x07) << 18) | ((\ord($c[1]) & 0x3F) << 12) | ((\ord($c[2]) & 0x3F) << 6) | (\ord($c[3]) & 0x3F);
    }

    /** @param array<string, bool> $saved */
    private static function newFrame(string $kind, array $saved): \stdClass
    {
        $f = new \stdClass();
        $f->kind = $kind;
        $f->saved = $saved;
        $f->alts = [];
        $f->items = [];
        $f->blocked = false;
        return $f;
    }

    private static function clampCost(int $c): int
    {
        return min($c, Translator::MAX_COST + 1);
    }

    private static function clampLen(int $l): int
    {
        return min($l, self::LEN_CAP);
    }

    private static function propsAtom(int $len, int $cost): array
    {
        return ['nullable' => false, 'len' => $len, 'max' => $len, 'unsafe_atomic' => false, 'has_emul' => false, 'cost' => $cost];
    }

    private static function propsAssertion(): array
    {
        return ['nullable' => true, 'len' => 0, 'max' => 0, 'unsafe_atomic' => false, 'has_emul' => false, 'cost' => 4];
    }

    private static function concat(array $a, array $b): array
    {
        return [
            'nullable' => $a['nullable'] && $b['nullable'],
            'len' => ($a['len'] !== null && $b['len'] !== null) ? self::clampLen($a['len'] + $b['len']) : null,
            'max' => ($a['max'] !== null && $b['max'] !== null) ? self::clampLen($a['max'] + $b['max']) : null,
            'unsafe_atomic' => $a['unsafe_atomic'] || $b['unsafe_atomic'],
            'has_emul' => $a['has_emul'] || $b['has_emul'],
            'cost' => self::clampCost($a['cost'] + $b['cost']),
        ];
    }

    private static function alternate(array $a, array $b): array
    {
        return [
            'nullable' => $a['nullable'] || $b['nullable'],
            'len' => $a['len'] === $b['len'] ? $a['len'] : null,
            'max' => ($a['max'] !== null && $b['max'] !== null) ? max($a['max'], $b['max']) : null,
            'unsafe_atomic' => $a['unsafe_atomic'] || $b['unsafe_atomic'],
            'has_emul' => $a['has_emul'] || $b['has_emul'],
            'cost' => self::clampCost($a['cost'] + $b['cost'] + 4),
        ];
    }

    /**
     * The properties of `$min` to `$max` repeats of an item with properties `$p`
     * (PCRE2 repeats a group by copying it).
     */
    private static function repeated(array $p, bool $group, int $min, ?int $max, bool $possessive): array
    {
        $copies = max($max ?? ($min + 1), 1);
        return [
            'nullable' => $min === 0 || $p['nullable'],
            'len' => ($max === $min && $p['len'] !== null) ? self::clampLen($p['len'] * $min) : null,
            'max' => $p['max'] === 0 ? 0 : (($p['max'] !== null && $max !== null) ? self::clampLen($p['max'] * $max) : null),
            'unsafe_atomic' => $p['unsafe_atomic'] || ($p['nullable'] && !($max !== null && $max <= 1)),
            'has_emul' => $p['has_emul'] || $possessive,
            'cost' => $group ? self::clampCost($p['cost'] * $copies + 8) : self::clampCost($p['cost'] + 4),
        ];
    }

    /**
     * Joins the items of one alternative.
     *
     * @param list<array<string, mixed>> $items
     * @return array{0: array<string, mixed>, 1: array<string, mixed>}
     */
    private static function composeItems(array $items): array
    {
        $props = self::EMPTY;
        $nodes = [];
        foreach ($items as $item) {
            $props = self::concat($props, $item['props']);
            $nodes[] = $item['node'];
        }
        return [Ir::cat($nodes), $props];
    }

    /**
     * Counts the text of leaf items (atoms, assertions): wrappers add a bounded
     * amount per source character, and the final length is checked at the end.
     */
    private function count(int $len): void
    {
        $this->emitted += $len;
        if ($this->emitted > Translator::MAX_OUTPUT_BYTES) {
            throw new Skip(Translator::TOO_COMPLEX, 'translated pattern would be too long');
        }
    }

    private function push(array $item): void
    {
        $frame = $this->frame();
        $frame->items[] = $item;
        $frame->blocked = false;
    }

    private function pushAtom(array $node, int $len, int $cost): void
    {
        $this->count(\strlen(Emit::set($node['set'])));
        $this->push(['node' => $node, 'group' => false, 'kind' => self::KIND_ATOM, 'props' => self::propsAtom($len, $cost)]);
    }

    private function pushAssertion(array $node): void
    {
        $this->count(4);
        $this->push(['node' => $node, 'group' => false, 'kind' => self::KIND_ASSERTION, 'props' => self::propsAssertion()]);
    }

    /** A class (or class escape) of code points under `u`. */
    private function pushSet(CharSet $set): void
    {
        $this->work->spend(\count($set->ranges));
        $cost = self::clampCost(40 + 8 * \count($set->ranges));
        $this->pushAtom(Ir::set($set->ranges), 1, $cost);
    }

    /**
     * Without `u`: a set of bytes. The bytes >= 0x80 that occur in UTF-8 must
     * be all in it (a "wide" class: it stands for every non-ASCII character,
     * exact only where the `bytes` stage proves it) or none of it.
     */
    private function pushByteSet(CharSet $bytes): void
    {
        $this->work->spend(\count($bytes->ranges));
        $high = CharSet::fromTable(self::UTF8_HIGH);
        $asciiRange = CharSet::fromTable([[0, 0x7F]]);
        $ascii = $bytes->intersect($asciiRange);
        $wide = $bytes->covers($high);
        if (!$wide && $bytes->intersects($high)) {
            throw self::bytesSkip();
        }
        if ($wide) {
            $set = $ascii->unionWith(CharSet::fromTable([[0x80, CharSet::MAX_CP]]));
            $excluded = $bytes->complement(0xFF)->intersect($asciiRange);
            $cost = self::clampCost(40 + 8 * \count($excluded->ranges));
        } else {
            $set = $ascii;
            $cost = self::clampCost(40 + 8 * \count($ascii->ranges));
        }
        $this->pushAtom(Ir::set($set->ranges, $wide), 1, $cost);
    }

    /**
     * Runs the whole parse of the body.
     *
     * @return array{0: array<string, mixed>, 1: bool}
     */
    private function run(): array
    {
        $quote = false;
        while (($c = $this->peek()) !== null) {
            if ($quote) {
                $quote = $this->quoted($c);
                continue;
            }
            if ($this->flags['extended']) {
                $end = $this->extendedEnd($this->pos);
                if ($end > $this->pos) {
                    $this->pos = $end;
                    continue;
                }
                $cp = $this->cps[$this->pos];
                if ($cp === 0x85 || $cp === 0x200E || $cp === 0x200F || $cp === 0x2028 || $cp === 0x2029) {
                    throw new Skip(Translator::CONSTRUCT, 'non-ASCII white space in extended mode is not supported');
                }
            }
            $this->pos++;
            $quote = $this->item($c, $this->pos - 1);
        }
        return $this->finish();
    }

    /**
     * A character under `\Q` (position at it): a literal, or the `\E` that
     * ends the quote. Returns whether the quote goes on.
     */
    private function quoted(string $c): bool
    {
        if ($c === '\\' && $this->at($this->pos + 1) === 'E') {
            $this->pos += 2;
            return false;
        }
        $this->pos++;
        $this->literal($this->cps[$this->pos - 1]);
        return true;
    }

    /** Under `x`: the position after the white space and `#` comments from `$i`. */
    private function extendedEnd(int $i): int
    {
        while (true) {
            $c = $this->at($i);
            if ($c === ' ' || $c === "\t" || $c === "\n" || $c === "\x0B" || $c === "\x0C" || $c === "\r") {
                $i++;
            } elseif ($c === '#') {
                while (($d = $this->at($i)) !== null && $d !== "\n") {
                    $i++;
                }
            } else {
                return $i;
            }
        }
    }

    /** The item `$c` starts at `$start` (position after `$c`). Returns true when `\Q` starts quoting. */
    private function item(string $c, int $start): bool
    {
        switch ($c) {
            case '\\':
                return $this->escape();
            case '.':
                $this->dot($this->flags['dotall']);
                break;
            case '^':
            case '$':
                $this->pushAssertion(Ir::assert($this->anchor($c)));
                break;
            case '[':
                $this->class();
                break;
            case '(':
                $this->open();
                break;
            case ')':
                $this->close();
                break;
            case '|':
                $frame = $this->frame();
                $items = $frame->items;
                $frame->items = [];
                $frame->alts[] = self::composeItems($items);
                $frame->blocked = false;
                break;
            case '*':
                $this->quantify($start, 0, null);
                break;
            case '+':
                $this->quantify($start, 1, null);
                break;
            case '?':
                $this->quantify($start, 0, 1);
                break;
            case '{':
                $q = $this->brace();
                if ($q === null) {
                    $this->literal(0x7B);
                } else {
                    $this->quantify($start, $q[0], $q[1]);
                }
                break;
            default:
                $this->literal($this->cps[$start]);
        }
        return false;
    }

    /** What `^` or `$` asserts under the current options. */
    private function anchor(string $c): string
    {
        if ($c === '^') {
            return $this->flags['multiline'] ? Ir::LINE_START : Ir::START;
        }
        if ($this->flags['multiline']) {
            return Ir::LINE_END;
        }
        return $this->dollarEndonly ? Ir::END : Ir::END_NL;
    }

    /**
     * The end of the body: the root group closed, anchored with `A`.
     *
     * @return array{0: array<string, mixed>, 1: bool}
     */
    private function finish(): array
    {
        if (\count($this->frames) !== 1) {
            throw new Skip(Translator::INVALID, 'missing closing parenthesis');
        }
        $root = array_pop($this->frames);
        [$node, $props] = self::composeAlts($root);
        if ($this->anchored) {
            $node = Ir::cat([Ir::assert(Ir::START), $node]);
        }
        if ($props['cost'] > Translator::MAX_COST) {
            throw new Skip(Translator::TOO_COMPLEX, 'pattern is too large to translate');
        }
        return [$node, $this->anchored];
    }

    /**
     * The alternatives of a frame, composed; with each branch's fixed length
     * and longest length.
     *
     * @return array{0: array<string, mixed>, 1: array<string, mixed>, 2: list<array{0: ?int, 1: ?int}>}
     */
    private static function composeAlts(\stdClass $frame): array
    {
        $alts = $frame->alts;
        $alts[] = self::composeItems($frame->items);
        $props = self::EMPTY;
        $lens = [];
        $nodes = [];
        foreach ($alts as $i => [$node, $p]) {
            $props = $i > 0 ? self::alternate($props, $p) : $p;
            $lens[] = [$p['len'], $p['max']];
            $nodes[] = $node;
        }
        return [Ir::alt($nodes), $props, $lens];
    }

    /** `.` (and `\N`): any character but a newline, or any character with `s`. */
    private function dot(bool $dotall): void
    {
        $excluded = $dotall ? new CharSet() : CharSet::fromTable([[0x0A, 0x0A]]);
        if ($this->utf) {
            $this->pushAtom(Ir::set($excluded->complement(CharSet::MAX_CP)->ranges), 1, 4);
            return;
        }
        $this->pushByteSet($excluded->complement(0xFF));
    }

    /** A literal code point from the pattern text (or an escape of it). */
    private function literal(int $cp): void
    {
        if ($this->flags['caseless']) {
            $set = CharSet::fromUnsorted([[$cp, $cp]]);
            if ($this->utf) {
                $this->work->spend($set->closeUnicodeCase($this->version));
            } else {
                $set->closeAsciiCase();
            }
            if ($set->ranges !== [[$cp, $cp]]) {
                $this->pushSet($set);
                return;
            }
        }
        $multibyte = !$this->utf && $cp >= 0x80;
        $len = $this->utf ? 1 : self::utf8Len($cp);
        $this->pushAtom(Ir::set([[$cp, $cp]], false, $multibyte), $len, 4);
    }

    /** A code point given by an escape (`\x..`, `\n`...): without `u` it is one byte. */
    private function escapedLiteral(int $cp): void
    {
        $this->checkEscaped($cp);
        if (!$this->utf && $cp >= 0x80) {
            throw self::bytesSkip();
        }
        $this->literal($cp);
    }

    private function checkEscaped(int $cp): void
    {
        if (!$this->utf && $cp > 0xFF) {
            throw new Skip(Translator::INVALID, 'character code point value in \x{} is too large');
        }
    }

    /** A lookaround item: it reads nothing, at its body's cost (`$props`) plus 8. */
    private static function lookaround(string $look, array $node, array $props, bool $hasEmul): array
    {
        return [
            'node' => Ir::look($look, $node),
            'group' => true,
            'kind' => self::KIND_LOOKAROUND,
            'props' => array_merge(self::EMPTY, ['has_emul' => $hasEmul, 'cost' => self::clampCost($props['cost'] + 8)]),
        ];
    }

    private static function utf8Len(int $cp): int
    {
        return $cp <= 0x7F ? 1 : ($cp <= 0x7FF ? 2 : ($cp <= 0xFFFF ? 3 : 4));
    }

    private static function bytesSkip(): Skip
    {
        return new Skip(Translator::BYTES, 'matches single bytes of multibyte characters without the u modifier');
    }

    private static function isDigit(?string $c): bool
    {
        return $c !== null && \strlen($c) === 1 && $c >= '0' && $c <= '9';
    }

    private static function isHex(?string $c): bool
    {
        return $c !== null && \strlen($c) === 1 && (($c >= '0' && $c <= '9') || ($c >= 'a' && $c <= 'f') || ($c >= 'A' && $c <= 'F'));
    }

    private static function isAsciiAlpha(string $c): bool
    {
        return \strlen($c) === 1 && (($c >= 'a' && $c <= 'z') || ($c >= 'A' && $c <= 'Z'));
    }

    private static function isAsciiAlnum(string $c): bool
    {
        return self::isAsciiAlpha($c) || self::isDigit($c);
    }

    private function at(int $i): ?string
    {
        return $this->chars[$i] ?? null;
    }

    private function peek(): ?string
    {
        return $this->chars[$this->pos] ?? null;
    }

    private function frame(): \stdClass
    {
        $n = \count($this->frames);
        if ($n === 0) {
            throw new Skip(Translator::INVALID, 'unmatched closing parenthesis');
        }
        return $this->frames[$n - 1];
    }

    /** `\x` after the backslash and the `x`. */
    private function hex(): int
    {
        if ($this->peek() === '{') {
            return $this->bracedHex('non-hex character in \x{} (closing brace missing?)', 'digits missing in \x{}', true);
        }
        if ($this->version === Pcre::V10_46 && !self::isHex($this->peek())) {
            // From 10.45 on `\x` must be followed by `{` or a hex digit
            // (10.42 reads a bare `\x` as NUL).
            throw new Skip(Translator::INVALID, 'digits missing after \x or in \x{}');
        }
        $value = 0;
        for ($k = 0; $k < 2; $k++) {
            $c = $this->peek();
            if (!self::isHex($c)) {
                break;
            }
            $value = $value * 16 + hexdec($c);
            $this->pos++;
        }
        return $value;
    }

    /**
     * `\N{U+hhhh}` after the `N` (the code point), or null when no `{U+`
     * follows (then `\N` is a character other than a newline).
     */
    private function namedCodePoint(): ?int
    {
        if ($this->peek() !== '{') {
            return null;
        }
        // From 10.43 spaces and tabs may follow the `{`.
        $u = $this->blanksFrom($this->pos + 1);
        if ($this->at($u) !== 'U' || $this->at($u + 1) !== '+') {
            // `\N{3}` is `\N` repeated; any other `\N{` is an error.
            $saved = $this->pos;
            $this->pos++;
            try {
                $quantifier = $this->brace() !== null;
            } catch (Skip) {
                $quantifier = false;
            }
            $this->pos = $saved;
            if ($quantifier) {
                return null;
            }
            throw new Skip(Translator::INVALID, 'PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u');
        }
        if (!$this->utf) {
            throw new Skip(Translator::INVALID, '\N{U+dddd} is supported only in Unicode (UTF) mode');
        }
        $this->pos = $u + 1;
        // Now at `+`: read the digits as `\x{...}` reads them after its `{`.
        $malformed = 'malformed \N{U+dddd} escape';
        return $this->bracedHex($malformed, $malformed, false);
    }

    /**
     * The position after the spaces and tabs from `$i`, which PCRE2 skips
     * inside braces from 10.43 (`$i` itself in 10.42).
     */
    private function blanksFrom(int $i): int
    {
        if (Pcre::perlBraces($this->version)) {
            while ($this->at($i) === ' ' || $this->at($i) === "\t") {
                $i++;
            }
        }
        return $i;
    }

    /**
     * The hex digits of `\x{...}` or `\N{U+...}` up to the closing brace, the
     * current position being just before them (at the `{` or the `+`): a code
     * point, surrogates refused under `u`. `$bad`: the error for a character
     * that is not a hex digit; `$empty`: for no digit. From 10.43 spaces and
     * tabs may stand before `}`, and after `{` when `$lead`.
     */
    private function bracedHex(string $bad, string $empty, bool $lead): int
    {
        $i = $lead ? $this->blanksFrom($this->pos + 1) : $this->pos + 1;
        $value = 0;
        $digits = 0;
        while (true) {
            $c = $this->at($i);
            if ($c === '}') {
                break;
            }
            if (($c === ' ' || $c === "\t") && Pcre::perlBraces($this->version) && $digits > 0) {
                $i = $this->blanksFrom($i);
                if ($this->at($i) !== '}') {
                    throw new Skip(Translator::INVALID, $bad);
                }
                break;
            }
            if (!self::isHex($c)) {
                throw new Skip(Translator::INVALID, $bad);
            }
            $value = min($value * 16 + (int) hexdec((string) $c), 0x1100000);
            $digits++;
            $i++;
        }
        if ($digits === 0) {
            throw new Skip(Translator::INVALID, $empty);
        }
        $this->pos = $i + 1;
        if ($value > CharSet::MAX_CP || ($this->utf && $value >= 0xD800 && $value <= 0xDFFF)) {
            throw new Skip(Translator::INVALID, 'character code point value in \x{} is too large');
        }
        return $value;
    }

    /** The set of `\d \D \s \S \h \H \v \V \w \W`. */
    private function escapeSet(string $c): CharSet
    {
        switch (strtolower($c)) {
            case 'd':
                $table = $this->utf ? Ucd::gc($this->version, 'Nd') : CharSet::DIGIT_ASCII;
                break;
            case 's':
                $table = $this->utf ? CharSet::SPACE_UCP : CharSet::SPACE_ASCII;
                break;
            case 'h':
                $table = $this->utf ? CharSet::HSPACE_UCP : CharSet::HSPACE_BYTES;
                break;
            case 'v':
                $table = $this->utf ? CharSet::VSPACE_UCP : CharSet::VSPACE_BYTES;
                break;
            default:
                if ($this->utf) {
                    $set = CharSet::wordUcp($this->version);
                    $this->work->spend(\count($set->ranges));
                    return $c === 'W' ? $set->complement(CharSet::MAX_CP) : $set;
                }
                $table = CharSet::WORD_ASCII;
        }
        $set = CharSet::fromTable($table);
        if ($c >= 'A' && $c <= 'Z') {
            $set = $set->complement($this->utf ? CharSet::MAX_CP : 0xFF);
        }
        return $set;
    }

    /** `\p` / `\P` after the letter: the property's set (negated for `\P` or `\p{^..}`). */
    private function property(bool $negated): CharSet
    {
        $c = $this->peek();
        if ($c === '{') {
            $i = $this->pos + 1;
            $name = '';
            while (true) {
                $d = $this->at($i);
                if ($d === '}') {
                    break;
                }
                if ($d === null || \strlen($name) >= 64) {
                    throw new Skip(Translator::INVALID, 'malformed \P or \p sequence');
                }
                $name .= $d;
                $i++;
            }
            $this->pos = $i + 1;
        } elseif ($c !== null) {
            $this->pos++;
            $name = $c;
        } else {
            throw new Skip(Translator::INVALID, 'malformed \P or \p sequence');
        }
        if (!$this->utf) {
            throw new Skip(Translator::UNICODE, 'Unicode properties are not supported without the u modifier');
        }
        if (str_starts_with($name, '^')) {
            $negated = !$negated;
            $name = substr($name, 1);
        }
        $set = CharSet::property($name, $this->flags['caseless'], $this->version);
        if ($set === null) {
            throw new Skip(Translator::UNICODE, 'only general categories are supported among Unicode properties');
        }
        $this->work->spend(\count($set->ranges));
        return $negated ? $set->complement(CharSet::MAX_CP) : $set;
    }

    /** An escape outside a class (position after the backslash). Returns true when `\Q` starts quoting. */
    private function escape(): bool
    {
        $c = $this->peek();
        if ($c === null) {
            throw new Skip(Translator::INVALID, '\ at end of pattern');
        }
        $cp = $this->cps[$this->pos];
        $this->pos++;
        switch ($c) {
            case 'd': case 'D': case 's': case 'S': case 'h': case 'H': case 'v': case 'V': case 'w': case 'W':
                $set = $this->escapeSet($c);
                if ($this->utf) {
                    $this->pushSet($set);
                } else {
                    $this->pushByteSet($set);
                }
                break;
            case 'p': case 'P':
                $this->pushSet($this->property($c === 'P'));
                break;
            case 'b': case 'B':
                if ($this->utf) {
                    throw new Skip(Translator::UNICODE, '\b and \B follow Unicode properties under the u modifier');
                }
                $this->pushAssertion(Ir::assert($c === 'b' ? Ir::WORD_B : Ir::NOT_WORD_B));
                break;
            case 'A':
                $this->pushAssertion(Ir::assert(Ir::START));
                break;
            case 'z':
                $this->pushAssertion(Ir::assert(Ir::END));
                break;
            case 'Z':
                $this->pushAssertion(Ir::assert(Ir::END_NL));
                break;
            case 't': $this->escapedLiteral(0x09); break;
            case 'n': $this->escapedLiteral(0x0A); break;
            case 'r': $this->escapedLiteral(0x0D); break;
            case 'f': $this->escapedLiteral(0x0C); break;
            case 'e': $this->escapedLiteral(0x1B); break;
            case 'a': $this->escapedLiteral(0x07); break;
            case 'x':
                $this->escapedLiteral($this->hex());
                break;
            case 'N':
                $named = $this->namedCodePoint();
                if ($named !== null) {
                    $this->literal($named);
                } else {
                    $this->dot(false);
                }
                break;
            case 'Q':
                return true;
            case 'E':
                break;
            case 'g': case 'k':
                throw new Skip(Translator::CONSTRUCT, 'backreferences are not supported');
            case 'G': case 'K': case 'X': case 'C': case 'R': case 'c': case 'o':
                throw new Skip(Translator::CONSTRUCT, 'escape \\' . $c . ' is not supported');
            default:
                if (self::isDigit($c)) {
                    throw new Skip(Translator::CONSTRUCT, 'backreferences and octal escapes are not supported');
                }
                if (self::isAsciiAlnum($c)) {
                    throw new Skip(Translator::INVALID, 'unrecognized character follows \\');
                }
                $this->literal($cp);
        }
        return false;
    }

    /**
     * A quantifier (`$min`, `$max`) that starts at `$start`, position after it:
     * its `?` (lazy) or `+` (possessive) mark read, applied to the last item.
     */
    private function quantify(int $start, int $min, ?int $max): void
    {
        $mark = $this->peek();
        $lazyMark = $mark === '?';
        $possessive = $mark === '+';
        if ($lazyMark || $possessive) {
            $this->pos++;
        }
        if ($this->flags['extended']) {
            $i = $this->extendedEnd($this->pos);
            $c = $this->at($i);
            if ($i > $this->pos && ($c === '?' || $c === '+')) {
                throw new Skip(Translator::CONSTRUCT, 'white space between a quantifier and ? or + is not supported');
            }
        }
        $item = $this->repeatable($start);
        $lazy = ($lazyMark !== $this->flags['ungreedy']) && !$possessive;
        $props = self::repeated($item['props'], $item['group'], $min, $max, $possessive);
        $this->lastQuantEnd = $this->pos;
        if ($possessive && $item['group']) {
            throw new Skip(Translator::CONSTRUCT, self::ATOMIC_MESSAGE);
        }
        if ($possessive && $props['unsafe_atomic']) {
            throw new Skip(Translator::CONSTRUCT, 'possessive quantifier cannot be emulated exactly');
        }
        $this->push([
            'node' => Ir::repeat($item['node'], $min, $max, !$lazy, $possessive),
            'group' => false,
            'kind' => self::KIND_QUANTIFIED,
            'props' => $props,
        ]);
    }

    /** The last item, taken for the quantifier that starts at `$start`, or why it cannot be repeated. */
    private function repeatable(int $start): array
    {
        $frame = $this->frame();
        if ($frame->blocked) {
            throw new Skip(Translator::CONSTRUCT, 'quantifier after an option setting is not supported');
        }
        $item = array_pop($frame->items);
        if ($item === null) {
            throw new Skip(Translator::INVALID, 'quantifier does not follow a repeatable item');
        }
        if ($item['kind'] === self::KIND_QUANTIFIED && $start !== $this->lastQuantEnd) {
            throw new Skip(Translator::CONSTRUCT, 'quantifier separated from a quantifier is not supported');
        }
        if ($item['kind'] === self::KIND_ASSERTION || $item['kind'] === self::KIND_QUANTIFIED) {
            throw new Skip(Translator::INVALID, 'quantifier does not follow a repeatable item');
        }
        if ($item['kind'] === self::KIND_LOOKAROUND) {
            throw new Skip(Translator::CONSTRUCT, 'quantified assertions are not supported');
        }
        if ($item['node']['t'] === 's' && $item['node']['mb']) {
            throw new Skip(Translator::BYTES, 'quantifier after a multibyte character applies to its last byte without the u modifier');
        }
        return $item;
    }

    private function readNumber(int &$i): ?int
    {
        $start = $i;
        $v = 0;
        while (self::isDigit($this->at($i))) {
            $v = min($v * 10 + (int) $this->chars[$i], 1000000);
            $i++;
        }
        return $i > $start ? $v : null;
    }

    /**
     * `{` quantifier syntax at the position after `{`: [min, max] and the
     * position moved past `}`, or null (a literal `{`). PCRE2 10.42: `{n}`,
     * `{n,}`, `{n,m}`; from 10.43 also `{,m}` (`{0,m}`) and spaces or tabs
     * after `{`, around the comma and before `}` (`{,}` stays literal).
     *
     * @return array{0: int, 1: ?int}|null
     */
    private function brace(): ?array
    {
        $i = $this->pos;
        $perl = Pcre::perlBraces($this->version);
        $blanks = function (int &$i) use ($perl): void {
            if ($perl) {
                while ($this->at($i) === ' ' || $this->at($i) === "\t") {
                    $i++;
                }
            }
        };
        $blanks($i);
        $min = $this->readNumber($i);
        if ($min === null && !$perl) {
            return null;
        }
        $blanks($i);
        $c = $this->at($i);
        if ($c === '}' && $min !== null) {
            $max = $min;
        } elseif ($c === ',') {
            $i++;
            $blanks($i);
            $m = $this->readNumber($i);
            $blanks($i);
            if ($this->at($i) !== '}' || ($min === null && $m === null)) {
                return null;
            }
            $max = $m;
        } else {
            return null;
        }
        $min ??= 0;
        $this->pos = $i + 1;
        if ($min > 65535 || ($max !== null && $max > 65535)) {
            throw new Skip(Translator::INVALID, 'number too big in {} quantifier');
        }
        if ($max !== null && $max < $min) {
            throw new Skip(Translator::INVALID, 'numbers out of order in {} quantifier');
        }
        return [$min, $max];
    }

    /** @param array<string, bool> $flags */
    private function openFrame(string $kind, array $flags): void
    {
        if (\count($this->frames) > Translator::MAX_DEPTH) {
            throw new Skip(Translator::TOO_COMPLEX, 'groups are nested too deeply');
        }
        $this->frames[] = self::newFrame($kind, $this->flags);
        $this->flags = $flags;
    }

    /** A group name up to `term` (position at its first character). */
    private function groupName(string $term): void
    {
        $name = '';
        while (true) {
            $c = $this->peek();
            if ($c === null) {
                throw new Skip(Translator::INVALID, 'syntax error in subpattern name (missing terminator?)');
            }
            $this->pos++;
            if ($c === $term) {
                break;
            }
            if (\strlen($c) !== 1 || \ord($c) >= 0x80) {
                throw new Skip(Translator::CONSTRUCT, 'non-ASCII group names are not supported');
            }
            if (!(self::isAsciiAlnum($c) || $c === '_')) {
                throw new Skip(Translator::INVALID, 'syntax error in subpattern name (missing terminator?)');
            }
            if ($name === '' && self::isDigit($c)) {
                throw new Skip(Translator::INVALID, 'subpattern name must start with a non-digit');
            }
            $name .= $c;
        }
        if ($name === '') {
            throw new Skip(Translator::INVALID, 'subpattern name expected');
        }
        // 32 code units in 10.42, 128 from 10.44.
        $longest = $this->version === Pcre::V10_46 ? 128 : 32;
        if (\strlen($name) > $longest) {
            throw new Skip(Translator::INVALID, "subpattern name is too long (maximum $longest code units)");
        }
        if (\in_array($name, $this->names, true)) {
            throw new Skip(Translator::INVALID, 'two named subpatterns have the same name');
        }
        $this->names[] = $name;
        $this->openFrame(self::G_GROUP, $this->flags);
    }

    /** `(` seen; position after it. */
    private function open(): void
    {
        $flags = $this->flags;
        $p = $this->peek();
        if ($p === '*') {
            throw new Skip(Translator::CONSTRUCT, 'backtracking control verbs are not supported');
        }
        if ($p !== '?') {
            $this->openFrame(self::G_GROUP, $flags);
            return;
        }
        $this->pos++;
        $c = $this->peek();
        if ($c === null) {
            throw new Skip(Translator::INVALID, 'unrecognized character after (? or (?-');
        }
        $this->pos++;
        switch ($c) {
            case '#':
                $this->comment();
                return;
            case ':':
                $this->openFrame(self::G_GROUP, $flags);
                return;
            case '>':
                throw new Skip(Translator::CONSTRUCT, self::ATOMIC_MESSAGE);
            case '*':
                throw new Skip(Translator::CONSTRUCT, 'non-atomic assertions are not supported');
            case '=':
                $this->openFrame(self::G_AHEAD, $flags);
                return;
            case '!':
                $this->openFrame(self::G_NEG_AHEAD, $flags);
                return;
            case '<':
                $this->openAngle($flags);
                return;
            case 'P':
                $d = $this->peek();
                if ($d === '<') {
                    $this->pos++;
                    $this->groupName('>');
                    return;
                }
                if ($d === '=' || $d === '>') {
                    throw new Skip(Translator::CONSTRUCT, 'backreferences and recursion are not supported');
                }
                throw new Skip(Translator::INVALID, 'unrecognized character after (?P');
            case "'":
                $this->groupName("'");
                return;
            case '|':
                throw new Skip(Translator::CONSTRUCT, 'branch reset groups are not supported');
            case '(':
                throw new Skip(Translator::CONSTRUCT, 'conditional groups are not supported');
            case 'C':
                throw new Skip(Translator::CONSTRUCT, 'callouts are not supported');
            case 'R': case '&': case '+':
                throw new Skip(Translator::CONSTRUCT, 'recursion and subroutine calls are not supported');
            default:
                if (self::isDigit($c) || ($c === '-' && self::isDigit($this->peek()))) {
                    throw new Skip(Translator::CONSTRUCT, 'recursion and subroutine calls are not supported');
                }
                $this->pos--;
                $this->options();
        }
    }

    /** `(?#` seen: the comment, up to its `)`. */
    private function comment(): void
    {
        while (($d = $this->peek()) !== null) {
            $this->pos++;
            if ($d === ')') {
                return;
            }
        }
        throw new Skip(Translator::INVALID, 'missing ) after (?# comment');
    }

    /**
     * `(?<` seen: a lookbehind, or a named group.
     *
     * @param array<string, bool> $flags
     */
    private function openAngle(array $flags): void
    {
        $d = $this->peek();
        if ($d === '=') {
            $this->pos++;
            $this->openFrame(self::G_BEHIND, $flags);
        } elseif ($d === '!') {
            $this->pos++;
            $this->openFrame(self::G_NEG_BEHIND, $flags);
        } elseif ($d === '*') {
            throw new Skip(Translator::CONSTRUCT, 'non-atomic assertions are not supported');
        } else {
            $this->groupName('>');
        }
    }

    /** Option setting `(?i)`, `(?-i)`, `(?^i)`, `(?i:...)`; position at the first letter. */
    private function options(): void
    {
        $f = $this->flags;
        $unset = false;
        $caret = false;
        if ($this->peek() === '^') {
            $this->pos++;
            $caret = true;
            $f['caseless'] = false;
            $f['multiline'] = false;
            $f['dotall'] = false;
            $f['extended'] = false;
        }
        while (true) {
            $c = $this->peek();
            if ($c === null) {
                throw new Skip(Translator::INVALID, 'missing ) after (? option setting');
            }
            $this->pos++;
            switch ($c) {
                case 'i': $f['caseless'] = !$unset; break;
                case 'm': $f['multiline'] = !$unset; break;
                case 's': $f['dotall'] = !$unset; break;
                case 'U': $f['ungreedy'] = !$unset; break;
                case 'n': break;
                case 'x':
                    if ($this->peek() === 'x') {
                        throw new Skip(Translator::MODIFIER, 'inline option xx is not supported');
                    }
                    $f['extended'] = !$unset;
                    break;
                case 'J':
                    throw new Skip(Translator::MODIFIER, 'inline option J is not supported');
                case '-':
                    if ($unset || $caret) {
                        throw new Skip(Translator::INVALID, 'invalid hyphen in option setting');
                    }
                    $unset = true;
                    break;
                case ')':
                    $this->flags = $f;
                    $this->frame()->blocked = true;
                    return;
                case ':':
                    $this->openFrame(self::G_GROUP, $f);
                    return;
                default:
                    throw new Skip(Translator::INVALID, 'unrecognized character after (? or (?-');
            }
        }
    }

    /** `)` seen. */
    private function close(): void
    {
        if (\count($this->frames) <= 1) {
            throw new Skip(Translator::INVALID, 'unmatched closing parenthesis');
        }
        $frame = array_pop($this->frames);
        $kind = $frame->kind;
        $this->flags = $frame->saved;
        [$node, $props, $branches] = self::composeAlts($frame);
        switch ($kind) {
            case self::G_AHEAD:
                $item = self::lookaround(Ir::AHEAD, $node, $props, $props['has_emul']);
                break;
            case self::G_NEG_AHEAD:
                $item = self::lookaround(Ir::NEG_AHEAD, $node, $props, $props['has_emul']);
                break;
            case self::G_BEHIND:
            case self::G_NEG_BEHIND:
                $this->checkLookbehind($branches, $props['has_emul']);
                $item = self::lookaround($kind === self::G_BEHIND ? Ir::BEHIND : Ir::NEG_BEHIND, $node, $props, false);
                break;
            default:
                $props['cost'] = self::clampCost($props['cost'] + 8);
                $item = ['node' => $node, 'group' => true, 'kind' => self::KIND_ATOM, 'props' => $props];
        }
        $this->push($item);
    }

    /**
     * What PCRE2 (or this translator) refuses in a lookbehind with these
     * branches: a branch too long, or of a length that is not fixed (up to
     * 10.42) or not limited to 255 (from 10.43); atomic emulation.
     *
     * @param list<array{0: ?int, 1: ?int}> $branches
     */
    private function checkLookbehind(array $branches, bool $hasEmul): void
    {
        foreach ($branches as [$len, $max]) {
            if ($len !== null) {
                if ($len > 65535) {
                    throw new Skip(Translator::INVALID, 'lookbehind assertion is too long');
                }
                continue;
            }
            // From 10.43 a branch may vary, up to 255 characters.
            if ($this->version !== Pcre::V10_46) {
                throw new Skip(Translator::INVALID, 'lookbehind assertion is not fixed length');
            }
            if ($max === null) {
                throw new Skip(Translator::INVALID, 'length of lookbehind assertion is not limited');
            }
            if ($max > 255) {
                throw new Skip(Translator::INVALID, 'branch too long in variable-length lookbehind assertion');
            }
        }
        if ($hasEmul) {
            throw new Skip(Translator::CONSTRUCT, 'atomic groups and possessive quantifiers inside lookbehind are not supported');
        }
    }

    /**
     * A single member of a class (position at it): an int code point or a CharSet.
     * Without `u`, escapes give byte values (up to 0xFF).
     */
    private function classAtom(): int|CharSet
    {
        $c = $this->peek();
        if ($c === null) {
            throw new Skip(Translator::INVALID, 'missing terminating ] for character class');
        }
        $cp = $this->cps[$this->pos];
        $this->pos++;
        if ($c !== '\\') {
            if (!$this->utf && $cp >= 0x80) {
                throw self::bytesSkip();
            }
            return $cp;
        }
        $e = $this->peek();
        if ($e === null) {
            throw new Skip(Translator::INVALID, '\ at end of pattern');
        }
        $ecp = $this->cps[$this->pos];
        $this->pos++;
        switch ($e) {
            case 'd': case 'D': case 's': case 'S': case 'h': case 'H': case 'v': case 'V': case 'w': case 'W':
                return $this->escapeSet($e);
            case 'p': case 'P':
                return $this->property($e === 'P');
            case 'b': $v = 0x08; break;
            case 't': $v = 0x09; break;
            case 'n': $v = 0x0A; break;
            case 'r': $v = 0x0D; break;
            case 'f': $v = 0x0C; break;
            case 'e': $v = 0x1B; break;
            case 'a': $v = 0x07; break;
            case 'x': $v = $this->hex(); break;
            case 'N':
                $v = $this->namedCodePoint();
                if ($v === null) {
                    throw new Skip(Translator::INVALID, 'escape sequence is invalid in character class');
                }
                break;
            case 'Q': case 'E': case 'c': case 'o': case 'g': case 'k':
                throw new Skip(Translator::CONSTRUCT, 'escape \\' . $e . ' is not supported in a character class');
            case 'B': case 'R': case 'X':
                throw new Skip(Translator::INVALID, 'escape sequence is invalid in character class');
            default:
                if (self::isDigit($e)) {
                    throw new Skip(Translator::CONSTRUCT, 'backreferences and octal escapes are not supported');
                }
                if (self::isAsciiAlnum($e)) {
                    throw new Skip(Translator::INVALID, 'unrecognized character follows \\');
                }
                if (!$this->utf && $ecp >= 0x80) {
                    throw self::bytesSkip();
                }
                return $ecp;
        }
        $this->checkEscaped($v);
        return $v;
    }

    /**
     * PCRE2's `check_posix_syntax()`: `i` is at the terminator (`:`, `.` or
     * `=`) after a `[`; returns the position of the closing terminator.
     */
    private function posixEnd(int $i): ?int
    {
        $term = $this->at($i);
        if ($term === null) {
            return null;
        }
        $n = \count($this->chars);
        $j = $i + 1;
        while ($n >= $j + 2) {
            $c = $this->chars[$j];
            $d = $this->chars[$j + 1];
            if ($c === '\\' && ($d === ']' || $d === '\\')) {
                $j++;
            } elseif (($c === '[' && $d === $term) || $c === ']') {
                return null;
            } elseif ($c === $term && $d === ']') {
                return $j;
            }
            $j++;
        }
        return null;
    }

    /** Whether a POSIX class starts here (a `[` followed by `[:...:]` syntax). */
    private function posixFollows(): bool
    {
        $next = $this->at($this->pos + 1);
        return $this->peek() === '['
            && ($next === ':' || $next === '.' || $next === '=')
            && $this->posixEnd($this->pos + 1) !== null;
    }

    private function rangeFollows(): bool
    {
        $next = $this->at($this->pos + 1);
        return $this->peek() === '-' && $next !== null && $next !== ']';
    }

    /** `[:name:]` inside a class (position at the `[`). */
    private function posix(): CharSet
    {
        $term = $this->at($this->pos + 1) ?? ':';
        $end = $this->posixEnd($this->pos + 1);
        if ($end === null) {
            throw new Skip(Translator::INVALID, 'unknown POSIX class name');
        }
        if ($term !== ':') {
            throw new Skip(Translator::INVALID, 'POSIX collating elements are not supported');
        }
        $start = $this->pos + 2;
        $negated = $this->at($start) === '^';
        if ($negated) {
            $start++;
        }
        $name = implode('', \array_slice($this->chars, $start, max(0, $end - $start)));
        $this->pos = $end + 2;
        $set = CharSet::posix($name, $this->utf, $this->version);
        if ($set === null) {
            throw new Skip(Translator::INVALID, 'unknown POSIX class name');
        }
        $this->work->spend(\count($set->ranges));
        if ($negated) {
            $set = $set->complement($this->utf ? CharSet::MAX_CP : 0xFF);
        }
        return $set;
    }

    /**
     * PCRE2's `[[:<:]]` and `[[:>:]]` (start and end of a word), position after
     * the first `[`: `\b(?=\w)` and `\b(?<=\w)`.
     */
    private function wordEdge(): bool
    {
        $start = implode('', \array_slice($this->chars, $this->pos, 6));
        if ($start === '[:<:]]') {
            $ahead = true;
        } elseif ($start === '[:>:]]') {
            $ahead = false;
        } else {
            return false;
        }
        $this->pos += 6;
        if ($this->utf) {
            throw new Skip(Translator::UNICODE, '\b and \B follow Unicode properties under the u modifier');
        }
        $word = Ir::set(CharSet::fromTable(CharSet::WORD_ASCII)->ranges);
        $this->count(30);
        $this->push([
            'node' => Ir::cat([Ir::assert(Ir::WORD_B), Ir::look($ahead ? Ir::AHEAD : Ir::BEHIND, $word)]),
            'group' => false,
            'kind' => self::KIND_LOOKAROUND,
            'props' => self::propsAssertion(),
        ]);
        return true;
    }

    /**
     * One member of a class (position at it): a character or a range into
     * `$members`; a POSIX class or class escape into `$fixed` under `u` (not
     * case-folded), into `$members` without.
     *
     * @param list<array{0: int, 1: int}> $members
     * @param list<array{0: int, 1: int}> $fixed
     */
    private function classMember(array &$members, array &$fixed): void
    {
        $lo = $this->posixFollows() ? $this->posix() : $this->classAtom();
        if ($lo instanceof CharSet) {
            if ($this->rangeFollows()) {
                throw new Skip(Translator::INVALID, 'invalid range in character class');
            }
            if ($this->utf) {
                array_push($fixed, ...$lo->ranges);
            } else {
                array_push($members, ...$lo->ranges);
            }
            return;
        }
        if (!$this->rangeFollows()) {
            $members[] = [$lo, $lo];
            return;
        }
        $this->pos++;
        if ($this->posixFollows()) {
            throw new Skip(Translator::INVALID, 'invalid range in character class');
        }
        $hi = $this->classAtom();
        if ($hi instanceof CharSet) {
            throw new Skip(Translator::INVALID, 'invalid range in character class');
        }
        if ($hi < $lo) {
            throw new Skip(Translator::INVALID, 'range out of order in character class');
        }
        $members[] = [$lo, $hi];
    }

    /** `[` seen; position after it. */
    private function class(): void
    {
        if ($this->wordEdge()) {
            return;
        }
        $term = $this->peek();
        if (($term === ':' || $term === '.' || $term === '=') && $this->posixEnd($this->pos) !== null) {
            throw new Skip(Translator::INVALID, $term === ':'
                ? 'POSIX named classes are supported only within a class'
                : 'POSIX collating elements are not supported');
        }
        $negated = $this->peek() === '^';
        if ($negated) {
            $this->pos++;
        }
        // Characters and ranges (case-folded under `i`), and class escapes and
        // POSIX classes (under `u` PCRE2 does not fold them: `[[:ascii:]]` with
        // `iu` does not match U+212A). A first `]` is a member.
        $members = [];
        $fixed = [];
        $first = true;
        while ($first || $this->peek() !== ']') {
            $first = false;
            $this->classMember($members, $fixed);
        }
        $this->pos++;
        $this->work->spend(\count($members) + \count($fixed));
        $full = CharSet::fromUnsorted($members);
        if ($this->flags['caseless'] && $this->utf) {
            $this->work->spend($full->closeUnicodeCase($this->version));
        } elseif ($this->flags['caseless']) {
            $full->closeAsciiCase();
        }
        if ($fixed !== []) {
            $full = $full->unionWith(CharSet::fromUnsorted($fixed));
        }
        if ($this->utf) {
            $this->pushSet($negated ? $full->complement(CharSet::MAX_CP) : $full);
            return;
        }
        $this->pushByteSet($negated ? $full->complement(0xFF) : $full);
    }
}
