<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;

/**
 * `NotNull`: makes an optional definition required below the input level,
 * and a list or map non-empty at every level (Normalize\NotNull: what
 * Drupal's NotNull means); src/constraint/not_null.rs. Its validator refuses
 * null: coercion never makes the value null.
 */
final class NotNull
{
    public static function apply(Facets $f): void
    {
        $f->notNull = true;
    }
}
