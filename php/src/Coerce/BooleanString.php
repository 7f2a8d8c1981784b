<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * Kept rule: boolean strings for a `boolean` input. Accepted: `true`/`false` in
 * any ASCII letter case, and "1"/"0". Everything else stays.
 */
final class BooleanString
{
    /** @return Repair|null */
    public static function decide(mixed $v)
    {
        $w = (\is_string($v) && \strlen($v) <= 5) ? \strtolower($v) : null;
        return match ($w) {
            '1', 'true' => new Repair(RepairKind::Value, true),
            '0', 'false' => new Repair(RepairKind::Value, false),
            default => null,
        };
    }
}
