<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * B6: "" for an optional input of a non-string type (integer, float, decimal,
 * boolean, timestamp, datetime_iso8601, list, map) becomes null. Takes
 * precedence over list wrapping.
 */
final class EmptyOptional
{
    private const KINDS = [
        Kind::INTEGER => true,
        Kind::FLOAT => true,
        Kind::DECIMAL => true,
        Kind::BOOLEAN => true,
        Kind::TIMESTAMP => true,
        Kind::DATETIME => true,
        Kind::LIST => true,
        Kind::MAP => true,
    ];

    /**
     * @param array<string, mixed> $def
     * @return array{0: int, 1: mixed}|null
     */
    public static function decide(array $def, mixed $v): ?array
    {
        return ($v === '' && !$def['required'] && isset(self::KINDS[$def['kind']])) ? [Repair::VALUE, null] : null;
    }
}
