<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * B5: int 0/1 for a `boolean` input becomes false/true. Other ints and all
 * floats stay.
 */
final class IntBoolean
{
    /** @return array{0: int, 1: mixed}|null */
    public static function decide(mixed $v): ?array
    {
        if ($v === 0) {
            return [Repair::VALUE, false];
        }
        if ($v === 1) {
            return [Repair::VALUE, true];
        }
        return null;
    }
}
