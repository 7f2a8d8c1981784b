<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Normalize\Entity;

/**
 * Issue 27: an int ID for an entity input with a fixed type (`entity:T`,
 * `entity:T:B`), whose schema asks for the ID as a string (Normalize\Entity):
 * an int >= 0 becomes its decimal digits (1 → "1"). Negative ints, floats,
 * bools, strings, and plain `entity` stay unchanged (src/coerce/entity_id.rs).
 */
final class EntityId
{
    /**
     * @param Def $def
     * @return Repair|null
     */
    public static function decide($def, mixed $v)
    {
        return (\is_int($v) && $v >= 0 && self::fixedType($def)) ? new Repair(RepairKind::Value, (string) $v) : null;
    }

    /** Whether $def is an entity input with a fixed type. */
    public static function fixedType(Def $def): bool
    {
        $type = $def->node['type'] ?? null;
        return $def->ty === Ty::ENTITY && \is_string($type) && Entity::target($type) !== null;
    }
}
