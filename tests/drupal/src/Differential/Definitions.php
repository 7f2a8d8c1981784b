<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

use Drupal\Core\TypedData\DataDefinition;
use Drupal\Core\TypedData\DataDefinitionInterface;
use Drupal\Core\TypedData\ListDataDefinition;
use Drupal\Core\TypedData\MapDataDefinition;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\InputDefinitionInterface;
use Drupal\tool\TypedData\ListInputDefinition;
use Drupal\tool\TypedData\MapInputDefinition;

/** Real Drupal definition objects from a spec (SpecGenerator). */
final class Definitions
{
    /** The Tool module's input definition classes, as tool plugins declare them. */
    public static function input(array $spec): InputDefinitionInterface
    {
        $required = $spec['required'] ?? true;
        $default = $spec['default'] ?? null;
        $constraints = $spec['constraints'] ?? [];
        return match ($spec['type']) {
            'list' => new ListInputDefinition(
                label: 'List',
                description: 'A list input',
                required: $required,
                default_value: $default,
                constraints: $constraints,
                item_definition: self::input($spec['items']),
            ),
            'map' => new MapInputDefinition(
                label: 'Map',
                description: 'A map input',
                required: $required,
                multiple: $spec['multiple'] ?? false,
                default_value: $default,
                constraints: $constraints,
                property_definitions: array_map([self::class, 'input'], $spec['properties'] ?? []),
            ),
            default => new InputDefinition(
                data_type: $spec['type'],
                label: ucfirst($spec['type']),
                description: 'An input',
                required: $required,
                multiple: $spec['multiple'] ?? false,
                default_value: $default,
                constraints: $constraints,
            ),
        };
    }

    /** Core's data definition classes. */
    public static function core(array $spec): DataDefinitionInterface
    {
        $definition = match ($spec['type']) {
            'list' => new ListDataDefinition([], self::core($spec['items'])),
            'map' => self::map($spec),
            default => DataDefinition::create($spec['type']),
        };
        $definition->setLabel(ucfirst($spec['type']))->setRequired($spec['required'] ?? true);
        foreach ($spec['constraints'] ?? [] as $id => $options) {
            $definition->addConstraint($id, $options);
        }
        return $definition;
    }

    private static function map(array $spec): MapDataDefinition
    {
        $map = MapDataDefinition::create();
        foreach ($spec['properties'] ?? [] as $name => $property) {
            $map->setPropertyDefinition($name, self::core($property));
        }
        return $map;
    }
}
