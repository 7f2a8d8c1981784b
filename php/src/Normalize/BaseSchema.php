<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

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
}
