<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * Drupal's NotNull: what `required` means below the root, and the `NotNull`
 * constraint (src/normalize/not_null.rs).
 *
 * - A required list or map must not be empty: NotNull treats an empty list
 *   (or one whose items are all empty) and a map whose values are all null as
 *   null. A required list gets `minItems: 1`, and, when its items may be
 *   empty, `not: {type: array, items: <empty item>}`; a required map with no
 *   required property gets `minProperties: 1` and
 *   `not: {type: object, additionalProperties: {type: null}}`. The root map
 *   (the tool's inputs) is exempt.
 * - The `NotNull` constraint makes an optional definition required below the
 *   input level (a map property, a list item).
 */
final class NotNull
{
    /** Whether `$def` refuses null (and emptiness). */
    public static function required(array $def, bool $inputLevel): bool
    {
        if (($def['required'] ?? null) !== false) {
            return true;
        }
        if ($inputLevel) {
            return false;
        }
        $c = $def['constraints'] ?? null;
        return \is_array($c) && \array_key_exists('NotNull', $c);
    }

    /**
     * Adds what a required container needs to be non-empty.
     *
     * @param array|null $items the list's item definition
     */
    public static function container(int $cat, ?array $items, bool $anyRequired, Facets $f): void
    {
        if ($cat === Definition::CAT_LIST) {
            $f->minCount = Facets::raise($f->minCount, 1);
            // A required item can be neither null nor empty (its own NotNull).
            if ($items === null || !self::required($items, false)) {
                $f->nots[] = ['empty_items', $items];
            }
        } elseif ($cat === Definition::CAT_MAP && !$anyRequired) {
            $f->minCount = Facets::raise($f->minCount, 1);
            $f->nots[] = ['null_values', null];
        }
    }

    /**
     * The schema of an empty item of a list whose item definition is `$def`
     * (ItemList::isEmpty()); null passes it too.
     *
     * @return array<string, mixed>|\stdClass
     */
    public static function emptyItem(?array $def, int $depth): array|\stdClass
    {
        $type = $def['type'] ?? null;
        $cat = \is_string($type) ? Definition::catOf($type) : Definition::CAT_ANY;
        // `type` names the container or null, so that ajv's strict mode
        // (strictTypes) accepts the keyword beside it.
        if ($cat === Definition::CAT_MAP) {
            return ['type' => ['object', 'null'], 'additionalProperties' => ['type' => 'null']];
        }
        if ($cat === Definition::CAT_LIST) {
            if ($depth >= Normalizer::MAX_DEPTH) {
                // Deeper than any valid definition: everything counts as empty.
                return new \stdClass();
            }
            $items = $def['items'] ?? null;
            return ['type' => ['array', 'null'], 'items' => self::emptyItem(\is_array($items) ? $items : null, $depth + 1)];
        }
        return ['type' => 'null'];
    }

    /** The schema under `not` for a list of empty items. */
    public static function notEmptyItems(?array $items): array
    {
        return ['type' => 'array', 'items' => self::emptyItem($items, 0)];
    }

    /** The schema under `not` for a map of null values. */
    public static function notNullValues(): array
    {
        return ['type' => 'object', 'additionalProperties' => ['type' => 'null']];
    }
}
