<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Translation of PHP PCRE patterns (Symfony/Drupal `Regex` constraint) into
 * ECMA-262 patterns for JSON Schema `pattern` (evaluated as `new RegExp(p, 'u')`).
 *
 * A pattern is produced only when it accepts exactly the strings `preg_match`
 * accepts on the PCRE2 PHP runs (10.42 and 10.46 are claimed, see Pcre)
 * for every valid UTF-8 subject, and
 * when a backtracking engine (V8, and so ajv) cannot take exponential or
 * high polynomial time on it; otherwise the result is a skip code saying why.
 * See docs/regex.md.
 *
 * Stages (mirroring `src/` one to one): Pcre (the running PCRE2
 * version), Delimiters (split the PHP pattern), Parser (one pass, explicit
 * stack, builds the Ir tree), Rewrite (exact simplifications at the edges of
 * the pattern), Bytes (byte semantics without `u`), Backtrack (ambiguity
 * analysis, with Dfa rewriting what it flags), Emit (ECMA spelling); CharSet,
 * CaseFold and Ucd hold code point sets and PCRE2's tables.
 */
final class Translator
{
    public const INVALID = 'regex_invalid';
    public const MODIFIER = 'regex_unsupported_modifier';
    public const CONSTRUCT = 'regex_unsupported_construct';
    public const BYTES = 'regex_byte_semantics';
    public const UNICODE = 'regex_unicode';
    public const TOO_COMPLEX = 'regex_too_complex';
    public const BACKTRACKING = 'regex_backtracking';
    public const PCRE_VERSION = 'regex_pcre_version';

    public const MAX_SOURCE_BYTES = 4096;
    public const MAX_DEPTH = 32;
    public const MAX_OUTPUT_BYTES = 32768;
    public const MAX_COST = 30000;
    public const MAX_WORK = 200000;
    public const MAX_STRUCTURE = 50000;

    /** The PCRE2 version translations are checked against (Pcre::version()). */
    public static function pcreVersion(): string
    {
        return Pcre::version();
    }

    /**
     * Translates a full PHP pattern (delimiters and modifiers included), for
     * the PCRE2 version pcreVersion() names.
     *
     * @return array{0: ?string, 1: ?string, 2: ?string} [pattern, skipCode, skipMessage]: pattern null iff skipped
     */
    public static function translate(string $source): array
    {
        return self::translateFor($source, Pcre::version());
    }

    /**
     * translate() with `$` read as under the `D` modifier
     * (PCRE2_DOLLAR_ENDONLY): only at the very end of the subject, never
     * before a final "\n" (where `m` is not set; `\Z` keeps its meaning). The
     * pattern then accepts exactly what `preg_match` accepts, except the
     * subjects that end in "\n" and match only because `$` matched before
     * that newline: a subset, which spells `$` as `$` instead of `\n?$`.
     *
     * @return array{0: ?string, 1: ?string, 2: ?string}
     */
    public static function translateEndOnly(string $source): array
    {
        return self::translateFor($source, Pcre::version(), null, true);
    }

    /**
     * Whether `preg_match` finds a match in the empty subject "" (the same
     * with `$dollarEndonly`: "" has no final newline), for a pattern
     * translate() (or, with `$dollarEndonly`, translateEndOnly()) translates
     * on the running PCRE2; null for one it skips (nothing is known of it
     * here).
     */
    public static function matchesEmpty(string $source, bool $dollarEndonly = false): ?bool
    {
        if (self::translateFor($source, Pcre::version(), null, $dollarEndonly)[0] === null) {
            return null;
        }
        [$body, $modifiers] = Delimiters::split($source);
        [$root] = self::parseEndOnly($body, $modifiers, Pcre::check(Pcre::version()), new Work(), $dollarEndonly);
        return Ir::matchesEmpty($root);
    }

    /**
     * translate() for a given PCRE2 version string (as `PCRE_VERSION`),
     * counting its work in `$work` when one is given (tests read Work::used());
     * with `$dollarEndonly`, `$` read as under the `D` modifier
     * (translateEndOnly(); Rust's translate_opts).
     *
     * @return array{0: ?string, 1: ?string, 2: ?string}
     */
    public static function translateFor(string $source, string $pcreVersion, ?Work $work = null, bool $dollarEndonly = false): array
    {
        try {
            return [self::run($source, $pcreVersion, $work ?? new Work(), $dollarEndonly), null, null];
        } catch (Skip $e) {
            return [null, $e->skipCode, $e->getMessage()];
        }
    }

    /**
     * The parse of `$body`, with `$` read as under D when `$dollarEndonly`,
     * unless such a `$` would sit inside a negative lookaround (where
     * matching at fewer positions lets the pattern match more:
     * `/^[^<]*(?!$)/` would then accept "\n", which preg_match refuses):
     * then as written (lib.rs's parse_end_only()).
     *
     * @param array<string, bool> $modifiers
     * @return array{0: array, 1: bool}
     */
    private static function parseEndOnly(string $body, array $modifiers, string $version, Work $work, bool $dollarEndonly): array
    {
        if ($dollarEndonly && !$modifiers['dollar_endonly']) {
            $parsed = Parser::parse($body, ['dollar_endonly' => true] + $modifiers, $version, $work);
            if (!Ir::endUnderNegation($parsed[0])) {
                return $parsed;
            }
        }
        return Parser::parse($body, $modifiers, $version, $work);
    }

    private static function run(string $source, string $pcreVersion, Work $work, bool $dollarEndonly): string
    {
        $version = Pcre::check($pcreVersion);
        if (\strlen($source) > self::MAX_SOURCE_BYTES) {
            throw new Skip(self::TOO_COMPLEX, 'pattern is longer than 4096 bytes');
        }
        if (str_contains($source, "\0")) {
            throw new Skip(self::CONSTRUCT, 'NUL bytes in patterns are not supported');
        }
        if (preg_match('//u', $source) !== 1) {
            // Unreachable from the Rust side (a &str is valid UTF-8).
            throw new Skip(self::INVALID, 'pattern is not valid UTF-8');
        }
        [$body, $modifiers] = Delimiters::split($source);
        [$root, $anchored] = self::parseEndOnly($body, $modifiers, $version, $work, $dollarEndonly);
        if (Pcre::firstUnitBug($root, $anchored, $version)) {
            throw new Skip(self::PCRE_VERSION, Pcre::firstUnitMessage($version));
        }
        $root = Rewrite::apply($root, $anchored);
        if (!$modifiers['utf']) {
            Bytes::check($root);
        }
        $root = Backtrack::ensure($root, $work);
        $out = Emit::pattern($root);
        if (\strlen($out) > self::MAX_OUTPUT_BYTES) {
            throw new Skip(self::TOO_COMPLEX, 'translated pattern would be too long');
        }
        return $out;
    }
}
