<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/**
 * Stand-in for Drupal\tool\TypedData\EntityInputDefinition: a bare entity type
 * id ("node") becomes "entity:node", as EntityContextDefinition does.
 */
class StandInEntityInputDefinition extends StandInInputDefinition
{
    /**
     * @param array<string, mixed> $constraints
     * @param list<mixed> $examples
     */
    public function __construct(
        string $data_type,
        string|\Stringable|null $label,
        string|\Stringable|null $description,
        bool $required = true,
        bool $multiple = false,
        mixed $default_value = null,
        array $constraints = [],
        bool $locked = false,
        array $examples = [],
    ) {
        if (!str_starts_with($data_type, 'entity:') && $data_type !== 'entity') {
            $data_type = 'entity:' . $data_type;
        }
        parent::__construct($data_type, $label, $description, $required, $multiple, $default_value, $constraints, $locked, $examples);
    }
}
