<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Normalize\BaseSchema;
use ToolSchema\Php\Normalize\Vocab;

/**
 * `mcp` (the default): the canonical schema, with the general fixes: the root
 * of a tool input is a plain `"type": "object"`; a `type` of two non-null types
 * or more becomes an `anyOf` of one type each, split by the normalizer as it
 * writes the definition that holds it (src/normalize/profile/mcp.rs).
 */
final class Mcp
{
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
    private const SCHEMA = [
        'items' => true, 'additionalProperties' => true, 'not' => true, 'contains' => true,
        'propertyNames' => true, 'if' => true, 'then' => true, 'else' => true, 'additionalItems' => true,
        'unevaluatedItems' => true, 'unevaluatedProperties' => true, 'contentSchema' => true,
    ];

    /**
     * The root fix; null: the schema stays as it is (the normalizer has split
     * its unions already, as it wrote them: node()).
     *
     * @param array<string, mixed> $schema
     * @return array<string, mixed>|null
     */
    public static function apply(array $schema): ?array
    {
        if (!\array_key_exists('type', $schema)) {
            $inner = Profile::arr(Parts::nullWrapper($schema));
            if ($inner === null || ($inner['type'] ?? null) !== 'object') {
                return null;
            }
            $texts = self::pick($schema, ['title', 'description']);
            return array_replace($texts, $inner, self::pick($schema, ['default', 'examples']));
        }
        $type = $schema['type'];
        if (!\is_array($type) || !self::objectOrNull($type)) {
            return null;
        }
        $schema['type'] = 'object';
        if (Profile::arr($schema['enum'] ?? null) !== null) {
            $schema['enum'] = self::withoutNull(Profile::arr($schema['enum']));
        }
        return $schema;
    }

    /** The given keys of `$s` that it has, in the order given. */
    private static function pick(array $s, array $keys): array
    {
        $out = [];
        foreach ($keys as $k) {
            if (\array_key_exists($k, $s)) {
                $out[$k] = $s[$k];
            }
        }
        return $out;
    }

    /**
     * Whether a base schema may hold a type union: a `type` that is a list,
     * anywhere in it.
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

    /** `["object", "null"]` in either order. */
    private static function objectOrNull(array $list): bool
    {
        foreach ($list as $t) {
            if ($t !== 'object' && $t !== 'null') {
                return false;
            }
        }
        return \in_array('object', $list, true) && \in_array('null', $list, true);
    }

    /** The list without null (as it is when that would leave it empty). */
    private static function withoutNull(array $list): array
    {
        $out = array_values(array_filter($list, static fn ($v) => $v !== null));
        return $out === [] ? $list : $out;
    }

    /** The value of keyword `$k`, its schemas walked. */
    private static function value(int|string $k, mixed $v): mixed
    {
        $a = Profile::arr($v);
        if ($a === null || !\is_string($k)) {
            return $v;
        }
        if (isset(self::SCHEMA[$k])) {
            return self::node($v);
        }
        if (isset(BaseSchema::SCHEMA_LIST[$k]) && \array_is_list($a)) {
            return array_map([self::class, 'node'], $a);
        }
        if (isset(BaseSchema::SCHEMA_MAP[$k])) {
            return Vocab::object(array_map([self::class, 'node'], $a));
        }
        return $v;
    }

    /**
     * A schema, its type union (if any) as an `anyOf` of one type each.
     * `$root`: the schema is the whole result, which keeps its union even
     * when it allows every value (a PHP array cannot be an empty `{}`).
     */
    public static function node(mixed $s, bool $root = false): mixed
    {
        $a = Profile::arr($s);
        if ($a === null) {
            return $s;
        }
        $types = [];
        $null = false;
        $known = true;
        if (\is_array($a['type'] ?? null)) {
            foreach ($a['type'] as $t) {
                if ($t === 'null') {
                    $null = true;
                } elseif (\is_string($t) && isset(self::TYPE_GROUPS[$t])) {
                    $types[] = $t;
                } else {
                    $known = false;
                }
            }
        }
        $union = \count($types) >= 2 && $known && !\array_key_exists('anyOf', $a);
        $everything = !$root && $union && $null && self::everyType($types) && !self::typedKeywords($a);
        $out = [];
        foreach ($a as $k => $v) {
            if ($everything && $k === 'type') {
                // Every JSON type and nothing said of any: no `type` at all.
                continue;
            }
            if ($union && $k === 'type') {
                $branches = [];
                foreach ($types as $t) {
                    $o = ['type' => $t];
                    foreach ($a as $k2 => $v2) {
                        if (\is_string($k2) && (self::KEYWORD_TYPES[$k2] ?? null) === self::TYPE_GROUPS[$t]) {
                            $o[$k2] = self::value($k2, $v2);
                        }
                    }
                    $branches[] = $o;
                }
                if ($null) {
                    $branches[] = ['type' => 'null'];
                }
                $out['anyOf'] = $branches;
                continue;
            }
            if ($union && \is_string($k) && isset(self::KEYWORD_TYPES[$k])) {
                continue;
            }
            $out[$k] = self::value($k, $v);
        }
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
