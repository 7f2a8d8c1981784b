<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * B3 (datetime_iso8601): a date-time with an explicit offset in one of the
 * accepted formats becomes RFC 3339 `YYYY-MM-DDTHH:MM:SS±HH:MM` (offset kept,
 * Z → +00:00). Closed list, parsed by hand (never free-form):
 * `YYYY-MM-DD` (T|t|space) `HH:MM[:SS]` then Z|z|±HH:MM|±HHMM.
 * Naive date-times, -00:00, date-only strings and anything else stay.
 */
final class DateTime
{
    public const MAX_DATE_LEN = 64;

    private const PATTERN = '/^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:([Tt ])([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?(Z|z|[+-][0-9]{2}:?[0-9]{2})?)?$/D';

    /**
     * The parts of `$s`, or null when it is none of the accepted forms.
     *
     * @return Parsed|null in phpdoc, not in the signature: this runs for each
     *   date-time scalar (see Def)
     */
    public static function parse(string $s)
    {
        if (\strlen($s) > self::MAX_DATE_LEN || !\preg_match(self::PATTERN, $s, $m)) {
            return null;
        }
        $y = (int) $m[1];
        $mo = (int) $m[2];
        $d = (int) $m[3];
        if ($y === 0 || !\checkdate($mo, $d, $y)) {
            return null;
        }
        if (!isset($m[4])) {
            return new Parsed($y, $mo, $d, null, null);
        }
        $h = (int) $m[5];
        $mi = (int) $m[6];
        $sec = isset($m[7]) && $m[7] !== '' ? (int) $m[7] : 0;
        if ($h > 23 || $mi > 59 || $sec > 59) {
            return null;
        }
        $offset = null;
        $o = $m[8] ?? '';
        if ($o === 'Z' || $o === 'z') {
            $offset = 0;
        } elseif ($o !== '') {
            $oh = (int) \substr($o, 1, 2);
            $om = (int) \substr($o, -2);
            if ($oh > 23 || $om > 59) {
                return null;
            }
            $secs = $oh * 3600 + $om * 60;
            $offset = $o[0] !== '-' ? $secs : ($secs === 0 ? null : -$secs);
        }
        return new Parsed($y, $mo, $d, [$h, $mi, $sec], $offset);
    }

    /** @param Parsed $p */
    public static function canonical($p): ?string
    {
        if ($p->time === null || $p->offset === null) {
            return null;
        }
        $off = $p->offset;
        $a = \abs($off);
        return \sprintf(
            '%04d-%02d-%02dT%02d:%02d:%02d%s%02d:%02d',
            $p->y,
            $p->m,
            $p->d,
            $p->time[0],
            $p->time[1],
            $p->time[2],
            $off < 0 ? '-' : '+',
            \intdiv($a, 3600),
            \intdiv($a % 3600, 60)
        );
    }

    /**
     * $t is $v as the padding rule reads it (Decide): a padded canonical form is repaired too.
     *
     * @return Repair|null
     */
    public static function decide(mixed $v, mixed $t)
    {
        if (!\is_string($v) || !\is_string($t)) {
            return null;
        }
        $p = self::parse($t);
        $out = $p === null ? null : self::canonical($p);
        return ($out === null || $out === $v) ? null : new Repair(RepairKind::Value, $out);
    }
}
