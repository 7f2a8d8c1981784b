<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Vocab;

/**
 * The numeric bounds the comparisons state (Constraint\Range, Comparison,
 * Sign), nothing said twice (src/normalize/bounds.rs).
 */
final class Bounds
{
    /**
     * One lower bound and one upper bound, nothing said twice (bounds.rs): of
     * a `minimum` and an `exclusiveMinimum`, the one that implies the other
     * stays (the exclusive one when they are equal); the same for the upper
     * bounds. Compared exactly on ints (Vocab::cmp): as floats, `minimum:
     * 2^54 + 2` and `exclusiveMinimum: 2^54` are one number, and the looser
     * bound stayed.
     */
    public static function tightest(Facets $f): void
    {
        if ($f->minimum !== null && $f->exclusiveMinimum !== null) {
            if (Vocab::cmp($f->minimum, $f->exclusiveMinimum) > 0) {
                $f->exclusiveMinimum = null;
            } else {
                $f->minimum = null;
            }
        }
        if ($f->maximum !== null && $f->exclusiveMaximum !== null) {
            if (Vocab::cmp($f->maximum, $f->exclusiveMaximum) < 0) {
                $f->exclusiveMaximum = null;
            } else {
                $f->maximum = null;
            }
        }
    }
}
