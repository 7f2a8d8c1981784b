<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * `FixedValue` and `IdenticalTo` → `const` (src/normalize/fixed_value.rs).
 * Options: the value, or `{value: ...}`; a comparison with another property
 * (`propertyPath`) is left out.
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
                ValueCheck::checkScalar($v, $rule->path, ['constraints', $rule->name, 'value']);
            } else {
                $has = false;
            }
        } else {
            $v = $opts;
            ValueCheck::checkScalar($v, $rule->path, ['constraints', $rule->name]);
        }
        if (!Choice::applies($rule->cat)) {
            $rule->notApplicable();
        } elseif ($has) {
            // A float is never `===` the int PHP decodes a JSON integer into.
            $f->enums[] = $rule->cat === Definition::CAT_INT && \is_float($v) ? ['nothing', null] : ['const', $v];
        } else {
            $rule->unstated(Bounds::COMPARED);
        }
    }
}
