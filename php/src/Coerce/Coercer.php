<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Path;

/**
 * ToolSchema\coerce_input() in pure PHP (src/coerce/mod.rs: `coerce` and the
 * `Coercer` walker): the value along the definition. The definition is checked
 * whole first (Definition::check()), then read lazily; map properties are
 * looked up by key. Returns the very same zval when nothing changes; a changed
 * array is rebuilt (never written through, so references in the caller's data
 * are safe).
 */
final class Coercer
{
    /** How deep definitions may nest (as for normalize_schema). */
    public const MAX_DEPTH = 64;

    /**
     * @param array<mixed> $definition
     * @param array<mixed> $options
     */
    public static function coerce(mixed $value, array $definition, array $options = []): mixed
    {
        self::checkOptions($options);
        Definition::check($definition);
        return self::value(Def::of($definition), $value, $out) ? $out : $value;
    }

    /**
     * There are no options yet: any key is unknown (as for normalize's
     * options, a misspelt option is not silently ignored).
     *
     * @param array<mixed> $options
     */
    public static function checkOptions(array $options): void
    {
        foreach ($options as $key => $_) {
            throw Path::valueError('options.' . Path::key($key), 'unknown option');
        }
    }

    /**
     * Coerces $value into $out; false (and $out untouched) when it stays unchanged.
     *
     * @param Def $def
     */
    public static function value($def, mixed $value, mixed &$out): bool
    {
        if (\is_array($value)) {
            return self::array($def, $value, $out);
        }
        // Objects and resources (closed ones too, which is_resource() denies).
        if ($value !== null && !\is_scalar($value)) {
            return false;
        }
        return self::scalar($def, $value, $out);
    }

    /**
     * Coerces the scalar $s into $out; false when it stays unchanged.
     *
     * @param Def $def
     */
    public static function scalar($def, mixed $s, mixed &$out): bool
    {
        $r = Decide::decide($def, $s);
        if ($r === null) {
            return false;
        }
        if ($r->kind === RepairKind::Json) {
            return JsonString::json($def, $s, $out);
        }
        if ($r->kind === RepairKind::Fenced) {
            $text = FencedJson::inner($s);
            return $text !== null && JsonString::json($def, $text, $out);
        }
        if ($r->kind === RepairKind::WrapList) {
            $items = $def->items();
            $out = [$items !== null && self::scalar($items, $s, $new) ? $new : $s];
            return true;
        }
        $out = $r->to;
        return true;
    }

    /**
     * Walks a list's items or a map's properties; rebuilds the array only when
     * something changed, copying the other values out of any references.
     *
     * @param array<mixed> $value
     */
    private static function array(Def $def, array $value, mixed &$out): bool
    {
        // Items (of a list definition) walk a list only; properties (of a
        // map definition) any array.
        $items = $def->items();
        $properties = $def->properties();
        if ($items !== null ? !\array_is_list($value) : $properties === null) {
            return false;
        }
        // A map that must not become empty: does the value have an entry that
        // is neither null nor "" (Def::child())?
        $solid = false;
        if ($properties !== null && !$def->mayEmpty) {
            foreach ($value as $v) {
                if ($v !== null && $v !== '' && !(\is_string($v) && NullString::isNullWord($v))) {
                    $solid = true;
                    break;
                }
            }
        }
        $changes = [];
        foreach ($value as $k => $v) {
            $child = $items ?? (isset($properties[$k]) ? $def->child($properties[$k], false, $solid) : null);
            if ($child !== null && self::value($child, $v, $new)) {
                $changes[$k] = $new;
            }
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
