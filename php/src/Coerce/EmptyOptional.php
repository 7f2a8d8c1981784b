<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Normalize\Definition as Ty;
use ToolSchema\Php\Regex\Delimiters;
use ToolSchema\Php\Regex\Parser;
use ToolSchema\Php\Regex\Pcre;
use ToolSchema\Php\Regex\Skip;
use ToolSchema\Php\Regex\Translator;
use ToolSchema\Php\Regex\Work;

/**
 * B6: "" for an optional input that cannot hold it becomes null
 * (src/coerce/empty_optional.rs): the integer kinds (integer, timestamp,
 * timespan), float, boolean, list, map, and decimal and datetime_iso8601 (for
 * which "" is never valid); and a string kind whose schema refuses "" although
 * Drupal's validators skip it (refusesEmpty()). Takes precedence over list
 * wrapping. Never where a null could empty a list or map that must not be
 * empty (Definition::child(): never a list item; a map property only when the
 * map may become empty or has another entry that is neither null nor "").
 */
final class EmptyOptional
{
    public static function appliesTo(int $ty): bool
    {
        $cat = Ty::cat($ty);
        return $cat === Ty::CAT_INT || $cat === Ty::CAT_NUM || $cat === Ty::CAT_BOOL || $cat === Ty::CAT_LIST
            || $cat === Ty::CAT_MAP || $ty === Ty::DECIMAL || $ty === Ty::DATETIME_ISO8601;
    }

    /**
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     * @return array{0: int, 1: mixed}|null
     */
    public static function decide(array $def, mixed $v): ?array
    {
        return ($v === '' && !$def['required'] && $def['mayNull'] && (self::appliesTo($def['ty']) || self::refusesEmpty($def)))
            ? [Repair::VALUE, null] : null;
    }

    /**
     * A string kind whose schema (normalize_schema's) refuses "": email, uri,
     * duration_iso8601; Email, Url, Uuid, Ip, Date, DateOnly; Length with a
     * minimum of 1 or more; a Regex whose stated pattern does not match ""
     * (or, with `match: false`, does).
     *
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     */
    public static function refusesEmpty(array $def): bool
    {
        $ty = $def['ty'];
        if (Ty::cat($ty) !== Ty::CAT_STR) {
            return false;
        }
        if ($ty === Ty::EMAIL || $ty === Ty::URI || $ty === Ty::DURATION_ISO8601) {
            return true;
        }
        $constraints = $def['node']['constraints'] ?? null;
        if (!\is_array($constraints)) {
            return false;
        }
        foreach ($constraints as $name => $o) {
            switch ($name) {
                case 'Email':
                case 'Url':
                case 'Uuid':
                case 'Ip':
                case 'Date':
                case 'DateOnly':
                    return true;
                case 'Length':
                    if (self::lengthMin($o) >= 1) {
                        return true;
                    }
                    break;
                case 'Regex':
                    if (self::regexRefusesEmpty($o)) {
                        return true;
                    }
                    break;
            }
        }
        return false;
    }

    /** The minimum a `Length` states (0 when none, or options normalize_schema does not read). */
    private static function lengthMin(mixed $o): int
    {
        if (\is_int($o)) {
            return $o;
        }
        if (!\is_array($o)) {
            return 0;
        }
        $int = static fn (string $k): ?int => \is_int($o[$k] ?? null) ? $o[$k] : null;
        if ($int('min') !== null) {
            return $int('min');
        }
        if (($o['max'] ?? null) !== null) {
            return 0;
        }
        return $int('value') ?? $int('exactly') ?? 0;
    }

    /** Whether a `Regex`'s stated pattern refuses "". */
    private static function regexRefusesEmpty(mixed $o): bool
    {
        if (\is_string($o)) {
            [$source, $matches] = [$o, true];
        } elseif (\is_array($o) && \is_string($o['pattern'] ?? null) && (($o['match'] ?? null) === null || \is_bool($o['match']))) {
            [$source, $matches] = [$o['pattern'], $o['match'] ?? true];
        } else {
            return false;
        }
        if (preg_match('//u', $source) !== 1 || Translator::translate($source)[0] === null) {
            return false;
        }
        try {
            [$body, $modifiers] = Delimiters::split($source);
            [$root] = Parser::parse($body, $modifiers, Pcre::check(Pcre::version()), new Work());
        } catch (Skip) {
            return false;
        }
        return self::matchesEmpty($root) !== $matches;
    }

    /**
     * Whether a pattern (Regex\Ir) matches the empty subject: its only
     * position is both its start and its end, no character on either side.
     *
     * @param array<string, mixed> $n
     */
    public static function matchesEmpty(array $n): bool
    {
        switch ($n['t']) {
            case 's':
                return false;
            case 'a':
                return $n['a'] !== \ToolSchema\Php\Regex\Ir::WORD_B;
            case 'l':
                $m = self::matchesEmpty($n['body']);
                return ($n['k'] === \ToolSchema\Php\Regex\Ir::AHEAD || $n['k'] === \ToolSchema\Php\Regex\Ir::BEHIND) ? $m : !$m;
            case 'c':
                foreach ($n['items'] as $i) {
                    if (!self::matchesEmpty($i)) {
                        return false;
                    }
                }
                return true;
            case 'o':
                foreach ($n['items'] as $i) {
                    if (self::matchesEmpty($i)) {
                        return true;
                    }
                }
                return false;
            default:
                return $n['min'] === 0 || self::matchesEmpty($n['body']);
        }
    }
}
