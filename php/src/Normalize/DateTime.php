<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Ty;

/**
 * A3: datetime_iso8601 → `string` with `format: date-time`; timestamp →
 * `integer` with a description saying it is a Unix timestamp in seconds;
 * timespan → `integer` from 0 to 999999999999 (Drupal checks it as a
 * `DateInterval` of that many seconds: PHP refuses a negative one, and more
 * than 12 digits), described as seconds (src/normalize/date_time.rs).
 */
final class DateTime
{
    public const TIMESTAMP_NOTE = 'Unix timestamp in seconds.';
    public const TIMESPAN_NOTE = 'A duration in seconds.';
    /** The most seconds `new DateInterval("PT{n}S")` takes (PHP 8.2). */
    public const TIMESPAN_MAX = 999999999999;

    /** The range of a timespan. */
    public static function bounds(int $ty, Facets $f): void
    {
        if ($ty === Ty::TIMESPAN) {
            $f->minimum = Facets::raiseNum($f->minimum, 0);
            $f->maximum = Facets::lowerNum($f->maximum, self::TIMESPAN_MAX);
        }
    }

    public static function format(int $ty): ?string
    {
        return $ty === Ty::DATETIME_ISO8601 ? 'date-time' : null;
    }
}
