<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * The kinds of Repair (the variants of Rust's coerce::Repair; its Null, Bool,
 * Int, Float and String are one Value here, PHP values carrying their type).
 */
enum RepairKind
{
    /** Replace with Repair::$to (null, bool, int, float or string). */
    case Value;
    /** Replace with Repair::$to, the definition's choice (B2). */
    case Choice;
    /** B1: decode with JsonString::json(); on failure leave the value unchanged. */
    case Json;
    /** Issue 27: as Json, with the text inside the string's code fence (FencedJson). */
    case Fenced;
    /** Wrap in a one-item list, then coerce the item with `items`. */
    case WrapList;
}
