<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * Kept rule: a scalar for a `list` becomes a one-item list (the item is then
 * coerced with `items`). Not wrapped: null, "", and strings opening with `[`
 * or `{` (B1 decides those).
 */
final class ListWrap
{
    /** @return array{0: int, 1: mixed}|null */
    public static function decide(mixed $v): ?array
    {
        if ($v === null || $v === '' || (\is_string($v) && JsonString::opening($v) !== null)) {
            return null;
        }
        return [Repair::WRAP_LIST, null];
    }
}
