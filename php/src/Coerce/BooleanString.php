<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * Kept rule: boolean strings for a `boolean` input. Accepted: `true`/`false` in
 * any ASCII letter case, and "1"/"0"; since issue 30 also `yes`/`no` and
 * `on`/`off` in any ASCII letter case (the words every boolean word table
 * reads alike: src/coerce/boolean_string.rs). Everything else stays.
 */
final class BooleanString
{
    /** @return Repair|null */
    public static function decide(mixed $v)
    {
        $w = (\is_string($v) && \strlen($v) <= 5) ? \strtolower($v) : null;
        return match ($w) {
            '1', 'true', 'yes', 'on' => new Repair(RepairKind::Value, true),
            '0', 'false', 'no', 'off' => new Repair(RepairKind::Value, false),
            default => null,
        };
    }
}
