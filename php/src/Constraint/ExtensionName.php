<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;

/** `ExtensionName`: the `pattern` Drupal checks, as Regex states it (src/constraint/extension_name.rs). */
final class ExtensionName
{
    /** ExtensionDiscovery::PHP_FUNCTION_PATTERN. */
    public const PATTERN = '/^[a-zA-Z_\x80-\xff][a-zA-Z0-9_\x80-\xff]*$/';

    public static function apply(Rule $rule, Facets $f): void
    {
        Regex::applySource($rule, self::PATTERN, true, $f);
    }
}
