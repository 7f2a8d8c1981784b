<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Model\Value;

/**
 * Issue 27: a JSON text in a markdown code fence, for a `list` or `map`
 * (src/coerce/fenced_json.rs). The string, without its padding, opens and
 * closes with ```; an optional `json` tag (any ASCII case) may follow the
 * opening fence; what is left is read as B1 reads a JSON string (JsonString:
 * json_decode($s, true), the same length cap on the whole string, `[` for a
 * list, `{` for a map) and coerced with the same definition. Anything else
 * stays unchanged; a string holding a fence mark anywhere is never wrapped
 * into a list (hasFence(), ListWrap).
 */
final class FencedJson
{
    /** The fence mark. */
    public const FENCE = '```';

    /** The text inside the fence, or null when $s is not fenced. */
    public static function inner(string $s): ?string
    {
        $t = \trim($s, Value::TRIM);
        if (\strlen($t) < 6 || !\str_starts_with($t, self::FENCE) || !\str_ends_with($t, self::FENCE)) {
            return null;
        }
        $body = \substr($t, 3, -3);
        return \strtolower(\substr($body, 0, 4)) === 'json' ? \substr($body, 4) : $body;
    }

    /** Whether $s holds a fence mark (never wrapped into a list). */
    public static function hasFence(string $s): bool
    {
        return \str_contains($s, self::FENCE);
    }

    /** @return Repair|null */
    public static function decide(mixed $v, string $open)
    {
        if (!\is_string($v) || \strlen($v) > JsonString::MAX_JSON_LEN) {
            return null;
        }
        $t = self::inner($v);
        return ($t !== null && JsonString::opening($t) === $open) ? new Repair(RepairKind::Fenced) : null;
    }
}
