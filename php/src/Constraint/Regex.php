<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Vocab;
use ToolSchema\Regex\Translator;

/**
 * `Regex` → `pattern` (or `not: {pattern}` for `match: false`) when the PCRE
 * pattern translates exactly to ECMA-262 (ToolSchema\Regex\Translator, the pcre2ecma package);
 * otherwise nothing, and a warning whose code says why. `htmlPattern` is not used
 * (src/constraint/regex.rs). A `pattern` reads `$` as PCRE's `D` modifier does
 * (Translator::translateEndOnly(): plain `$`, not `\n?$`; a subject that matches
 * only because `$` matched before its final newline is refused, a canonical-subset
 * tightening, issue 30); a `not: {pattern}` is the exact translation.
 */
final class Regex
{
    /**
     * Reads the options once: `/.../flags`, or `{pattern, match}` (values
     * must match the pattern, or with a false `match` must not): [source,
     * matches, null], or [null, null, problem] with what normalize_schema
     * refuses in them ([path, message]).
     *
     * @return array{0: string, 1: bool, 2: null}|array{0: null, 1: null, 2: array{0: list<string>, 1: string}}
     */
    public static function read(mixed $opts): array
    {
        if (\is_string($opts)) {
            $source = $opts;
            $matches = true;
        } elseif (\is_array($opts)) {
            $source = $opts['pattern'] ?? null;
            $matches = $opts['match'] ?? true;
            if (!\is_string($source)) {
                return [null, null, [['pattern'], $source === null ? 'is required' : 'must be a string']];
            }
            if (!\is_bool($matches)) {
                return [null, null, [['match'], 'must be a boolean']];
            }
        } else {
            return [null, null, [[], 'must be a string or an array of options']];
        }
        return Vocab::validUtf8($source) ? [$source, $matches, null] : [null, null, [\is_array($opts) ? ['pattern'] : [], 'must be valid UTF-8']];
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        [$source, $matches, $problem] = self::read($opts);
        $problem === null || throw $rule->error(...$problem);
        self::applySource($rule, $source, $matches, $f);
    }

    /** A PCRE pattern (`/.../flags`) that values must match (`$matches`) or must not. */
    public static function applySource(Rule $rule, string $source, bool $matches, Facets $f): void
    {
        if ($rule->cat !== Ty::CAT_STR) {
            $rule->notApplicable();
            return;
        }
        [$pattern, $code, $message] = self::translateCached($source, $matches);
        if ($pattern !== null) {
            if ($matches) {
                $f->patterns[] = $pattern;
            } else {
                $f->nots[] = ['pattern', $pattern];
            }
        } else {
            $rule->warn((string) $code, (string) $message);
        }
    }

    /** Bounded cache of translations by source (as src/constraint/regex.rs). */
    private const CACHE_LIMIT = 512;

    /** @var array<string, array{0: ?string, 1: ?string, 2: ?string}> by "D" (a `pattern`) or "-" (a `not`), then the source */
    private static array $cache = [];

    /**
     * The translation of `$source` for a `pattern` (`$endOnly`: `$` as under
     * `D`) or for a `not: {pattern}`.
     *
     * @return array{0: ?string, 1: ?string, 2: ?string}
     */
    private static function translateCached(string $source, bool $endOnly): array
    {
        $key = ($endOnly ? 'D' : '-') . $source;
        if (isset(self::$cache[$key])) {
            return self::$cache[$key];
        }
        if (\count(self::$cache) >= self::CACHE_LIMIT) {
            self::$cache = [];
        }
        return self::$cache[$key] = $endOnly ? Translator::translateEndOnly($source) : Translator::translate($source);
    }

    /** Whether a `Regex`'s stated pattern refuses "" (B6): it does not match it, or, with `match: false`, does. */
    public static function refusesEmpty(mixed $o): bool
    {
        [$source, $matches] = self::read($o);
        if ($source === null) {
            return false;
        }
        $empty = Translator::matchesEmpty($source, $matches);
        return $empty !== null && $empty !== $matches;
    }
}
