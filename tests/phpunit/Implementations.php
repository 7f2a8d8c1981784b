<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use ToolSchema\Php\Coerce\Coercer;
use ToolSchema\Php\Normalize\Normalizer;

/**
 * The implementations under test: the pure-PHP classes always, the extension's
 * functions when it is loaded. Results are reduced to comparable strings.
 */
final class Implementations
{
    public const JSON = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;

    public static function native(): bool
    {
        return \extension_loaded('tool_schema');
    }

    /** @return array<string, callable> name => fn(array $def, array $opts, ?array &$w): array */
    public static function normalizers(): array
    {
        $impls = ['php' => static function (array $d, array $o, &$w): array {
            return Normalizer::normalize($d, $o, $w);
        }];
        if (self::native()) {
            $impls['native'] = static function (array $d, array $o, &$w): array {
                return \ToolSchema\normalize_schema($d, $o, $w);
            };
        }
        return $impls;
    }

    /** @return array<string, callable> name => fn(mixed $value, array $def, array $opts): mixed */
    public static function coercers(): array
    {
        $impls = ['php' => static fn (mixed $v, array $d, array $o): mixed => Coercer::coerce($v, $d, $o)];
        if (self::native() && \function_exists('ToolSchema\coerce_input')) {
            $impls['native'] = static fn (mixed $v, array $d, array $o): mixed => \ToolSchema\coerce_input($v, $d, $o);
        }
        return $impls;
    }

    /**
     * The pure-PHP outcome of every fixture case and of $count seeded random
     * definitions and values (normalized and coerced), keyed by case: what
     * CoreOnlyTest compares between a `php -n` child and its own process.
     *
     * @return array{fixtures: array<string, string>, random: list<string>}
     */
    public static function coreOnlyOutcomes(int $seed, int $count): array
    {
        $normalize = self::normalizers()['php'];
        $coerce = self::coercers()['php'];
        $fixtures = [];
        foreach (Fixtures::all() as $name => ['case' => $case]) {
            $fixtures[$name] = ($case['function'] ?? '') === 'coerce'
                ? self::coerceOutcome($coerce, $case['input'] ?? null, $case['definition'], $case['options'] ?? [])
                : self::normalizeOutcome($normalize, $case['definition'], $case['options'] ?? []);
        }
        $g = new Generator($seed);
        $random = [];
        for ($i = 0; $i < $count; $i++) {
            $def = $g->definition();
            $random[] = self::normalizeOutcome($normalize, $def, $g->options());
            $random[] = self::coerceOutcome($coerce, $g->value($def), $def, []);
        }
        return ['fixtures' => $fixtures, 'random' => $random];
    }

    /**
     * Runs a normalizer and describes the outcome as one string: the schema and
     * warnings as JSON, or the exception's class and message.
     */
    public static function normalizeOutcome(callable $f, array $def, array $opts): string
    {
        $w = null;
        try {
            $schema = $f($def, $opts, $w);
            $json = json_encode($schema, self::JSON);
            if ($json === false) {
                return 'unencodable: ' . json_last_error_msg();
            }
            return $json . "\nwarnings: " . json_encode($w, self::JSON);
        } catch (\Throwable $e) {
            return \get_class($e) . ': ' . $e->getMessage() . "\nwarnings: " . json_encode($w, self::JSON);
        }
    }

    /** The outcome of a coercion: the value (typed, via var_export) or the exception. */
    public static function coerceOutcome(callable $f, mixed $value, array $def, array $opts): string
    {
        try {
            return self::describe($f($value, $def, $opts));
        } catch (\Throwable $e) {
            return \get_class($e) . ': ' . $e->getMessage();
        }
    }

    /**
     * A description of a value that tells int from float and keeps key order
     * (cut at 32 levels and 20,000 arrays: a recursive value may branch).
     */
    public static function describe(mixed $v, int $depth = 0): string
    {
        static $arrays = 0;
        if ($depth === 0) {
            $arrays = 0;
        }
        if (\is_array($v)) {
            if ($depth > 32 || ++$arrays > 20000) {
                return '[...]';
            }
            $parts = [];
            foreach ($v as $k => $item) {
                $parts[] = var_export($k, true) . '=>' . self::describe($item, $depth + 1);
            }
            return '[' . implode(',', $parts) . ']';
        }
        if (\is_float($v)) {
            return is_nan($v) ? 'float(NAN)' : 'float(' . var_export($v, true) . ')';
        }
        if (\is_object($v)) {
            return 'object(' . \get_class($v) . ')';
        }
        return var_export($v, true);
    }

    /**
     * The path of the tool_schema module this process loaded: TOOL_SCHEMA_SO,
     * else the mapping in /proc/self/maps (Linux); null when it is not loaded.
     */
    public static function modulePath(): ?string
    {
        if (!self::native()) {
            return null;
        }
        $env = getenv('TOOL_SCHEMA_SO');
        if (\is_string($env) && $env !== '' && is_file($env)) {
            return $env;
        }
        $maps = @file_get_contents('/proc/self/maps');
        if (\is_string($maps) && preg_match('~\s(/\S*tool_schema\.so)$~m', $maps, $m)) {
            return $m[1];
        }
        return null;
    }
}
