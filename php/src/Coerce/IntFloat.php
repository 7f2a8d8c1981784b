<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * int_float (issue 30): an int for a `float` input becomes the float of the
 * same value, only where the float holds it exactly: -2^53 <= i <= 2^53.
 * Beyond that (a float would round it) the int stays. The one repair of a
 * value that is already valid: Drupal's float hands an int to the tool as an
 * int (src/coerce/int_float.rs; docs/coerce.md, "Decisions").
 */
final class IntFloat
{
    /** 2^53: every int of at most this magnitude is exactly a float. */
    public const TWO_POW_53 = 9007199254740992;

    /** @return Repair|null */
    public static function decide(mixed $v)
    {
        return (\is_int($v) && $v >= -self::TWO_POW_53 && $v <= self::TWO_POW_53) ? new Repair(RepairKind::Value, (float) $v) : null;
    }
}
