<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Schema;
use ToolSchema\Php\Model\Vocab;

/**
 * list → `type: array` with `items` from the item definition (none when the
 * list has no item definition). A `Choice` with `multiple: true` on the list
 * puts its choices on the items (an `enum` of the item schema, or of an
 * `items` of its own when there is no item definition) (src/normalize/list_type.rs).
 */
final class ListType
{
    /**
     * The `items` schema, if any, and whether an item can be neither null
     * nor empty.
     *
     * @param list<array{0: array, 1: bool}> $itemEnums
     * @return array{0: array<mixed>|\stdClass|Schema|null, 1: bool}
     */
    public static function items(Normalizer $n, Definition $d, array $itemEnums, int $depth): array
    {
        if ($d->items !== null) {
            $items = $n->schema('items', null, $d->items, $depth + 1, $itemEnums);
            return [$items, $n->refusedEmpty];
        }
        if ($itemEnums === []) {
            return [null, false];
        }
        // The model of them, or their schema (Rust's `Emit::choice_items`).
        return [$n->fill ? Fill::choiceItems($itemEnums) : self::choiceItems($itemEnums), false];
    }

    /**
     * The schema of the items of a list without an item definition that a
     * `Choice` with `multiple: true` puts its choices on: an `enum` of them
     * (`match: false`: a `not` of them); a second one in `allOf`.
     *
     * @param list<array{0: array, 1: bool}> $itemEnums
     * @return array<string, mixed>|\stdClass
     */
    public static function choiceItems(array $itemEnums): array|\stdClass
    {
        $o = [];
        $allOf = [];
        $hasEnum = $hasNot = false;
        foreach (self::choices($itemEnums) as [$key, $v]) {
            $not = $key === 'not';
            if ($not ? $hasNot : $hasEnum) {
                $allOf[] = [$key => $v];
                continue;
            }
            if ($not) {
                $hasNot = true;
            } else {
                $hasEnum = true;
            }
            $o[$key] = $v;
        }
        if ($allOf !== []) {
            $o['allOf'] = $allOf;
        }
        return Vocab::object($o);
    }

    /**
     * Each choice list as its keyword: `enum` (or `const`), or `not` for
     * `match: false`; an empty list that does not match says nothing.
     *
     * @param list<array{0: array, 1: bool}> $itemEnums
     * @return list<array{0: string, 1: mixed}> [keyword, value]
     */
    public static function choices(array $itemEnums): array
    {
        $out = [];
        foreach ($itemEnums as [$list, $matches]) {
            if ($matches) {
                $out[] = Nullable::enumeration($list === [] ? ['nothing', null] : ['list', $list], false);
            } elseif ($list !== []) {
                $out[] = ['not', Nullable::notSchema(['enum', $list], false)];
            }
        }
        return $out;
    }
}
