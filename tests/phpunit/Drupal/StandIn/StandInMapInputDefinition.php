<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/**
 * Stand-in for Drupal\tool\TypedData\MapInputDefinition: data type "map",
 * getPropertyDefinitions(), and getDefaultValue() that makes up a map of the
 * properties' defaults when the map has none (as MapContextDefinition does).
 */
class StandInMapInputDefinition extends StandInInputDefinition
{
    /**
     * @param array<string, mixed> $constraints
     * @param array<string, StandInInputDefinition> $property_definitions
     */
    public function __construct(
        string|\Stringable|null $label,
        string|\Stringable|null $description,
        bool $required = true,
        bool $multiple = false,
        mixed $default_value = null,
        array $constraints = [],
        private array $property_definitions = [],
        bool $locked = false,
    ) {
        parent::__construct('map', $label, $description, $required, $multiple, $default_value, $constraints, $locked);
    }

    /** @return array<string, StandInInputDefinition> */
    public function getPropertyDefinitions(): array
    {
        return $this->property_definitions;
    }

    public function getDefaultValue(): mixed
    {
        $default = parent::getDefaultValue();
        if ($default === null) {
            foreach ($this->property_definitions as $name => $property) {
                $default[$name] = $property->getDefaultValue();
            }
        }
        return $default;
    }
}
