<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Vocab;

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
 *   input level (a map property, a list item), and a list or map non-empty
 *   at every level (Drupal skips a null input, not an empty one).
 */
final class NotNull
{
    /**
     * Whether the definition refuses null: `required` (default true); below
     * the input level also a `NotNull` constraint, a constraint whose
     * validator refuses null (NotBlank, EntityBundleExists), or a lower count
     * on a list or map (Drupal validates a null list or map below the input
     * level as an empty one).
     */
    public static function refusesNull(Definition $d, Facets $f, bool $inputLevel): bool
    {
        return $d->required
            || (!$inputLevel
                && ($f->notNull
                    || $f->nullRefusedNested
                    || (($d->cat === Ty::CAT_LIST || $d->cat === Ty::CAT_MAP) && $f->minCount !== null && $f->minCount >= 1)));
    }

    /**
     * Whether a list or map must not be empty as Drupal's NotNull sees it:
     * required, or with a `NotNull` constraint. Not the root map.
     */
    public static function nonEmpty(Definition $d, Facets $f, int $depth): bool
    {
        return ($d->required || $f->notNull) && !($depth === 0 && $d->cat === Ty::CAT_MAP);
    }

    /**
     * A non-empty list: at least one item, and, unless an item can be
     * neither null nor empty (a required item: its own NotNull), not only
     * empty items.
     */
    public static function list(?array $items, bool $itemNeverEmpty, Facets $f): void
    {
        $f->minCount = Facets::raise($f->minCount, 1);
        if (!$itemNeverEmpty) {
            $f->nots[] = ['empty_items', $items];
        }
    }

    /** A non-empty map with no property that refuses null: at least one property, not only null values. */
    public static function map(Facets $f): void
    {
        $f->minCount = Facets::raise($f->minCount, 1);
        $f->nots[] = ['null_values', null];
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
        $cat = \is_string($type) ? Ty::catOf($type) : Ty::CAT_ANY;
        // `type` names the container or null, so that ajv's strict mode
        // (strictTypes) accepts the keyword beside it.
        if ($cat === Ty::CAT_MAP) {
            return ['type' => ['object', 'null'], 'additionalProperties' => ['type' => 'null']];
        }
        if ($cat === Ty::CAT_LIST) {
            if ($depth >= Vocab::MAX_DEPTH) {
                // Deeper than any valid definition: everything counts as empty.
                return new \stdClass();
            }
            $items = $def['items'] ?? null;
            return ['type' => ['array', 'null'], 'items' => self::emptyItem(\is_array($items) ? $items : null, $depth + 1)];
        }
        return ['type' => 'null'];
    }

    /**
     * The schema under `not` for a list of empty items: `type` only when the
     * schema it sits in lets null through (`$nullOk`), so that null still
     * passes the `not`. An empty list is a list of empty items, so the guard
     * states `minItems: 1` (see impliesMinOne()).
     */
    public static function notEmptyItems(?array $items, bool $nullOk): array
    {
        $item = self::emptyItem($items, 0);
        return $nullOk ? ['type' => 'array', 'items' => $item] : ['items' => $item];
    }

    /** The schema under `not` for a map of null values (`type` only with `$nullOk`). */
    public static function notNullValues(bool $nullOk): array
    {
        $values = ['type' => 'null'];
        return $nullOk ? ['type' => 'object', 'additionalProperties' => $values] : ['additionalProperties' => $values];
    }

    /**
     * Whether the guard of a non-empty list or map is among the facets' nots:
     * it refuses the empty container itself, so a lower count of 1 says
     * nothing more and is not written.
     */
    public static function impliesMinOne(Facets $f): bool
    {
        foreach ($f->nots as [$kind]) {
            if ($kind === 'empty_items' || $kind === 'null_values') {
                return true;
            }
        }
        return false;
    }
}
