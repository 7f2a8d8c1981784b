<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Ty;

/**
 * Entity inputs (`entity`, `entity:T`, `entity:T:B`; src/normalize/entity.rs).
 *
 * With a fixed entity type (`entity:T`, `entity:T:B`; issue 27) the model
 * sends the entity's ID alone: a string of at least one character
 * (`minLength: 1`), and the note `An ID of a "T" entity.`. The type is the
 * input's: no prefix to write, none to get wrong. (Before issue 27: the
 * pattern below and NOTE for every entity input.)
 *
 * Plain `entity` (any entity type) → a string naming the entity the way the
 * AI module's entity converter reads it before Drupal sees an entity object:
 * `"T:ID"` or `"T:ID:LANGCODE"` (any entity type id), or the artifact token
 * `{{entity:T:...}}` that the Tool module's AI connector hands back for
 * entities earlier tools returned. A `base_schema` replaces this.
 */
final class Entity
{
    /** The note of plain `entity`. */
    public const NOTE = 'An entity: "TYPE:ID", or "TYPE:ID:LANGCODE" for a translation.';

    /** The fixed entity type of `entity:T` and `entity:T:B` (`T`); null for plain `entity` (or an empty `T`). */
    public static function target(string $typeId): ?string
    {
        if (!\str_starts_with($typeId, 'entity:')) {
            return null;
        }
        $t = \explode(':', \substr($typeId, 7))[0];
        return $t === '' ? null : $t;
    }

    /** The note an entity input adds to the description. */
    public static function note(string $typeId): string
    {
        $t = self::target($typeId);
        return $t === null ? self::NOTE : 'An ID of a "' . $t . '" entity.';
    }

    /** The pattern of plain `entity` (null for every other type, a fixed entity type included). */
    public static function pattern(int $ty, string $typeId): ?string
    {
        return ($ty === Ty::ENTITY && self::target($typeId) === null)
            ? '^(?:[a-z0-9_]+:[^:]+(?::[^:]+)?|\{\{entity:[a-z0-9_]+:[^{}]+\}\})$' : null;
    }

    /** `minLength` of an entity input with a fixed type: an ID is not empty. */
    public static function minLength(int $ty, string $typeId): ?int
    {
        return ($ty === Ty::ENTITY && self::target($typeId) !== null) ? 1 : null;
    }
}
