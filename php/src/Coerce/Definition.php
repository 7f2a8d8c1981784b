<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Path;

/**
 * Parses and validates a definition tree into the summary the rules read
 * (Rust: definition::parse_definition / CoerceDef). Only the keys coercion reads
 * are validated. A node is
 * ['kind' => Kind::*, 'required' => bool, 'choices' => list<string>,
 *  'items' => ?node, 'properties' => array<string, node>].
 */
final class Definition
{
    public const MAX_DEPTH = 64;

    /** Constraint names whose options carry choices, in the order they are read. */
    public const CHOICE_CONSTRAINTS = ['Choice', 'AllowedValues', 'PluginExists', 'EntityBundleExists'];

    /**
     * @param array<mixed> $definition
     * @return array<string, mixed>
     */
    public static function parse(array $definition): array
    {
        return self::node($definition, '', 0);
    }

    private static function at(string $path, string $key): string
    {
        return $path === '' ? $key : $path . '.' . $key;
    }

    private static function fail(string $path, string $message): never
    {
        throw new \ValueError($path . ': ' . $message);
    }

    /**
     * @return array<string, mixed>
     */
    private static function node(mixed $node, string $path, int $depth): array
    {
        if ($depth > self::MAX_DEPTH) {
            self::fail($path, 'nesting deeper than 64 levels');
        }
        if (!\is_array($node)) {
            self::fail($path, 'must be an array');
        }
        $type = $node['type'] ?? null;
        if ($type === null) {
            self::fail(self::at($path, 'type'), 'is required');
        }
        if (!\is_string($type)) {
            self::fail(self::at($path, 'type'), 'must be a string');
        }
        $kind = Kind::fromType($type);
        $required = $node['required'] ?? true;
        if (!\is_bool($required)) {
            self::fail(self::at($path, 'required'), 'must be a boolean');
        }
        // A constraint whose validator refuses null (normalize's NotNull)
        // makes a null repair (B6) wrong below the input level: never made.
        $c = $node['constraints'] ?? null;
        if (\is_array($c) && (\array_key_exists('NotNull', $c) || \array_key_exists('EntityBundleExists', $c)
            || (\array_key_exists('NotBlank', $c) && !(\is_array($c['NotBlank']) && ($c['NotBlank']['allowNull'] ?? null) === true)))) {
            $required = true;
        }
        $def = ['kind' => $kind, 'required' => $required, 'choices' => [], 'items' => null, 'properties' => []];
        if ($kind === Kind::ANY) {
            return $def;
        }
        if ($kind !== Kind::LIST && $kind !== Kind::MAP) {
            $def['choices'] = self::choices($node, $path);
        }
        if ($kind === Kind::LIST) {
            $items = $node['items'] ?? null;
            if ($items !== null) {
                if (!\is_array($items)) {
                    self::fail(self::at($path, 'items'), 'must be an array');
                }
                $def['items'] = self::node($items, self::at($path, 'items'), $depth + 1);
            }
        }
        if ($kind === Kind::MAP) {
            $properties = $node['properties'] ?? null;
            if ($properties !== null) {
                if (!\is_array($properties)) {
                    self::fail(self::at($path, 'properties'), 'must be a map');
                }
                foreach ($properties as $name => $child) {
                    $childPath = self::at($path, 'properties') . '.' . Path::key($name);
                    if (!\is_array($child)) {
                        self::fail($childPath, 'must be an array (a definition)');
                    }
                    $def['properties'][$name] = self::node($child, $childPath, $depth + 1);
                }
            }
        }
        return $def;
    }

    /**
     * The string choices of the choice constraints, in order.
     *
     * @param array<mixed> $node
     * @return list<string>
     */
    private static function choices(array $node, string $path): array
    {
        $constraints = $node['constraints'] ?? null;
        if ($constraints === null) {
            return [];
        }
        if (!\is_array($constraints)) {
            self::fail(self::at($path, 'constraints'), 'must be an array');
        }
        $out = [];
        foreach (self::CHOICE_CONSTRAINTS as $name) {
            if (!\array_key_exists($name, $constraints)) {
                continue;
            }
            $options = $constraints[$name];
            if (!\is_array($options) && ($name === 'PluginExists' || $name === 'EntityBundleExists')) {
                // A bare string ('EntityBundleExists' => 'node'): not resolved,
                // nothing to match (normalize warns about it).
                continue;
            }
            $at = self::at($path, 'constraints') . '.' . $name;
            if (!\is_array($options)) {
                self::fail($at, 'must be an array');
            }
            if (\array_key_exists('choices', $options)) {
                $list = $options['choices'];
                $at .= '.choices';
                if (!\is_array($list)) {
                    self::fail($at, 'must be an array');
                }
            } elseif (\array_is_list($options)) {
                $list = $options;
            } else {
                // Other options only (callback, ...): nothing B2 can use.
                continue;
            }
            foreach ($list as $key => $choice) {
                if (\is_array($choice)) {
                    self::fail($at . '.' . Path::key($key), 'must be a scalar');
                }
                if (\is_string($choice)) {
                    $out[] = $choice;
                }
            }
        }
        return $out;
    }
}
