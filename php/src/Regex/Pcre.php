<?php

declare(strict_types=1);

namespace ToolSchema\Php\Regex;

/**
 * Stage `pcre`: the PCRE2 version the translation is made for. Every table
 * (case folding, Unicode properties) and every proof in docs/regex.md holds
 * for PCRE2 10.42, the version PHP 8.2 bundles; newer PCRE2 reads some
 * patterns differently (10.43: `{,3}` is a quantifier, Unicode 15, `\w` with
 * marks), so on any other version every pattern is skipped.
 * Mirrors `src/regex/pcre.rs`.
 *
 * @internal
 */
final class Pcre
{
    /** The version the tables were made for (PHP's `PCRE_VERSION` on PHP 8.2). */
    public const SUPPORTED = '10.42 2022-12-11';

    /**
     * Environment variable that replaces the version PHP reports, when set and
     * not empty: for tests of the refusal only (read once per process).
     */
    public const OVERRIDE_ENV = 'TOOL_SCHEMA_PCRE_VERSION';

    private static ?string $version = null;

    /** The version translations are checked against: the override, else PCRE_VERSION. */
    public static function version(): string
    {
        if (self::$version === null) {
            $override = getenv(self::OVERRIDE_ENV);
            self::$version = \is_string($override) && $override !== '' ? $override : PCRE_VERSION;
        }
        return self::$version;
    }

    /** A skip unless `version` is PCRE2 10.42 (the release date is not compared). */
    public static function check(string $version): void
    {
        $number = explode(' ', $version, 2)[0];
        if ($number === '10.42') {
            return;
        }
        $shown = substr((string) preg_replace('/[^0-9.]/', '', $number), 0, 20);
        throw new Skip(Translator::PCRE_VERSION, sprintf(
            'PCRE2 %s is not the version the translation was made for (10.42)',
            $shown === '' ? '(unknown)' : $shown,
        ));
    }
}
