<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

/**
 * `mcp` (the default): the canonical schema, except that the root of a tool
 * input is always a plain `"type": "object"` (src/normalize/profile/mcp.rs).
 */
final class Mcp
{
    /**
     * The root fix; null: the schema stays as it is.
     *
     * @param array<string, mixed> $schema
     * @return array<string, mixed>|null
     */
    public static function root(array $schema): ?array
    {
        if (!\array_key_exists('type', $schema)) {
            $inner = Profile::nullWrapper($schema);
            $inner = Profile::arr($inner);
            if ($inner === null || ($inner['type'] ?? null) !== 'object') {
                return null;
            }
            $out = [];
            foreach (['title', 'description'] as $k) {
                if (\array_key_exists($k, $schema)) {
                    $out[$k] = $schema[$k];
                }
            }
            foreach ($inner as $k => $v) {
                $out[$k] = $v;
            }
            foreach (['default', 'examples'] as $k) {
                if (\array_key_exists($k, $schema)) {
                    $out[$k] = $schema[$k];
                }
            }
            return $out;
        }
        $type = $schema['type'];
        if (!\is_array($type) || !self::objectOrNull($type)) {
            return null;
        }
        $out = [];
        foreach ($schema as $k => $v) {
            if ($k === 'type') {
                $v = 'object';
            } elseif ($k === 'enum' && Profile::arr($v) !== null) {
                $v = self::withoutNull(Profile::arr($v));
            }
            $out[$k] = $v;
        }
        return $out;
    }

    /** `["object", "null"]` in either order. */
    private static function objectOrNull(array $list): bool
    {
        $object = $null = $other = false;
        foreach ($list as $t) {
            if ($t === 'object') {
                $object = true;
            } elseif ($t === 'null') {
                $null = true;
            } else {
                $other = true;
            }
        }
        return $object && $null && !$other;
    }

    /** The list without null (as it is when that would leave it empty). */
    private static function withoutNull(array $list): array
    {
        $out = [];
        foreach ($list as $v) {
            if ($v !== null) {
                $out[] = $v;
            }
        }
        return $out === [] ? $list : $out;
    }
}
