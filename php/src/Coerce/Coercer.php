<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Path;

/**
 * ToolSchema\coerce_input() in pure PHP (Rust: coerce::walk_json / the zval
 * walker). Returns the very same zval when nothing changes; a changed array is
 * rebuilt (never written through, so references in the caller's data are safe).
 */
final class Coercer
{
    /**
     * @param array<mixed> $definition
     * @param array<mixed> $options
     */
    public static function coerce(mixed $value, array $definition, array $options = []): mixed
    {
        foreach ($options as $key => $_) {
            throw new \ValueError('options.' . Path::key($key) . ': unknown option');
        }
        $def = Definition::parse($definition);
        return self::repair($def, $value, $out) ? $out : $value;
    }

    /**
     * Coerces $value into $out; false (and $out untouched) when it stays unchanged.
     *
     * @param array<string, mixed> $def
     */
    public static function repair(array $def, mixed $value, mixed &$out): bool
    {
        if (\is_array($value)) {
            return self::repairArray($def, $value, $out);
        }
        if (\is_object($value) || \is_resource($value)) {
            return false;
        }
        $r = Decide::decide($def, $value);
        if ($r === null) {
            return false;
        }
        switch ($r[0]) {
            case Repair::VALUE:
                $out = $r[1];
                return true;
            case Repair::CHOICE:
                $out = $def['choices'][$r[1]];
                return true;
            case Repair::JSON:
                if (!JsonString::decode($value, $decoded)) {
                    return false;
                }
                $out = self::repair($def, $decoded, $again) ? $again : $decoded;
                return true;
            case Repair::WRAP_LIST:
                $item = $value;
                if ($def['items'] !== null && self::repair($def['items'], $value, $new)) {
                    $item = $new;
                }
                $out = [$item];
                return true;
        }
        return false;
    }

    /**
     * @param array<string, mixed> $def
     * @param array<mixed> $value
     */
    private static function repairArray(array $def, array $value, mixed &$out): bool
    {
        $changes = [];
        if ($def['kind'] === Kind::LIST) {
            $items = $def['items'];
            if ($items === null || !\array_is_list($value)) {
                return false;
            }
            foreach ($value as $i => $item) {
                if (self::repair($items, $item, $new)) {
                    $changes[$i] = $new;
                }
            }
        } elseif ($def['kind'] === Kind::MAP) {
            foreach ($def['properties'] as $name => $child) {
                if (\array_key_exists($name, $value) && self::repair($child, $value[$name], $new)) {
                    $changes[$name] = $new;
                }
            }
        } else {
            return false;
        }
        if ($changes === []) {
            return false;
        }
        // Rebuild (copying values out of any references) instead of writing
        // into a copy whose slots may still be references to the caller's data.
        $res = [];
        foreach ($value as $k => $v) {
            $res[$k] = \array_key_exists($k, $changes) ? $changes[$k] : $v;
        }
        $out = $res;
        return true;
    }
}
