<?php

declare(strict_types=1);

namespace ToolSchema\Php\Regex;

/**
 * Translation of PHP PCRE patterns (Symfony/Drupal `Regex` constraint) into
 * ECMA-262 patterns for JSON Schema `pattern` (evaluated as `new RegExp(p, 'u')`).
 *
 * A pattern is produced only when it accepts exactly the strings `preg_match`
 * accepts (PHP 8.2, bundled PCRE2 10.42) for every valid UTF-8 subject;
 * otherwise the result is a skip code saying why. See docs/regex.md.
 *
 * Stages (mirroring `src/regex/` one to one): Delimiters (split the PHP pattern),
 * Parser (one pass, explicit stack, builds the output), CharSet (code point sets
 * and PCRE2 tables), Emit (ECMA spelling).
 */
final class Translator
{
    public const INVALID = 'regex_invalid';
    public const MODIFIER = 'regex_unsupported_modifier';
    public const CONSTRUCT = 'regex_unsupported_construct';
    public const BYTES = 'regex_byte_semantics';
    public const UNICODE = 'regex_unicode';
    public const TOO_COMPLEX = 'regex_too_complex';

    public const MAX_SOURCE_BYTES = 4096;
    public const MAX_DEPTH = 32;
    public const MAX_OUTPUT_BYTES = 32768;
    public const MAX_COST = 30000;

    /**
     * Translates a full PHP pattern (delimiters and modifiers included).
     *
     * @return array{0: ?string, 1: ?string, 2: ?string} [pattern, skipCode, skipMessage]: pattern null iff skipped
     */
    public static function translate(string $source): array
    {
        try {
            return [self::run($source), null, null];
        } catch (Skip $e) {
            return [null, $e->skipCode, $e->getMessage()];
        }
    }

    private static function run(string $source): string
    {
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
        return (new Parser($body, $modifiers))->run();
    }
}
