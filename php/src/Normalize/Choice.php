<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

/**
 * `Choice` and `AllowedValues` → `enum` (src/normalize/choice.rs). Options: a list
 * of choices, or `{choices: [...]}`. `multiple: true` (the value is a list of
 * choices) is left out; an unresolved `callback` is an error (the Drupal adapter
 * resolves it).
 */
final class Choice
{
    /**
     * Checks that `$list` is a list of scalars; `$extra` is the path to it.
     *
     * @param list<string|int> $extra
     */
    public static function checkChoices(Rule $rule, mixed $list, array $extra): array
    {
        if (!\is_array($list) || !\array_is_list($list)) {
            throw $rule->error($extra, 'must be a list');
        }
        foreach ($list as $k => $v) {
            if (!ValueCheck::isScalar($v)) {
                ValueCheck::checkScalar($v, $rule->path, ['constraints', $rule->name, ...$extra, $k]);
            }
        }
        return $list;
    }

    public static function applies(int $cat): bool
    {
        return $cat !== Definition::CAT_LIST && $cat !== Definition::CAT_MAP;
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        if (!\is_array($opts)) {
            throw $rule->error([], 'must be an array');
        }
        if (\array_is_list($opts)) {
            $list = self::checkChoices($rule, $opts, []);
        } elseif (\array_key_exists('choices', $opts)) {
            $list = self::checkChoices($rule, $opts['choices'], ['choices']);
        } elseif (\array_key_exists('callback', $opts)) {
            throw $rule->error(['callback'], 'must be resolved into choices before normalizing');
        } else {
            throw $rule->error(['choices'], 'is required');
        }
        $multiple = ($opts['multiple'] ?? null) === true;
        if (!$multiple && self::applies($rule->cat)) {
            $f->enums[] = [false, $list];
        }
    }
}
