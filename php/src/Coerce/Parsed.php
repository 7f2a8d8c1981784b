<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * A string DateTime::parse() accepts, read into its parts (Rust:
 * coerce::date_time::Parsed). Typed in phpdoc, not readonly: see Def.
 */
final class Parsed
{
    /**
     * @param int $y
     * @param int $m
     * @param int $d
     * @param array{0: int, 1: int, 2: int}|null $time hour, minute, second; null for a date-only string
     * @param int|null $offset seconds east of UTC; null when naive (no offset, or -00:00)
     */
    public function __construct(public $y, public $m, public $d, public $time, public $offset)
    {
    }
}
