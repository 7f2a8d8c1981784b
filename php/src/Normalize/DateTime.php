<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * A3: datetime_iso8601 → `string` with `format: date-time`; timestamp →
 * `integer` with a description saying it is a Unix timestamp in seconds
 * (src/normalize/date_time.rs).
 */
final class DateTime
{
    public const TIMESTAMP_NOTE = 'Unix timestamp in seconds.';

    public static function format(int $ty): ?string
    {
        return $ty === Definition::DATETIME_ISO8601 ? 'date-time' : null;
    }
}
