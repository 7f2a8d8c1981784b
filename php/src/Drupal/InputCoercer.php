<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

/**
 * Repairs a value sent for a Tool API input through ToolSchema\coerce_input()
 * (the extension when it is loaded, the pure-PHP implementation otherwise).
 * Definition arrays are built once per definition object (a WeakMap: they go
 * when the definition goes).
 *
 * Never throws for a bad value. A definition that cannot be turned into a
 * definition array is logged (error level, once per definition object) and
 * the value is returned unchanged, so that validation reports it.
 */
final class InputCoercer
{
    /** @var \WeakMap<object, array<string, mixed>|false> definition => its array, or false when it has none */
    private \WeakMap $arrays;

    public function __construct(
        private readonly DefinitionArrayBuilder $builder,
        private readonly ?object $logger = null,
    ) {
        $this->arrays = new \WeakMap();
    }

    public function coerce(object $definition, mixed $value): mixed
    {
        if (!isset($this->arrays[$definition])) {
            try {
                $this->arrays[$definition] = $this->builder->build($definition);
            } catch (\InvalidArgumentException $e) {
                $this->arrays[$definition] = false;
                $this->logger?->error('tool_schema: input values are not coerced for this definition: @error', ['@error' => $e->getMessage()]);
            }
        }
        $array = $this->arrays[$definition];
        if ($array === false) {
            return $value;
        }
        try {
            return \ToolSchema\coerce_input($value, $array);
        } catch (\ValueError $e) {
            $this->arrays[$definition] = false;
            $this->logger?->error('tool_schema: input values are not coerced for this definition: @error', ['@error' => $e->getMessage()]);
            return $value;
        }
    }
}
