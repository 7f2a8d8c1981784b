<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Normalize\Definition;
use ToolSchema\Php\Normalize\Facets;
use ToolSchema\Php\Normalize\Rule;
use ToolSchema\Php\Normalize\Vocab;
use ToolSchema\Regex\Translator;

/**
 * `Regex` → `pattern` (or `not: {pattern}` for `match: false`) when the PCRE
 * pattern translates exactly to ECMA-262 (ToolSchema\Regex\Translator, the pcre2ecma package);
 * otherwise nothing, and a warning whose code says why. `htmlPattern` is not used
 * (src/constraint/regex.rs).
 */
final class Regex
{
    public const OBJECT_OPTIONS = ['pattern' => null, 'match' => null, 'htmlPattern' => ''];

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        if (\is_string($opts)) {
            $source = $opts;
            $matches = true;
        } elseif (\is_array($opts)) {
            $source = $opts['pattern'] ?? null;
            if (!\is_string($source)) {
                throw $rule->error(['pattern'], $source === null ? 'is required' : 'must be a string');
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

    /** Bounded cache of translations by source (as src/constraint/regex.rs). */
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

    /** Whether a `Regex`'s stated pattern refuses "" (B6): it does not match it, or, with `match: false`, does. */
    public static function refusesEmpty(mixed $o): bool
    {
        if (\is_string($o)) {
            [$source, $matches] = [$o, true];
        } elseif (\is_array($o) && \is_string($o['pattern'] ?? null) && (($o['match'] ?? null) === null || \is_bool($o['match']))) {
            [$source, $matches] = [$o['pattern'], $o['match'] ?? true];
        } else {
            return false;
        }
        if (preg_match('//u', $source) !== 1) {
            return false;
        }
        $empty = Translator::matchesEmpty($source);
        return $empty !== null && $empty !== $matches;
    }
}
