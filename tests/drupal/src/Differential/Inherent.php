<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/**
 * False accepts that no JSON Schema can avoid, documented in docs/drupal.md
 * ("Differential test: the inherent list"). A false accept (or a repair that
 * Drupal rejects) that matches one of these is counted apart and does not
 * fail the test; every other one does.
 */
final class Inherent
{
    /**
     * The inherent class a rejection belongs to, or null.
     *
     * @param string $constraint the rejecting constraint's short class name
     * @param array<string, mixed> $node the spec of the definition it sits on
     * @param mixed $value the rejected value at that node (as Drupal got it)
     */
    public static function classify(string $constraint, array $node, mixed $value): ?string
    {
        // JSON has one number type: 2 and 2.0 are the same value for a JSON
        // Schema validator (enum, const), while PHP decodes them as int and
        // float and Symfony's Choice and IdenticalTo compare strictly.
        if (\in_array($constraint, ['Choice', 'AllowedValuesConstraint', 'IdenticalTo'], true) && (\is_int($value) || \is_float($value))) {
            foreach (self::allowed($node['constraints'] ?? []) as $allowed) {
                if ((\is_int($allowed) || \is_float($allowed)) && $allowed == $value && $allowed !== $value) {
                    return 'number equality: JSON 2 == 2.0, PHP 2 !== 2.0 (Choice, AllowedValues, IdenticalTo)';
                }
            }
        }
        return null;
    }

    /** @return list<mixed> the values Choice / AllowedValues / IdenticalTo allow on a node */
    private static function allowed(array $constraints): array
    {
        $out = [];
        foreach (['Choice', 'AllowedValues'] as $id) {
            $o = $constraints[$id] ?? null;
            if (!\is_array($o)) {
                continue;
            }
            if (array_is_list($o)) {
                $out = [...$out, ...$o];
            } elseif (isset($o['callback']) && \is_callable($o['callback'])) {
                $out = [...$out, ...($o['callback'])()];
            } else {
                $out = [...$out, ...($o['choices'] ?? [])];
            }
        }
        if (\array_key_exists('IdenticalTo', $constraints)) {
            $o = $constraints['IdenticalTo'];
            $out[] = \is_array($o) ? ($o['value'] ?? null) : $o;
        }
        return $out;
    }
}
