<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * B3 (timestamp): a date-time with an explicit offset, in the DateTime formats,
 * becomes Unix seconds. Naive and date-only strings stay. Numeric strings are
 * read by NumericString first, so "20240115" is seconds, never YYYYMMDD.
 */
final class Timestamp
{
    /** @return Repair|null */
    public static function decide(mixed $v)
    {
        $p = \is_string($v) ? DateTime::parse($v) : null;
        if ($p === null || $p->time === null || $p->offset === null) {
            return null;
        }
        $days = self::daysFromCivil($p->y, $p->m, $p->d);
        [$h, $mi, $s] = $p->time;
        return new Repair(RepairKind::Value, $days * 86400 + $h * 3600 + $mi * 60 + $s - $p->offset);
    }

    /** Days since 1970-01-01 in the proleptic Gregorian calendar (y >= 1). */
    public static function daysFromCivil(int $y, int $m, int $d): int
    {
        $y -= $m <= 2 ? 1 : 0;
        $era = \intdiv($y, 400);
        $yoe = $y - $era * 400;
        $doy = \intdiv(153 * ($m > 2 ? $m - 3 : $m + 9) + 2, 5) + $d - 1;
        $doe = $yoe * 365 + \intdiv($yoe, 4) - \intdiv($yoe, 100) + $doy;
        return $era * 146097 + $doe - 719468;
    }
}
