<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Regex\Translator;

/**
 * `Regex` → `pattern` (or `not: {pattern}` for `match: false`) when the PCRE
 * pattern translates exactly to ECMA-262 (ToolSchema\Regex\Translator, the pcre2ecma package);
 * otherwise nothing, and a warning whose code says why. `htmlPattern` is not used
 * (src/normalize/regex.rs).
 */
final class Regex
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        if (\is_string($opts)) {
            $source = $opts;
            $matches = true;
        } elseif (\is_array($opts)) {
            $source = $opts['pattern'] ?? null;
            if ($source === null) {
                throw $rule->error(['pattern'], 'is required');
            }
            if (!\is_string($source)) {
                throw $rule->error(['pattern'], 'must be a string');
            }
            $m = $opts['match'] ?? null;
            if ($m === null) {
                $matches = true;
            } elseif (\is_bool($m)) {
                $matches = $m;
            } else {
                throw $rule->error(['match'], 'must be a boolean');
            }
        } else {
            throw $rule->error([], 'must be a string or an array of options');
        }
        if (!Vocab::validUtf8($source)) {
            throw $rule->error(\is_array($opts) ? ['pattern'] : [], 'must be valid UTF-8');
        }
        self::applySource($rule, $source, $matches, $f);
    }

    /** A PCRE pattern (`/.../flags`) that values must match (`$matches`) or must not. */
    public static function applySource(Rule $rule, string $source, bool $matches, Facets $f): void
    {
        if ($rule->cat !== Definition::CAT_STR) {
            $rule->notApplicable();
            return;
        }
        [$pattern, $code, $message] = self::translateCached($source);
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

    /** Bounded cache of translations by source (as src/normalize/regex.rs). */
    private const CACHE_LIMIT = 512;

    /** @var array<string, array{0: ?string, 1: ?string, 2: ?string}> */
    private static array $cache = [];

    /** @return array{0: ?string, 1: ?string, 2: ?string} */
    private static function translateCached(string $source): array
    {
        if (isset(self::$cache[$source])) {
            return self::$cache[$source];
        }
        if (\count(self::$cache) >= self::CACHE_LIMIT) {
            self::$cache = [];
        }
        return self::$cache[$source] = Translator::translate($source);
    }
}
