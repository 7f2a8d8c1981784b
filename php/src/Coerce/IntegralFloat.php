<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * B4: an integral float for an `integer` (or `timestamp`) input becomes an int,
 * only within -2^63 <= f < 2^63. NaN, INF and fractional floats stay.
 */
final class IntegralFloat
{
    /** @return Repair|null */
    public static function decide(mixed $v)
    {
        $i = \is_float($v) ? self::toInt($v) : null;
        return $i === null ? null : new Repair(RepairKind::Value, $i);
    }

    public static function toInt(float $f): ?int
    {
        // Both literals are exact powers of two: -2^63 and 2^63.
        if (\is_finite($f) && \floor($f) === $f && $f >= -9223372036854775808.0 && $f < 9223372036854775808.0) {
            return (int) $f;
        }
        return null;
    }
}
