<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/**
 * Stand-in for the Tool module's ToolInputTransformEvent (fired by
 * setInputValue()): the input's name, definition and value, and setValue().
 */
final class StandInToolInputTransformEvent
{
    public int $setValueCalls = 0;

    public function __construct(
        private string $name,
        private object $definition,
        private mixed $value,
        private ?string $invoker = null,
    ) {
    }

    public function getName(): string
    {
        return $this->name;
    }

    public function getDefinition(): object
    {
        return $this->definition;
    }

    public function getInvoker(): ?string
    {
        return $this->invoker;
    }

    public function getValue(): mixed
    {
        return $this->value;
    }

    public function setValue(mixed $value): void
    {
        $this->setValueCalls++;
        $this->value = $value;
    }
}
