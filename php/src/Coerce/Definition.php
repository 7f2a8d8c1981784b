<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Constraint\Choice;
use ToolSchema\Php\Constraint\Offered;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Path;

/**
 * The definition as coercion reads it (src/coerce/definition.rs): checked
 * once, whole, up front (check()), then read lazily while the value is walked
 * (Def: of(), items(), properties(), choices()): no tree is built, properties
 * are looked up by key.
 *
 * Only the keys coercion reads are checked: `type`, `required`, `items`
 * (lists), `properties` (maps), and in `constraints` the options of the
 * constraints that offer choices (Constraint::WITH_CHOICES). The type
 * vocabulary is normalize's (Normalize\Definition's Ty constants).
 */
final class Definition
{
    /**
     * Checks the whole definition tree (the keys coercion reads), in the order
     * the Rust implementation checks them, so that both report the same first
     * error.
     *
     * @param array<mixed> $definition
     */
    public static function check(array $definition): void
    {
        self::checkNode($definition, new Path(), 0);
    }

    private static function checkNode(mixed $node, Path $path, int $depth): void
    {
        if ($depth > Coercer::MAX_DEPTH) {
            throw $path->error([], 'nesting deeper than 64 levels');
        }
        if (!\is_array($node)) {
            throw $path->error([], 'must be an array');
        }
        $type = $node['type'] ?? null;
        if (!\is_string($type)) {
            throw $path->error(['type'], $type === null ? 'is required' : 'must be a string');
        }
        $required = $node['required'] ?? null;
        if ($required !== null && !\is_bool($required)) {
            throw $path->error(['required'], 'must be a boolean');
        }
        switch (Ty::fromId($type)) {
            case Ty::ANY:
                return;
            case Ty::LIST:
                $key = 'items';
                break;
            case Ty::MAP:
                $key = 'properties';
                break;
            default:
                self::checkChoices($node, $path);
                return;
        }
        // A list's `items` is one definition, a map's `properties` a map of them.
        $children = $node[$key] ?? null;
        if ($children === null) {
            return;
        }
        $list = $key === 'items';
        if (!\is_array($children)) {
            throw $path->error([$key], $list ? 'must be an array' : 'must be a map');
        }
        $path->segs[] = $key;
        if ($list) {
            self::checkNode($children, $path, $depth + 1);
        } else {
            foreach ($children as $name => $child) {
                $path->segs[] = $name;
                if (!\is_array($child)) {
                    throw $path->error([], 'must be an array (a definition)');
                }
                self::checkNode($child, $path, $depth + 1);
                \array_pop($path->segs);
            }
        }
        \array_pop($path->segs);
    }

    /** @param array<mixed> $node */
    private static function checkChoices(array $node, Path $path): void
    {
        $constraints = $node['constraints'] ?? null;
        if ($constraints === null) {
            return;
        }
        if (!\is_array($constraints)) {
            throw $path->error(['constraints'], 'must be an array');
        }
        // Those of WITH_CHOICES the definition has, in that order.
        foreach (\array_intersect_key(Constraint::WITH_CHOICES, $constraints) as $name => $bare) {
            $o = Choice::read($constraints[$name], $bare);
            $at = ['constraints', $name];
            switch ($o->offered) {
                case Offered::Nothing:
                    continue 2;
                case Offered::NotArray:
                    throw $path->error($at, 'must be an array');
                case Offered::ChoicesNotArray:
                    throw $path->error([...$at, 'choices'], 'must be an array');
                case Offered::ListUnderChoices:
                    $at[] = 'choices';
                    break;
            }
            foreach ($o->list as $key => $choice) {
                if (\is_array($choice)) {
                    throw $path->error([...$at, $key], 'must be a scalar');
                }
            }
        }
    }
}
