<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * Kept rule: boolean strings for a `boolean` input. Accepted: `true`/`false` in
 * any ASCII letter case, and "1"/"0". Everything else stays.
 */
final class BooleanString
{
    /** @return array{0: int, 1: mixed}|null */
    public static function decide(mixed $v): ?array
    {
        if (!\is_string($v) || \strlen($v) > 5) {
            return null;
        }
        if ($v === '1' || \strtolower($v) === 'true') {
            return [Repair::VALUE, true];
        }
        if ($v === '0' || \strtolower($v) === 'false') {
            return [Repair::VALUE, false];
        }
        return null;
    }
}
