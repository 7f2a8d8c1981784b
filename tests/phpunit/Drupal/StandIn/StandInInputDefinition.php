<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/**
 * Stand-in for Drupal\tool\TypedData\InputDefinition (a core ContextDefinition
 * implementing InputDefinitionInterface): the constructor arguments and the
 * getters the Tool module has (tool 1.0.0-beta11 adds $examples).
 */
class StandInInputDefinition
{
    protected string $dataType;
    protected string|\Stringable|null $label;
    protected string|\Stringable|null $description;
    protected bool $required;
    protected bool $multiple;
    protected mixed $defaultValue;
    /** @var array<string, mixed> */
    protected array $constraints;
    protected bool $isLocked;
    /** @var list<mixed> */
    protected array $examples;

    /**
     * The Tool module's constructor arguments, with its names.
     *
     * @param array<string, mixed>|null $constraints
     * @param list<mixed> $examples
     */
    public function __construct(
        string $data_type,
        string|\Stringable|null $label,
        string|\Stringable|null $description,
        bool $required = true,
        bool $multiple = false,
        mixed $default_value = null,
        ?array $constraints = [],
        bool $locked = false,
        array $examples = [],
    ) {
        $this->dataType = $data_type;
        $this->label = $label;
        $this->description = $description;
        $this->required = $required;
        $this->multiple = $multiple;
        $this->defaultValue = $default_value;
        $this->constraints = $constraints ?? [];
        $this->isLocked = $locked;
        $this->examples = $examples;
    }

    public function getDataType(): string
    {
        return $this->dataType;
    }

    public function getLabel(): string|\Stringable|null
    {
        return $this->label;
    }

    public function getDescription(): string|\Stringable|null
    {
        return $this->description;
    }

    public function isRequired(): bool
    {
        return $this->required;
    }

    public function isMultiple(): bool
    {
        return $this->multiple;
    }

    public function setMultiple(bool $multiple = true): static
    {
        $this->multiple = $multiple;
        return $this;
    }

    public function getDefaultValue(): mixed
    {
        return $this->defaultValue;
    }

    /** @return array<string, mixed> */
    public function getConstraints(): array
    {
        return $this->constraints;
    }

    /** @return list<mixed> */
    public function getExamples(): array
    {
        return $this->examples;
    }

    public function isLocked(): bool
    {
        return $this->isLocked;
    }
}
