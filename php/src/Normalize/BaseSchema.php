<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\ValueCheck;
use ToolSchema\Php\Model\Vocab;
use ToolSchema\Php\Path;

/**
 * `base_schema`: the JSON Schema to start from for a type id the normalizer does
 * not know (src/normalize/base_schema.rs). It must have a `type` (a JSON type name
 * or a list of them) without `"null"`, so a required input never accepts null.
 * Its own annotations are replaced by the definition's; constraints are not added
 * to it. For an optional input in the `type_array` style, `null` is added to
 * `type` and `enum`, `const` becomes an `enum`; a base schema with a keyword that
 * could still shut null out (`not`, `allOf`, `anyOf`, `oneOf`, `$ref`, `if`, ...)
 * is wrapped in `anyOf`.
 *
 * PHP cannot tell `{}` from `[]`, so the base schema is copied knowing where
 * JSON Schema wants an object: an empty array that stands for a schema or a map
 * of schemas becomes `{}`; one under a list keyword (`type`, `required`,
 * `allOf`, ...) stays `[]`; data (`enum`, `const`) is copied as it is.
 */
final class BaseSchema
{
    private const ANNOTATIONS = ['title' => true, 'description' => true, 'default' => true, 'examples' => true];

    private const SHUT_OUT_NULL = [
        'not' => true,
        'allOf' => true,
        'anyOf' => true,
        'oneOf' => true,
        '$ref' => true,
        '$dynamicRef' => true,
        'if' => true,
        'then' => true,
        'else' => true,
    ];

    private static function typeName(mixed $v): bool
    {
        return \is_string($v) && $v !== 'null' && $v !== '';
    }

    public static function check(array $base, Path $path): void
    {
        ValueCheck::checkValue($base, $path, 'base_schema');
        $at = ['base_schema', 'type'];
        if (!\array_key_exists('type', $base)) {
            throw $path->error($at, 'is required');
        }
        $t = $base['type'];
        if (self::typeName($t)) {
            return;
        }
        if (\is_array($t) && $t !== [] && \array_is_list($t)) {
            foreach ($t as $v) {
                if (!self::typeName($v)) {
                    throw $path->error($at, 'must list JSON types other than "null"');
                }
            }
            return;
        }
        throw $path->error($at, 'must be a JSON type other than "null", or a list of them');
    }

    /** Keywords of a base schema that are replaced by the definition's. */
    public static function isAnnotation(int|string $key): bool
    {
        return \is_string($key) && isset(self::ANNOTATIONS[$key]);
    }

    /** True when the base schema may reject null even with `null` in `type`/`enum`. */
    public static function mayShutOutNull(array $base): bool
    {
        foreach ($base as $k => $_) {
            if (\is_string($k) && isset(self::SHUT_OUT_NULL[$k])) {
                return true;
            }
        }
        return false;
    }

    /** Keywords whose value is data, copied as it is. */
    public const DATA = ['enum' => true, 'const' => true, 'default' => true, 'examples' => true];
    /** Keywords whose value is one schema (the mcp profile walks them too). */
    public const ONE_SCHEMA = [
        'items' => true, 'additionalProperties' => true, 'not' => true, 'contains' => true,
        'propertyNames' => true, 'if' => true, 'then' => true, 'else' => true, 'additionalItems' => true,
        'unevaluatedItems' => true, 'unevaluatedProperties' => true, 'contentSchema' => true,
    ];
    /** Keywords whose value is a list of schemas (the mcp profile walks them too). */
    public const SCHEMA_LIST = ['allOf' => true, 'anyOf' => true, 'oneOf' => true, 'prefixItems' => true];
    /** Keywords whose value is a list of strings. */
    public const STRING_LIST = ['type' => true, 'required' => true];
    /** Keywords whose value is a map of name => schema (the mcp profile walks them too). */
    public const SCHEMA_MAP = [
        'properties' => true, 'patternProperties' => true, '$defs' => true, 'definitions' => true,
        'dependentSchemas' => true,
    ];

    /** Copies a schema: `{}` for an empty array, each keyword by copyValue(). */
    public static function copySchema(mixed $schema): mixed
    {
        if (!\is_array($schema)) {
            return $schema;
        }
        if ($schema !== [] && \array_is_list($schema)) {
            $out = [];
            foreach ($schema as $v) {
                $out[] = self::copySchema($v);
            }
            return $out;
        }
        $out = [];
        foreach ($schema as $k => $v) {
            $out[$k] = self::copyValue($k, $v);
        }
        return Vocab::object($out);
    }

    /**
     * Copies the value of the keyword `$key`, each schema in it (an entry of
     * a list or map of schemas, the value of a keyword of one schema) by
     * `$schema` (copySchema() when null; Rust's copy_value_with).
     *
     * @param (\Closure(mixed): mixed)|null $schema
     */
    public static function copyValue(int|string $key, mixed $v, ?\Closure $schema = null): mixed
    {
        if (!\is_array($v) || !\is_string($key) || isset(self::DATA[$key]) || isset(self::STRING_LIST[$key])) {
            return \is_array($v) && \is_int($key) ? self::copySchema($v) : ValueCheck::plain($v);
        }
        if (isset(self::SCHEMA_LIST[$key])) {
            $out = [];
            foreach ($v as $item) {
                $out[] = $schema === null ? self::copySchema($item) : $schema($item);
            }
            return $out;
        }
        if (isset(self::SCHEMA_MAP[$key])) {
            $out = [];
            foreach ($v as $name => $member) {
                $out[$name] = $schema === null ? self::copySchema($member) : $schema($member);
            }
            return Vocab::object($out);
        }
        return $schema !== null && isset(self::ONE_SCHEMA[$key]) ? $schema($v) : self::copySchema($v);
    }
}
