<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * B1: a JSON string for a `map` (first non-whitespace byte `{`) or a `list`
 * (`[`) is decoded with json_decode($s, true) (src/coerce/json_string.rs, whose
 * decoder reads exactly what json_decode reads), then coerced with the same
 * definition; a string that fails to decode, or that decodes to a value
 * holding a non-finite number (1e400), stays unchanged.
 */
final class JsonString
{
    public const MAX_JSON_LEN = 1048576;

    /** The first byte after JSON whitespace, if it opens an array or object. */
    public static function opening(string $s): ?string
    {
        $i = \strspn($s, " \t\n\r");
        if ($i >= \strlen($s)) {
            return null;
        }
        $c = $s[$i];
        return ($c === '[' || $c === '{') ? $c : null;
    }

    /**
     * Whether $s opens an array or object that closes at once ("[]",
     * " { }"): what B1 would decode it to is empty.
     */
    public static function isEmptyContainer(mixed $s): bool
    {
        if (!\is_string($s)) {
            return false;
        }
        $i = \strspn($s, " \t\n\r");
        $open = $s[$i] ?? '';
        if ($open !== '[' && $open !== '{') {
            return false;
        }
        $j = $i + 1 + \strspn($s, " \t\n\r", $i + 1);
        return ($s[$j] ?? '') === ($open === '[' ? ']' : '}');
    }

    /** @return Repair|null */
    public static function decide(mixed $v, string $open)
    {
        return (\is_string($v) && \strlen($v) <= self::MAX_JSON_LEN && self::opening($v) === $open)
            ? new Repair(RepairKind::Json) : null;
    }

    /**
     * Decodes $s (decide() has checked its length) and coerces the result
     * with $def into $out; false when the string must stay unchanged.
     */
    public static function json(Def $def, string $s, mixed &$out): bool
    {
        $decoded = \json_decode($s, true);
        if (\json_last_error() !== \JSON_ERROR_NONE || !self::finite($decoded)) {
            return false;
        }
        $out = Coercer::value($def, $decoded, $again) ? $again : $decoded;
        return true;
    }

    private static function finite(mixed $v): bool
    {
        if (\is_float($v)) {
            return \is_finite($v);
        }
        if (\is_array($v)) {
            foreach ($v as $item) {
                if (!self::finite($item)) {
                    return false;
                }
            }
        }
        return true;
    }
}
