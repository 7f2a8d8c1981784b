<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * Entity inputs (`entity`, `entity:T`, `entity:T:B`) → a string naming the
 * entity the way the AI module's entity converter reads it before Drupal sees
 * an entity object: `"T:ID"` or `"T:ID:LANGCODE"` (the entity type must be T;
 * for plain `entity`, any entity type id), or the artifact token
 * `{{entity:T:...}}` that the Tool module's AI connector hands back for
 * entities earlier tools returned. A `base_schema` replaces this
 * (src/normalize/entity.rs).
 */
final class Entity
{
    public const NOTE = 'An entity: "TYPE:ID", or "TYPE:ID:LANGCODE" for a translation.';

    /** The pattern for the entity type id `$typeId`. */
    public static function pattern(int $ty, string $typeId): ?string
    {
        if ($ty !== Definition::ENTITY) {
            return null;
        }
        $target = \str_starts_with($typeId, 'entity:') ? \explode(':', \substr($typeId, 7))[0] : '';
        // An entity type id is a machine name; regex syntax is escaped (the
        // only identity escapes ECMA-262's `u` flag allows).
        $t = $target === '' ? '[a-z0-9_]+' : \preg_replace('~[\^$\\\\.*+?()\[\]{}|/]~', '\\\\$0', $target);
        return '^(?:' . $t . ':[^:]+(?::[^:]+)?|\{\{entity:' . $t . ':[^{}]+\}\})$';
    }
}
