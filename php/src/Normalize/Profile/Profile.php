<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Schema;

/**
 * Provider profiles (src/normalize/profile/mod.rs, where the rules are
 * explained): the consumer a schema is written for (option `profile`), one
 * case per provider class, which says who it is (LABEL, STRICT, limits(),
 * budget(), INPUT_EXAMPLES). `mcp` (the default) is written final by the
 * normalizer; for `openai`, `anthropic`, `gemini` and `gemini_json` it fills
 * a Model\Schema per node instead (Normalize\Fill), which the pass writes
 * for the provider (Pass; a base schema is read into one by Reader). Each
 * provider is named once, its case, whose name is its class's
 * (src/normalize/profile/mod.rs's `providers!`): a new provider is its class,
 * and here its case.
 */
enum Profile: string
{
    case Mcp = 'mcp';
    case OpenAi = 'openai';
    case Anthropic = 'anthropic';
    case Gemini = 'gemini';
    case GeminiJson = 'gemini_json';

    public const CONSTRAINT_DROPPED = 'profile_constraint_dropped';
    public const STRICT_IMPOSSIBLE = 'profile_strict_impossible';
    public const LIMIT_EXCEEDED = 'profile_limit_exceeded';

    // JSON types as bits (Model\Schema's, named here for the providers).
    public const STRING = Schema::STRING;
    public const INTEGER = Schema::INTEGER;
    public const NUMBER = Schema::NUMBER;
    public const BOOLEAN = Schema::BOOLEAN;
    public const ARRAY = Schema::ARRAY;
    public const OBJECT = Schema::OBJECT;
    public const ALL = Schema::ALL;

    /** The types in the order branches are written. */
    public const TYPES = Schema::TYPES;

    /**
     * The provider's class: the one named as the case. Its name as the class
     * holds it (interned), once per case: the pass calls the class by this
     * string at every node, and PHP finds a class by a string built at run
     * time only by hashing it again each time (2 % of an `openai` call).
     *
     * @return class-string<Mcp|Provider>
     */
    public function provider(): string
    {
        static $classes = [];
        return $classes[$this->name] ??= (new \ReflectionClass(__NAMESPACE__ . '\\' . $this->name))->name;
    }

    /** How warnings name the consumer. */
    public function label(): string
    {
        return $this->provider()::LABEL;
    }

    /** Whether the consumer has a strict mode (which a schema can be beyond: `profile_strict_impossible`). */
    public function strict(): bool
    {
        return $this->provider()::STRICT;
    }

    /**
     * Applies `$profile` to the canonical `$schema` (for `mcp` written final
     * by the normalizer; for the others the root's Schema it filled, or a
     * schema to read); warnings are appended.
     *
     * @param Schema|array<string, mixed> $schema
     * @param list<array{code: string, path: string, message: string}> $warnings
     * @return array<string, mixed>
     */
    public static function apply(Schema|array $schema, self $profile, array &$warnings): array
    {
        return self::applyCounted($schema, $profile, $warnings)[0];
    }

    /**
     * apply(), with the pass that holds the counts of the size limits (null
     * for `mcp`, which counts nothing): fit_budget() sums them over a tool list.
     *
     * @param Schema|array<string, mixed> $schema
     * @param list<array{code: string, path: string, message: string}> $warnings
     * @return array{0: array<string, mixed>, 1: ?Pass}
     */
    public static function applyCounted(Schema|array $schema, self $profile, array &$warnings): array
    {
        if ($profile === self::Mcp) {
            // Written final by the normalizer.
            return [$schema, null];
        }
        $pass = new Pass($profile);
        $out = $pass->node($schema, Pass::ROOT);
        foreach ($profile->provider()::limits($pass) as $message) {
            $pass->warn(self::LIMIT_EXCEEDED, $message);
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
