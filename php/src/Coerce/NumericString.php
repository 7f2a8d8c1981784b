<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Model\Value;

/**
 * Kept rule: numeric strings for `integer`, `timestamp` and `float` inputs.
 * integer/timestamp: -?(0|[1-9][0-9]*)(\.0+)? within int64 → int;
 * float: the JSON number grammar → float, finite only. Strings longer than
 * Value::MAX_NUMBER_LEN bytes are never parsed (the grammar is the value
 * model's: Model\Value).
 */
final class NumericString
{
    /** @return Repair|null */
    public static function decideInteger(mixed $v)
    {
        $i = \is_string($v) ? Value::parseInteger($v) : null;
        return $i === null ? null : new Repair(RepairKind::Value, $i);
    }

    /** @return Repair|null */
    public static function decideFloat(mixed $v)
    {
        $f = \is_string($v) ? Value::parseFloat($v) : null;
        return $f === null ? null : new Repair(RepairKind::Value, $f);
    }
}
