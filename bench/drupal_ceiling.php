<?php

declare(strict_types=1);

// The ceiling rows of bench/drupal.php (--ceiling): stripped versions of
// InputSchemaCache, to measure the least work a cache of schemas can do on the
// serializer's path, against the same Tool module row. They are benchmark
// instruments, not products: the first two are not correct (they would serve
// a stale schema after a refinement in a nested object or a new bundle), and
// none logs or handles a definition that cannot be normalized. Each is
// checked to give the uncached schemas byte for byte before it is timed.
//
// docs/benchmarks.md ("How far a cache can go") has what they measured.

namespace ToolSchema\Bench\Ceiling;

use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Drupal\tool_schema\Schema\InputDefinitionSchemasInterface as InputSchemas;

/**
 * One build and one normalize_schema() call per tool, as InputSchemaCache:
 * a WeakMap from each input to its tool, one `(array)` snapshot per input
 * checked on each hit. No bin, no site-state checks, no nested snapshots.
 */
final class PerToolMinimum implements InputSchemas
{
    /** @var \WeakMap<object, \stdClass> input => its tool: names (spl_object_id => name), objects, schemas, states */
    private \WeakMap $tools;

    private bool $indexed = false;

    /** @param array<string, mixed> $options */
    public function __construct(private readonly DefinitionArrayBuilder $builder, private readonly object $toolManager, private readonly array $options)
    {
        $this->tools = new \WeakMap();
    }

    public function cached(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition): ?array
    {
        $tool = $this->tools[$definition] ?? null;
        if ($tool === null) {
            return null;
        }
        $name = $tool->names[spl_object_id($definition)];
        $schema = $tool->schemas[$name] ?? null;
        return $schema !== null && (array) $definition === $tool->states[$name] ? $schema : null;
    }

    public function schema(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition, ?\Closure $fallback = null): array
    {
        if (!$this->indexed) {
            $this->indexed = true;
            foreach ($this->toolManager->getDefinitions() as $plugin) {
                $tool = (object) ['names' => [], 'objects' => [], 'schemas' => [], 'states' => []];
                foreach ($plugin->getInputDefinitions() as $name => $input) {
                    $tool->objects[$name] = $input;
                    $tool->names[spl_object_id($input)] = $name;
                    $this->tools[$input] = $tool;
                }
            }
        }
        $tool = $this->tools[$definition];
        $warnings = [];
        $map = \ToolSchema\normalize_schema(['type' => 'map', 'properties' => $this->builder->buildEach($tool->objects)], $this->options, $warnings);
        foreach ($tool->objects as $name => $input) {
            $tool->schemas[$name] = $map['properties'][$name];
            $tool->states[$name] = (array) $input;
        }
        return $tool->schemas[$tool->names[spl_object_id($definition)]];
    }
}

/**
 * Each input built and normalized alone (as InputSchemaGenerator), kept with
 * its `(array)` snapshot; with $checked, also the snapshots of the objects
 * nested in it and the site state behind its derived enums, the checks
 * InputSchemaCache makes on a hit.
 */
final class PerInput implements InputSchemas
{
    /** @var \WeakMap<object, array{array<string, mixed>, array<mixed>, list<array{object, array<mixed>}>, list<\Drupal\tool_schema\DerivedEnum\Dependency>}> */
    private \WeakMap $kept;

    /** @param array<string, mixed> $options */
    public function __construct(private readonly DefinitionArrayBuilder $builder, private readonly array $options, private readonly bool $checked)
    {
        $this->kept = new \WeakMap();
    }

    public function cached(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition): ?array
    {
        $kept = $this->kept[$definition] ?? null;
        if ($kept === null || (array) $definition !== $kept[1]) {
            return null;
        }
        foreach ($kept[2] as [$object, $state]) {
            if ((array) $object !== $state) {
                return null;
            }
        }
        foreach ($kept[3] as $dependency) {
            if (!$dependency->holds()) {
                return null;
            }
        }
        return $kept[0];
    }

    public function schema(\Drupal\Component\Plugin\Context\ContextDefinitionInterface $definition, ?\Closure $fallback = null): array
    {
        $warnings = [];
        $dependencies = $objects = null;
        $array = $this->checked ? $this->builder->build($definition, $dependencies, $objects) : $this->builder->build($definition);
        $schema = InputSchemaGenerator::inputSchema($array, $this->options, $warnings);
        $nested = [];
        foreach (\array_slice($objects ?? [], 1) as $object) {
            $nested[] = [$object, (array) $object];
        }
        $this->kept[$definition] = [$schema, (array) $definition, $nested, $dependencies ?? []];
        return $schema;
    }
}
