<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

/**
 * Repairs a value sent for a Tool API input through ToolSchema\coerce_input()
 * (the extension when it is loaded, the pure-PHP implementation otherwise).
 * Definition arrays are built once per definition object (a WeakMap: they go
 * when the definition goes) and built again when the object changed in place
 * (DefinitionSnapshot: the Tool module's input definition refiners add
 * constraints to the plugin definition's own objects) or the site state
 * behind a derived enum did (Dependency: a bundle or a plugin added).
 *
 * Never throws for a bad value. A definition that cannot be turned into a
 * definition array is logged (error level, once per version of the
 * definition) and the value is returned unchanged, so that validation
 * reports it.
 */
final class InputCoercer
{
    /**
     * @var \WeakMap<object, array{array<string, mixed>|false, list<array{object, array<mixed>}>, list<Dependency>}>
     *   definition => [its array, or false when it has none; its snapshot; its dependencies]
     */
    private \WeakMap $arrays;

    public function __construct(
        private readonly DefinitionArrayBuilder $builder,
        private readonly ?object $logger = null,
    ) {
        $this->arrays = new \WeakMap();
    }

    public function coerce(object $definition, mixed $value): mixed
    {
        $entry = $this->arrays[$definition] ?? null;
        if ($entry === null || !self::holds($entry)) {
            $dependencies = [];
            $objects = [];
            try {
                $array = $this->builder->build($definition, $dependencies, $objects);
            } catch (\InvalidArgumentException $e) {
                $array = false;
                $this->logger?->error('tool_schema: input values are not coerced for this definition: @error', ['@error' => $e->getMessage()]);
            }
            $entry = [$array, DefinitionSnapshot::of($objects), $dependencies];
            $this->arrays[$definition] = $entry;
        }
        if ($entry[0] === false) {
            return $value;
        }
        try {
            return \ToolSchema\coerce_input($value, $entry[0]);
        } catch (\ValueError $e) {
            $entry[0] = false;
            $this->arrays[$definition] = $entry;
            $this->logger?->error('tool_schema: input values are not coerced for this definition: @error', ['@error' => $e->getMessage()]);
            return $value;
        }
    }

    /** @param array{array<string, mixed>|false, list<array{object, array<mixed>}>, list<Dependency>} $entry */
    private static function holds(array $entry): bool
    {
        if (!DefinitionSnapshot::holds($entry[1])) {
            return false;
        }
        foreach ($entry[2] as $dependency) {
            if (!$dependency->holds()) {
                return false;
            }
        }
        return true;
    }
}
