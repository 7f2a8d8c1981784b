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
        $o = [];
        $allOf = [];
        foreach ($itemEnums as [$list, $matches]) {
            if ($matches) {
                [$key, $v] = Nullable::enumeration($list === [] ? ['nothing', null] : ['list', $list], false);
            } elseif ($list === []) {
                continue;
            } else {
                [$key, $v] = ['not', Nullable::notSchema(['enum', $list], false)];
            }
            if (\array_key_exists($key, $o)) {
                $allOf[] = [$key => $v];
            } else {
                $o[$key] = $v;
            }
        }
        if ($allOf !== []) {
            $o['allOf'] = $allOf;
        }
        return [Vocab::object($o), false];
    }
}
