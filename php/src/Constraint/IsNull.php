<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;

/** Symfony's `Null` (its class IsNull): nothing but null (src/constraint/is_null.rs). */
final class IsNull
{
    public static function apply(Facets $f): void
    {
        $f->enums[] = ['nothing', null];
    }
}
