<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Constraint\Choice;
use ToolSchema\Php\Normalize\Definition as Ty;
use ToolSchema\Php\Path;

/**
 * The definition as coercion reads it (src/coerce/definition.rs): checked
 * once, whole, up front (check()), then read lazily while the value is walked
 * (of(), items(), properties(), choices()): no tree is built, properties are
 * looked up by key.
 *
 * Only the keys coercion reads are checked: `type`, `required`, `items`
 * (lists), `properties` (maps), and in `constraints` the options of the
 * constraints that offer choices (Constraint::WITH_CHOICES). The type vocabulary is normalize's (Normalize\Definition's Ty
 * constants). A Def is an array: see of().
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
        if ($type === null) {
            throw $path->error(['type'], 'is required');
        }
        if (!\is_string($type)) {
            throw $path->error(['type'], 'must be a string');
        }
        $required = $node['required'] ?? null;
        if ($required !== null && !\is_bool($required)) {
            throw $path->error(['required'], 'must be a boolean');
        }
        switch (Ty::tyFromId($type)) {
            case Ty::ANY:
                return;
            case Ty::LIST:
                $items = $node['items'] ?? null;
                if ($items === null) {
                    return;
                }
                if (!\is_array($items)) {
                    throw $path->error(['items'], 'must be an array');
                }
                $path->segs[] = 'items';
                self::checkNode($items, $path, $depth + 1);
                \array_pop($path->segs);
                return;
            case Ty::MAP:
                $properties = $node['properties'] ?? null;
                if ($properties === null) {
                    return;
                }
                if (!\is_array($properties)) {
                    throw $path->error(['properties'], 'must be a map');
                }
                $path->segs[] = 'properties';
                foreach ($properties as $name => $child) {
                    $path->segs[] = $name;
                    if (!\is_array($child)) {
                        throw $path->error([], 'must be an array (a definition)');
                    }
                    self::checkNode($child, $path, $depth + 1);
                    \array_pop($path->segs);
                }
                \array_pop($path->segs);
                return;
            default:
                self::checkChoices($node, $path);
        }
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
            [$kind, $list] = Choice::offered($constraints[$name], $bare);
            $at = ['constraints', $name];
            switch ($kind) {
                case Choice::NOTHING:
                    continue 2;
                case Choice::NOT_ARRAY:
                    throw $path->error($at, 'must be an array');
                case Choice::CHOICES_NOT_ARRAY:
                    throw $path->error([...$at, 'choices'], 'must be an array');
                case Choice::LIST_UNDER_CHOICES:
                    $at[] = 'choices';
                    break;
            }
            foreach ($list as $key => $choice) {
                if (\is_array($choice)) {
                    throw $path->error([...$at, $key], 'must be a scalar');
                }
            }
        }
    }

    /**
     * Reads a definition check() has accepted: the root (the input itself).
     * A Def: node, ty, required; mayNull (B6 may make the value null, see
     * child()), mayEmpty (a list or map that may become empty: Drupal's
     * NotNull, which a required list or map has, treats an empty one as
     * null), eachChoiceOf (for a list's items, the options of the list's
     * Choice with `multiple: true`, see Guard).
     *
     * @param array<mixed> $node
     * @return array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null}
     */
    public static function of(array $node): array
    {
        $type = $node['type'] ?? null;
        $ty = \is_string($type) ? Ty::tyFromId($type) : Ty::ANY;
        // `required` (default true), or a constraint whose validator refuses
        // null (normalize's NotNull): such a definition is never made null
        // (B6), at any level.
        $c = $node['constraints'] ?? null;
        $required = ($node['required'] ?? true) !== false || (\is_array($c) && Constraint::refusesNull($c));
        return [
            'node' => $node,
            'ty' => $ty,
            'required' => $required,
            'mayNull' => true,
            'mayEmpty' => !$required,
            'eachChoiceOf' => null,
        ];
    }

    /**
     * The definition of a child of this list ($item) or map (Rust:
     * Def::child). B6 never makes a list item null (a list of empty items is
     * an empty list to Drupal); a map property may become null when the map
     * may become empty, or when another of its entries is neither null nor
     * "" ($solid: Map::isEmpty() asks whether every value is null).
     * Emptiness goes up through list items, not through map properties.
     *
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $parent
     * @param array<mixed> $node
     * @return array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null}
     */
    public static function child(array $parent, array $node, bool $item, bool $solid): array
    {
        $type = $node['type'] ?? null;
        $ty = \is_string($type) ? Ty::tyFromId($type) : Ty::ANY;
        // Below the input level Drupal validates a null list or map as an
        // empty one (normalize's NotNull): a constraint that asks for entries
        // refuses null there (Rust: asks_for_entries).
        $c = $node['constraints'] ?? null;
        $required = ($node['required'] ?? true) !== false || (\is_array($c) && (Constraint::refusesNull($c)
            || (($ty === Ty::LIST || $ty === Ty::MAP) && Constraint::asksForEntries($c))));
        return [
            'node' => $node,
            'ty' => $ty,
            'required' => $required,
            'mayNull' => !$item && ($parent['mayEmpty'] || $solid),
            'mayEmpty' => !$required && (!$item || $parent['mayEmpty']),
            'eachChoiceOf' => null,
        ];
    }

    /**
     * The item definition of a list (null: items are not walked).
     *
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     * @return array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null}|null
     */
    public static function items(array $def): ?array
    {
        if ($def['ty'] !== Ty::LIST || !isset($def['node']['items'])) {
            return null;
        }
        $d = self::child($def, $def['node']['items'], true, false);
        $c = $def['node']['constraints'] ?? null;
        $d['eachChoiceOf'] = \is_array($c) && isset($c['Choice']) ? Choice::eachOf($c['Choice']) : null;
        return $d;
    }

    /**
     * The `properties` of a map, when it has any.
     *
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     * @return array<mixed>|null
     */
    public static function properties(array $def): ?array
    {
        if ($def['ty'] !== Ty::MAP) {
            return null;
        }
        $p = $def['node']['properties'] ?? null;
        return ($p === null || $p === []) ? null : $p;
    }

    /**
     * A boolean option of a Symfony constraint, as the constraint object holds
     * it (Rust: option_flag): $default when absent, else the value cast to
     * bool. $typed: the property is declared bool (Choice's `match`), where
     * null or an array is a TypeError: Drupal rejects every value (null:
     * undecided); an untyped property (`multiple`, `allowNull`) reads null as
     * false and an array by its emptiness.
     *
     * @param array<mixed> $options
     */
    public static function optionFlag(array $options, string $key, bool $default, bool $typed): ?bool
    {
        if (!\array_key_exists($key, $options)) {
            return $default;
        }
        $v = $options[$key];
        if (\is_scalar($v)) {
            return (bool) $v;
        }
        return $typed ? null : (bool) $v;
    }

    /**
     * The string choices of the choice constraints, in order (Rust:
     * Def::each_choice). The choices of a constraint whose `match` is false
     * are forbidden values, not choices: they are left out.
     *
     * @param array{node: array<mixed>, ty: int, required: bool, mayNull: bool, mayEmpty: bool, eachChoiceOf: array<mixed>|null} $def
     * @return list<string>
     */
    public static function choices(array $def): array
    {
        $constraints = $def['node']['constraints'] ?? null;
        if (!\is_array($constraints)) {
            return [];
        }
        $out = [];
        foreach (\array_intersect_key(Constraint::WITH_CHOICES, $constraints) as $name => $bare) {
            $options = $constraints[$name];
            if (!Choice::matchesChoices($options)) {
                continue;
            }
            [$kind, $list] = Choice::offered($options, $bare);
            if ($kind !== Choice::LIST && $kind !== Choice::LIST_UNDER_CHOICES) {
                continue;
            }
            foreach ($list as $choice) {
                if (\is_string($choice)) {
                    $out[] = $choice;
                }
            }
        }
        return $out;
    }
}
