<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * What a walker must do with a scalar (Rust: coerce::Repair): a kind and, for
 * Value and Choice, the value to put in the scalar's place. "Unchanged" is
 * null (no Repair). Made only when a rule proposes a repair, never per
 * scalar inspected. Typed in phpdoc, not readonly: see Def.
 */
final class Repair
{
    /**
     * @param RepairKind $kind
     * @param mixed $to
     */
    public function __construct(public $kind, public $to = null)
    {
    }
}
