<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Normalize\Vocab;

/**
 * Provider profiles: a pass over the canonical schema that writes the schema
 * one consumer accepts as it is (src/normalize/profile/mod.rs, where the rules
 * are explained). `mcp` (the default) only makes the root of a tool input a
 * plain `"type": "object"`; `openai`, `anthropic`, `gemini` and `gemini_json`
 * read the whole schema back into Parts per node and write it again (Pass).
 */
final class Profile
{
    public const CONSTRAINT_DROPPED = 'profile_constraint_dropped';
    public const STRICT_IMPOSSIBLE = 'profile_strict_impossible';
    public const LIMIT_EXCEEDED = 'profile_limit_exceeded';

    // JSON types as bits.
    public const STRING = 1;
    public const INTEGER = 2;
    public const NUMBER = 4;
    public const BOOLEAN = 8;
    public const ARRAY = 16;
    public const OBJECT = 32;
    public const ALL = 63;

    /** The types in the order branches are written. */
    public const TYPES = [
        self::STRING => 'string',
        self::INTEGER => 'integer',
        self::NUMBER => 'number',
        self::BOOLEAN => 'boolean',
        self::ARRAY => 'array',
        self::OBJECT => 'object',
    ];

    /**
     * Applies `$profile` to the canonical `$schema`; warnings are appended
     * (`mcp` reads no further than the root: the normalizer has split its
     * unions already).
     *
     * @param array<string, mixed> $schema
     * @param list<array{code: string, path: string, message: string}> $warnings
     * @return array<string, mixed>
     */
    public static function apply(array $schema, int $profile, array &$warnings): array
    {
        return self::applyCounted($schema, $profile, $warnings)[0];
    }

    /**
     * apply(), with the pass that holds the counts of the size limits (null
     * for `mcp`, which counts nothing): fit_budget() sums them over a tool list.
     *
     * @param array<string, mixed> $schema
     * @param list<array{code: string, path: string, message: string}> $warnings
     * @return array{0: array<string, mixed>, 1: ?Pass}
     */
    public static function applyCounted(array $schema, int $profile, array &$warnings): array
    {
        if ($profile === Vocab::MCP) {
            // Written final by the normalizer.
            return [$schema, null];
        }
        $pass = new Pass($profile);
        $out = $pass->node($schema, Pass::ROOT);
        if ($profile === Vocab::OPENAI) {
            OpenAi::limits($pass);
        } elseif ($profile === Vocab::ANTHROPIC) {
            Anthropic::limits($pass);
        }
        array_push($warnings, ...$pass->warnings);
        return [$out instanceof \stdClass ? (array) $out : $out, $pass];
    }

    /** An array, or a stdClass read as its array. */
    public static function arr(mixed $v): ?array
    {
        if ($v instanceof \stdClass) {
            return (array) $v;
        }
        return \is_array($v) ? $v : null;
    }

    /** True for a list (a stdClass read as its array). */
    public static function isList(mixed $v): bool
    {
        $a = self::arr($v);
        return $a !== null && \array_is_list($a);
    }

    /** The JSON types a value has (an integral float is also an integer). */
    public static function valueTypes(mixed $v): int
    {
        return match (true) {
            \is_string($v) => self::STRING,
            \is_int($v) => self::INTEGER | self::NUMBER,
            \is_float($v) => fmod($v, 1.0) == 0.0 ? self::INTEGER | self::NUMBER : self::NUMBER,
            \is_bool($v) => self::BOOLEAN,
            ($a = self::arr($v)) !== null => \array_is_list($a) ? self::ARRAY : self::OBJECT,
            default => 0,
        };
    }

}
