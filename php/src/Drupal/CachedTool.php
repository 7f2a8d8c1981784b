<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

/**
 * @internal What InputSchemaCache keeps in memory during a request for one
 *   tool plugin's inputs, normalized in one call (or for one input
 *   definition that belongs to no tool plugin, as a tool of one input named
 *   "input", which is what InputSchemaGenerator::inputSchema() normalizes):
 *   per input, its definition array and what tells whether it still holds;
 *   per options set, the result and each input's schema.
 */
final class CachedTool
{
    /** @var array<int, string> spl_object_id() of an input definition => its name */
    public array $names = [];

    /** @var array<string, list<array{object, array<mixed>}>> input name => DefinitionSnapshot */
    public array $snapshots = [];

    /** @var array<string, list<Dependency>> input name => the site state behind its derived enums (inputs without any: absent) */
    public array $dependencies = [];

    /** @var array<string, array<string, mixed>> input name => definition array (read from the bin: empty until needed, see $serializedArrays) */
    public array $arrays = [];

    /** @var string|null the definition arrays as the bin entry holds them, not unserialized yet */
    public ?string $serializedArrays = null;

    /** @var array<string, string> input name => why its definition array could not be built */
    public array $buildErrors = [];

    /** @var array<string, array<string, array<string, mixed>>> options key => input name => schema */
    public array $schemas = [];

    /** @var array<string, array<string, string>> options key => input name => why normalize_schema() refused it */
    public array $errors = [];

    /**
     * @var array<string, array{tool: array<string, mixed>|null, warnings: list<array<string, string>>, error: string|null,
     *   inputs?: array<string, array<string, mixed>>, input_warnings?: array<string, list<array<string, string>>>, input_errors?: array<string, string>}>
     *   options key => the result of normalizing the inputs: `tool` is the
     *   whole map's schema, or null when normalize_schema() refused one
     *   input, each input then normalized on its own (`inputs`,
     *   `input_warnings`, `input_errors`)
     */
    public array $results = [];

    /** @var array<string, string> options key => the result serialize()d (as the bin entry holds it) */
    public array $serialized = [];

    /**
     * @param string|null $id the tool plugin id (null: one input definition of no tool plugin, never in the bin)
     * @param object|null $definition the plugin definition
     * @param array<mixed> $all its input definitions, locked ones included, as read
     * @param array<string, object> $objects the input definitions normalized (the unlocked ones)
     * @param list<string> $refined the inputs the Tool module may refine in place
     * @param string|null $variant the refined-definition variant (InputSchemaCache), null until needed
     */
    public function __construct(
        public readonly ?string $id,
        public readonly ?object $definition,
        public readonly array $all,
        public readonly array $objects,
        public readonly array $refined,
        public ?string $variant,
    ) {
        foreach ($objects as $name => $object) {
            $this->names[spl_object_id($object)] = $name;
        }
    }

    /** Is this input's definition as it was, and the site state behind its derived enums? */
    public function holds(string $name): bool
    {
        foreach ($this->snapshots[$name] ?? [] as [$object, $state]) {
            if ((array) $object !== $state) {
                return false;
            }
        }
        foreach ($this->dependencies[$name] ?? [] as $dependency) {
            if (!$dependency->holds()) {
                return false;
            }
        }
        return true;
    }

    /** Does every input hold? */
    public function valid(): bool
    {
        foreach ($this->objects as $name => $object) {
            if (!$this->holds($name)) {
                return false;
            }
        }
        return true;
    }

    /** Has the site state behind a derived enum changed (rather than a definition)? */
    public function siteStateChanged(): bool
    {
        foreach ($this->dependencies as $dependencies) {
            foreach ($dependencies as $dependency) {
                if (!$dependency->holds()) {
                    return true;
                }
            }
        }
        return false;
    }
}
