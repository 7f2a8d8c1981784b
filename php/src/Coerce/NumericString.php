<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * Kept rule: numeric strings for `integer`, `timestamp` and `float` inputs.
 * integer/timestamp: -?(0|[1-9][0-9]*)(\.0+)? within int64 → int;
 * float: the JSON number grammar → float, finite only. Strings longer than
 * MAX_NUMBER_LEN bytes are never parsed.
 */
final class NumericString
{
    public const MAX_NUMBER_LEN = 64;

    /** @return Repair|null */
    public static function decideInteger(mixed $v)
    {
        $i = \is_string($v) ? self::parseInteger($v) : null;
        return $i === null ? null : new Repair(RepairKind::Value, $i);
    }

    /** @return Repair|null */
    public static function decideFloat(mixed $v)
    {
        $f = \is_string($v) ? self::parseFloat($v) : null;
        return $f === null ? null : new Repair(RepairKind::Value, $f);
    }

    public static function parseInteger(string $s): ?int
    {
        if (\strlen($s) > self::MAX_NUMBER_LEN || !\preg_match('/^(-?)(0|[1-9][0-9]*)(?:\.0+)?$/D', $s, $m)) {
            return null;
        }
        $digits = $m[2];
        $len = \strlen($digits);
        if ($len > 19 || ($len === 19 && \strcmp($digits, $m[1] === '-' ? '9223372036854775808' : '9223372036854775807') > 0)) {
            return null;
        }
        return (int) ($m[1] . $digits);
    }

    public static function isJsonNumber(string $s): bool
    {
        return \preg_match('/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/D', $s) === 1;
    }

    public static function parseFloat(string $s): ?float
    {
        if (\strlen($s) > self::MAX_NUMBER_LEN || !self::isJsonNumber($s)) {
            return null;
        }
        $f = (float) $s;
        return \is_finite($f) ? $f : null;
    }
}
