<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Ty;

/**
 * A2: decimal → `type: string` with `pattern: ^-?\d+(\.\d+)?$`, and a description
 * saying it is a decimal number written as a string (src/normalize/decimal.rs).
 */
final class Decimal
{
    public const NOTE = 'A decimal number written as a string, e.g. "12.50".';
    public const PATTERN = '^-?\d+(\.\d+)?$';

    public static function pattern(int $ty): ?string
    {
        return $ty === Ty::DECIMAL ? self::PATTERN : null;
    }
}
