<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\ValueCheck;

/**
 * `FixedValue` and `IdenticalTo` → `const` (src/constraint/fixed_value.rs).
 * Options: the value, or `{value: ...}`; a comparison with another property
 * (`propertyPath`) is left out. A value is rejected unless it is `===` the
 * value; null passes.
 */
final class FixedValue
{
    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        $has = true;
        $v = null;
        if (\is_array($opts)) {
            if (\array_key_exists('value', $opts)) {
                $v = $opts['value'];
                ValueCheck::checkScalar($v, $rule->path, ['constraints', $rule->id, 'value']);
            } else {
                $has = false;
            }
        } else {
            $v = $opts;
            ValueCheck::checkScalar($v, $rule->path, ['constraints', $rule->id]);
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
        if (\is_array($options)) {
            if (!\array_key_exists('value', $options)) {
                return null;
            }
            $options = $options['value'];
        }
        if ($options !== null && !\is_scalar($options)) {
            return null;
        }
        return $v !== null && $v !== $options;
    }
}
