<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * B5: int 0/1 for a `boolean` input becomes false/true. Other ints and all
 * floats stay.
 */
final class IntBoolean
{
    /** @return Repair|null */
    public static function decide(mixed $v)
    {
        return ($v === 0 || $v === 1) ? new Repair(RepairKind::Value, $v === 1) : null;
    }
}
