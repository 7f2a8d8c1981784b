<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Normalize\BaseSchema;
use ToolSchema\Php\Normalize\BaseType;
use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Normalize\Normalizer;
use ToolSchema\Php\Normalize\Nullable;
use ToolSchema\Php\Model\ValueCheck;
use ToolSchema\Php\Model\Vocab;

/**
 * `mcp` (the default): the canonical schema, with the general fixes, made as
 * the normalizer writes it (nothing written is read again): the root of a tool
 * input is a plain `"type": "object"` (never null); a `type` of two non-null
 * types or more becomes an `anyOf` of one type each (src/normalize/profile/mcp.rs).
 */
final class Mcp
{
    // Who the provider is (as Provider says it for the others).
    public const LABEL = 'MCP';
    public const STRICT = false;
    public const INPUT_EXAMPLES = false;

    /** @return list<string> no size limits */
    public static function limits(Pass $pass): array
    {
        return [];
    }

    /** @return list<array{0: \Closure(Pass): int, 1: int, 2: string}> no per-request limits */
    public static function budget(): array
    {
        return [];
    }

    private const KEYWORD_TYPES = [
        'minLength' => 's', 'maxLength' => 's', 'pattern' => 's', 'format' => 's',
        'contentEncoding' => 's', 'contentMediaType' => 's', 'contentSchema' => 's',
        'minimum' => 'n', 'maximum' => 'n', 'exclusiveMinimum' => 'n', 'exclusiveMaximum' => 'n',
        'multipleOf' => 'n',
        'items' => 'a', 'prefixItems' => 'a', 'additionalItems' => 'a', 'contains' => 'a',
        'minItems' => 'a', 'maxItems' => 'a', 'uniqueItems' => 'a', 'minContains' => 'a',
        'maxContains' => 'a', 'unevaluatedItems' => 'a',
        'properties' => 'o', 'patternProperties' => 'o', 'additionalProperties' => 'o',
        'required' => 'o', 'minProperties' => 'o', 'maxProperties' => 'o', 'propertyNames' => 'o',
        'dependentRequired' => 'o', 'dependentSchemas' => 'o', 'dependencies' => 'o',
        'unevaluatedProperties' => 'o',
    ];
    private const TYPE_GROUPS = [
        'string' => 's', 'number' => 'n', 'integer' => 'n', 'array' => 'a', 'object' => 'o', 'boolean' => 'b',
    ];

