<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * What a walker must do with a scalar (Rust: coerce::Repair). A repair is a
 * two-item list [Repair::*, payload]; "unchanged" is null.
 */
final class Repair
{
    /** Replace with the payload (null, bool, int, float or string). */
    public const VALUE = 0;
    /** Replace with the payload, the definition's choice (B2). */
    public const CHOICE = 1;
    /** B1: decode with JsonString::decode(); on failure leave the value unchanged. */
    public const JSON = 2;
    /** Wrap in a one-item list, then coerce the item with `items`. */
    public const WRAP_LIST = 3;
}
