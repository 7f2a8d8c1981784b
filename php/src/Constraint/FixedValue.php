<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\ValueCheck;

/**
 * `FixedValue` and `IdenticalTo` → `const` (src/constraint/fixed_value.rs).
 * Options: the value, or `{value: ...}` (Comparison::read(), a comparison's);
 * a comparison with another property (`propertyPath`) is left out. A value is rejected unless it is `===` the
 * value; null passes.
 */
final class FixedValue
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        [$has, $v] = Comparison::read($opts);
        if ($has) {
            ValueCheck::checkScalar($v, $rule->path, \is_array($opts) ? ['constraints', $rule->id, 'value'] : ['constraints', $rule->id]);
        }
        if (!Choice::applies($rule->cat)) {
            $rule->notApplicable();
        } elseif ($has) {
            // A float is never `===` the int PHP decodes a JSON integer into.
            $f->enums[] = $rule->cat === Ty::CAT_INT && \is_float($v) ? ['nothing', null] : ['const', $v];
        } else {
            $rule->unstated(Comparison::COMPARED);
        }
    }

    /** Symfony's IdenticalTo: `$v === $value`; null passes. */
    public static function rejects(mixed $options, mixed $v): ?bool
    {
        [$has, $value] = Comparison::read($options);
        if (!$has || ($value !== null && !\is_scalar($value))) {
            return null;
        }
        return $v !== null && $v !== $value;
    }
}