    /**
     * Whether a base schema may hold a type union: a `type` that is a list,
     * anywhere in it (a cheap look at a small schema, so that the usual base
     * schemas are copied as they are).
     */
    public static function mayHoldUnion(array $base): bool
    {
        foreach ($base as $k => $v) {
            if (\is_array($v) && ($k === 'type' || self::mayHoldUnion($v))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The `anyOf` of an `any` definition (every JSON type, null with
     * `$nullOk`), each branch with its type's keywords; nothing where every
     * value is allowed and no type's keywords are stated, except at the root
     * (a PHP array cannot be an empty `{}`).
     *
     * @param array<string, mixed> $out
     */
    public static function anyUnion(Facets $f, bool $nullOk, bool $root, array &$out): void
    {
        $typed = $f->formats !== [] || $f->patterns !== [] || $f->minLength !== null || $f->maxLength !== null
            || $f->minimum !== null || $f->exclusiveMinimum !== null || $f->maximum !== null || $f->exclusiveMaximum !== null;
        if (!$root && $nullOk && !$typed) {
            return;
        }
        $branches = [];
        foreach (BaseType::ANY as $t) {
            $o = ['type' => $t];
            if ($t === 'string') {
                Normalizer::stringKeywords($f, $o);
            } elseif ($t === 'number') {
                Normalizer::numberKeywords($f, $o);
            }
            $branches[] = $o;
        }
        if ($nullOk) {
            $branches[] = ['type' => 'null'];
        }
        $out['anyOf'] = $branches;
    }

    /**
     * Copies a base schema's keywords into `$out` as Nullable::baseSchema()
     * does, every type union in it split. `$root`: the schema is the whole
     * result (its union stays even where it allows every value); `$fix`: the
     * root fix applies.
     *
     * @param array<string, mixed> $out
     */
    public static function base(array $base, bool $nullOk, bool $root, bool $fix, array &$out): void
    {
        self::keywords($base, [$nullOk, $root, $fix], $out);
    }

    /**
     * Writes the keywords of the schema `$s` into `$out`, its type union (if
     * any) as an `anyOf` of one type each. `$top`: `$s` is a base schema at
     * the top of its definition's schema ([null ok, root, fix]; its
     * annotations left out).
     *
     * @param array{0: bool, 1: bool, 2: bool}|null $top
     * @param array<string, mixed> $out
     */
    private static function keywords(array $s, ?array $top, array &$out): void
    {
        [$nullOk, $root, $fix] = $top ?? [false, false, false];
        $t = $s['type'] ?? null;
        $types = [];
        $null = $nullOk && \is_array($t);
        $known = true;
        foreach (\is_array($t) ? $t : [] as $x) {
            if ($x === 'null') {
                $null = true;
            } elseif (\is_string($x) && isset(self::TYPE_GROUPS[$x])) {
                $types[] = $x;
            } else {
                $known = false;
            }
        }
        $union = \count($types) >= 2 && $known && !\array_key_exists('anyOf', $s);
        $everything = !$root && $union && $null && self::everyType($types) && !self::typedKeywords($s);
        // The root fix: a `type` that is "object" with null.
        $fix = $fix && $nullOk && !$union && (\is_array($t)
            ? $t !== [] && array_filter($t, static fn ($x) => $x !== 'object') === []
            : $t === 'object');
        foreach ($s as $k => $v) {
            if ($top !== null && BaseSchema::isAnnotation($k)) {
                continue;
            }
            if ($k === 'type' && $union) {
                if (!$everything) {
                    $out['anyOf'] = self::branches($s, $types, $null);
                }
                continue;
            }
            if ($nullOk && $k === 'type') {
                $out[$k] = $fix ? 'object' : (\is_array($v) ? [...array_values(ValueCheck::plain($v)), 'null'] : [$v, 'null']);
                continue;
            }
            if ($nullOk && $k === 'enum' && \is_array($v)) {
                $w = \in_array(null, $v, true) ? ValueCheck::plain($v) : [...array_values(ValueCheck::plain($v)), null];
                $out[$k] = $fix ? self::withoutNull($w) : $w;
                continue;
            }
            if ($nullOk && $k === 'const') {
                $w = Nullable::enumeration(['const', $v], true)[1];
                $out['enum'] = $fix ? self::withoutNull($w) : $w;
                continue;
            }
            if ($union && \is_string($k) && isset(self::KEYWORD_TYPES[$k])) {
                // Moved into the branch of its type.
                continue;
            }
            $out[$k] = self::splitValue($k, $v);
        }
    }

    /**
     * The `anyOf` branches of the union of `$s`: one per type, with that
     * type's keywords, then null's.
     *
     * @param list<string> $types
     */
    private static function branches(array $s, array $types, bool $null): array
    {
        $branches = [];
        foreach ($types as $t) {
            $o = ['type' => $t];
            foreach ($s as $k2 => $v2) {
                if (\is_string($k2) && (self::KEYWORD_TYPES[$k2] ?? null) === self::TYPE_GROUPS[$t]) {
                    $o[$k2] = self::splitValue($k2, $v2);
                }
            }
            $branches[] = $o;
        }
        if ($null) {
            $branches[] = ['type' => 'null'];
        }
        return $branches;
    }

    /**
     * The root's `enum` without null: the values of `$list` (an `enum` as
     * written with null let in) other than null, or, when that leaves none,
     * the list as it is.
     */
    private static function withoutNull(array $list): array
    {
        $out = array_values(array_filter($list, static fn ($v) => $v !== null));
        return $out === [] ? $list : $out;
    }

    /**
     * The root's `enum` of a definition's enum (Facets::$enums) without null
     * (as withoutNull() over what Nullable::enumeration() writes with null
     * let in).
     *
     * @param array{0: string, 1: mixed} $e
     * @return array{0: string, 1: mixed}
     */
    public static function enumerationFixed(array $e): array
    {
        return ['enum', self::withoutNull(Nullable::enumeration($e, true)[1])];
    }

    /** splitSchema() as a closure, made once. */
    private static ?\Closure $split = null;

    /**
     * The value of the keyword `$k` of a base schema, copied
     * (BaseSchema::copyValue()) with its schemas' unions split.
     */
    private static function splitValue(int|string $k, mixed $v): mixed
    {
        return BaseSchema::copyValue($k, $v, self::$split ??= self::splitSchema(...));
    }

    /** A schema of a base schema, copied (BaseSchema::copySchema()) with its union split. */
    private static function splitSchema(mixed $s): mixed
    {
        if (!\is_array($s)) {
            return $s;
        }
        if ($s !== [] && \array_is_list($s)) {
            // A list where a schema belongs: its entries copied, under their
            // indexes.
            return Vocab::object(BaseSchema::copySchema($s));
        }
        $out = [];
        self::keywords($s, null, $out);
        return Vocab::object($out);
    }

    /**
     * Whether the types, with null, are every JSON value's type: string,
     * number (integer is within it), boolean, array, object.
     *
     * @param list<string> $types
     */
    private static function everyType(array $types): bool
    {
        return array_diff(['string', 'number', 'boolean', 'array', 'object'], $types) === [];
    }

    /** Whether a schema has a keyword that applies to one JSON type only. */
    private static function typedKeywords(array $a): bool
    {
        return array_intersect_key($a, self::KEYWORD_TYPES) !== [];
    }
}
