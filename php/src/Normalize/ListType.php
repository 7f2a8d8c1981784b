<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * list → `type: array` with `items` from the item definition (none when the list
 * has no item definition) (src/normalize/list.rs).
 */
final class ListType
{
    public static function apply(Normalizer $n, Definition $d, array &$out, int $depth): void
    {
        if ($d->items !== null) {
            $out['items'] = $n->child('items', null, $d->items, $depth);
        }
    }
}
