<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/**
 * Stand-in for Drupal\tool\TypedData\ListInputDefinition: data type "list",
 * getItemDefinition() returns an "any" definition when none was given (as
 * ListContextDefinition does).
 */
class StandInListInputDefinition extends StandInInputDefinition
{
    /** @param array<string, mixed> $constraints */
    public function __construct(
        string|\Stringable|null $label,
        string|\Stringable|null $description,
        bool $required = true,
        mixed $default_value = null,
        array $constraints = [],
        private ?StandInInputDefinition $item_definition = null,
        bool $locked = false,
    ) {
        parent::__construct('list', $label, $description, $required, false, $default_value, $constraints, $locked);
    }

    public function getItemDefinition(): StandInInputDefinition
    {
        return $this->item_definition ?? new StandInInputDefinition('any', 'Any', null);
    }
}
