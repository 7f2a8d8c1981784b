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
    /** Constraints of a `multiple` definition that bind the list (DefinitionArrayBuilder puts them there). */
    private const LIST_CONSTRAINTS = ['Count', 'NotBlank', 'NotNull', 'NotNull (required)'];

    /**
     * The inherent class a rejection belongs to, or null.
     *
     * @param list<string> $ids the definition's constraint ids the rejection
     *   comes from (a violation's constraint, or the validator that threw)
     * @param array<string, mixed> $node the spec of the definition it sits on;
     *   `multiple` still set when Drupal rejected the whole list of a
     *   multi-value definition, `itemOfMultiple` when it rejected its item
     * @param mixed $value the rejected value at that node (as Drupal got it)
     */
    public static function classify(array $ids, array $node, mixed $value): ?string
    {
        // JSON has one number type: 2 and 2.0 are the same value for a JSON
        // Schema validator (enum, const), while PHP decodes them as int and
        // float and Symfony's Choice and IdenticalTo compare strictly.
        // (A list: a `multiple` Choice compares each item.)
        $numbers = \is_int($value) || \is_float($value) ? [$value] : (\is_array($value) && self::multipleChoice($node, $ids) ? $value : []);
        if (array_intersect($ids, ['Choice', 'AllowedValues', 'IdenticalTo']) !== []) {
            foreach ($numbers as $n) {
                if (!\is_int($n) && !\is_float($n)) {
                    continue;
                }
                foreach (self::allowed($node['constraints'] ?? []) as $allowed) {
                    if ((\is_int($allowed) || \is_float($allowed)) && $allowed == $n && $allowed !== $n) {
                        return 'number equality: JSON 2 == 2.0, PHP 2 !== 2.0 (Choice, AllowedValues, IdenticalTo)';
                    }
                }
            }
        }
        // A JSON number beyond int64 (1e20, 9223372036854775808) is an
        // integer to a JSON Schema validator, while PHP decodes it as a float,
        // which Drupal's integer refuses. The schema states no int64 range on
        // every integer (issue 19: two long numbers per integer in every
        // prompt, for values no model sends; README, known limits).
        // (A timestamp's validator throws a TypeError on it; a multi-value
        // input is refused for any item.)
        if (array_intersect($ids, ['PrimitiveType (implicit)', 'throws TypeError in PrimitiveTypeConstraintValidator']) !== []
            && \in_array(str_replace(' item', '', $node['type']), ['integer', 'timestamp', 'timespan'], true)) {
            foreach (\is_array($value) ? $value : [$value] as $n) {
                if (\is_float($n) && abs($n) >= 9.2233720368547758E18) {
                    return 'number beyond int64: an integer to JSON Schema, a float to PHP (integer, timestamp, timespan)';
                }
            }
        }
        // The timestamp's TypeError ends the whole validation, so Drupal's
        // rejection sits on the input (a list or map holding the timestamp),
        // not on the timestamp: the same class when a number beyond int64 is
        // somewhere in the value and an integer kind somewhere below.
        if (\in_array('throws TypeError in PrimitiveTypeConstraintValidator', $ids, true)
            && self::holdsIntegerKind($node) && self::holdsBeyondInt64($value)) {
            return 'number beyond int64: an integer to JSON Schema, a float to PHP (integer, timestamp, timespan)';
        }
        // Drupal's own URI check is parse_url(): it refuses a few URIs RFC
        // 3986 allows (an empty host with an authority or a port), which
        // `format: uri` accepts.
        if (\in_array('PrimitiveType (implicit)', $ids, true) && \in_array(str_replace(' item', '', $node['type']), ['uri'], true)
            && \is_string($value) && parse_url($value) === false) {
            return 'format corner: PHP parse_url() refuses RFC 3986 URIs with an empty host ("http:///x", "http://:80")';
        }
        // A multi-value definition nested in a map: core's
        // ContextDefinition::getDataDefinition() puts its constraints on the
        // list, so an element constraint (Choice, Length, Range, ...) rejects
        // every non-empty list. A schema saying so would refuse every value;
        // the schema follows the Tool module's reading (element constraints
        // bind the items).
        if (($node['multiple'] ?? false) === true && array_intersect($ids, self::LIST_CONSTRAINTS) === [] && !self::multipleChoice($node, $ids)) {
            return 'Drupal defect: element constraints of a multi-value input in a map apply to the whole list (core): the map is refused whatever that input holds';
        }
        // The Tool module (InputDefinition::getDataDefinition()) copies every
        // constraint of a multi-value input onto its items: Count, or a Choice
        // with `multiple`, on a single item rejects every non-empty list.
        if (($node['itemOfMultiple'] ?? false) === true && (\in_array('Count', $ids, true) || self::multipleChoice($node, $ids))) {
            return 'Drupal defect: the Tool module puts a multi-value input\'s Count / multiple Choice on each item, every non-empty list fails';
        }
        return null;
    }

    /** Whether a spec is, or holds below it, an integer, timestamp or timespan. */
    private static function holdsIntegerKind(array $node): bool
    {
        if (\in_array(str_replace(' item', '', (string) ($node['type'] ?? '')), ['integer', 'timestamp', 'timespan'], true)) {
            return true;
        }
        foreach ([...(\is_array($node['items'] ?? null) ? [$node['items']] : []), ...(\is_array($node['properties'] ?? null) ? array_values($node['properties']) : [])] as $child) {
            if (\is_array($child) && self::holdsIntegerKind($child)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a value is, or holds at any depth, a float beyond the int64 range. */
    private static function holdsBeyondInt64(mixed $value): bool
    {
        if (\is_float($value)) {
            return abs($value) >= 9.2233720368547758E18;
        }
        if (\is_array($value) || $value instanceof \stdClass) {
            foreach ((array) $value as $v) {
                if (self::holdsBeyondInt64($v)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static function multipleChoice(array $node, array $ids): bool
    {
        foreach (['Choice', 'AllowedValues'] as $id) {
            $o = $node['constraints'][$id] ?? null;
            if (\in_array($id, $ids, true) && \is_array($o) && !array_is_list($o) && ($o['multiple'] ?? false) === true) {
                return true;
            }
        }
        return false;
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
