<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/**
 * Seeded generator of definition specs for the differential test: plain PHP
 * arrays that Definitions turns into real Drupal objects.
 *
 *   type         a typed-data id
 *   required     bool
 *   multiple     bool (Tool module definitions of a non-list type only)
 *   default      a value (absent: none)
 *   constraints  id => options, in the forms Drupal accepts
 *   items        spec (list)
 *   properties   name => spec (map)
 *
 * Root specs also carry `family`: "input" (the Tool module's InputDefinition,
 * ListInputDefinition, MapInputDefinition, validated by the Tool module's own
 * TypedInputsTrait::validateInputValue()) or "core" (core DataDefinition,
 * ListDataDefinition, MapDataDefinition, validated by
 * TypedDataManager::create()->validate()).
 *
 * Every constraint id and option form that Drupal 10.6, the Tool module and
 * tool_schema accept is drawn: Length, Count, Range, Choice and AllowedValues
 * (list and `choices` forms, a callback, `multiple` with min/max, `match:
 * false`, an empty list), Regex (string and array forms, `match: false`),
 * NotBlank (`allowNull`, `normalizer`), NotNull, Blank, Null, Email, Uuid,
 * CountryCode, PluginExists (entity types with an interface, a plugin manager
 * with a fallback, `allowFallback`), EntityBundleExists (both forms); and the
 * Symfony constraints Drupal 10.6 does not register, which the test module
 * tool_schema_symfony_constraints registers with their Symfony classes:
 * GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual (bare value and
 * `value`), Positive, PositiveOrZero, Negative, NegativeOrZero, IdenticalTo,
 * Url (`protocols`, `relativeProtocol`), Ip (`version` 4, 6, all, ...),
 * DateTime (default and other formats), Date. Now and then a constraint lands
 * on a type it does not fit (Email on an integer, Count on a float, Choice
 * `multiple` on a scalar), as tool authors write them.
 */
final class SpecGenerator
{
    public const STRING_TYPES = ['string', 'text', 'email', 'uri', 'datetime_iso8601', 'duration_iso8601'];
    public const INT_TYPES = ['integer', 'timestamp', 'timespan'];

    /** type => weight */
    private const TYPES = [
        'string' => 16, 'text' => 2, 'integer' => 10, 'float' => 7, 'decimal' => 3, 'boolean' => 6,
        'email' => 4, 'uri' => 4, 'timestamp' => 4, 'timespan' => 2, 'datetime_iso8601' => 4,
        'duration_iso8601' => 3, 'any' => 4, 'list' => 9, 'map' => 9,
    ];

    /** Regex catalog: pattern => [strings it matches, strings it does not] (checked with preg_match by the test). */
    public const PATTERNS = [
        '/^[a-z]+$/' => [['abc', 'z'], ['Abc', 'a1', '', "abc\n", 'é']],
        '/^\d{3}$/' => [['123', '007'], ['12', '1234', "123\n", '١٢٣']],
        '/^field_[a-z0-9_]+$/' => [['field_tags', 'field_1'], ['field_', 'Field_x', "field_x\n", 'tags']],
        '/abc/' => [['abc', 'xabcx'], ['ab', 'ABC']],
        '/^[A-Z][a-z]*$/u' => [['Hello', 'A'], ['hello', 'Élan', '']],
        '/^\w+$/' => [['abc_1', 'x'], ['a b', '', 'é', "a\n"]],
        '/^.{2,4}$/u' => [['ab', 'éèàù'], ['a', 'abcde', "ab\n"]],
        '/^(foo|bar)$/i' => [['foo', 'BAR'], ['baz', 'foobar', ' foo']],
        '/^\p{Lu}/u' => [['Élan', 'A'], ['élan', '1']],
        '/^[^\s]+$/' => [['abc', 'a-b'], ['a b', '', "a\tb"]],
        '/x$/' => [['x', 'abx'], ['xa', 'X']],
        '/^a.c$/s' => [['abc', "a\nc"], ['ac', 'abbc']],
        '/^[0-9a-f]{8}-[0-9a-f]{4}$/' => [['deadbeef-0123'], ['DEADBEEF-0123', 'deadbeef0123']],
        '#^/[a-z/]*$#' => [['/', '/a/b'], ['a/b', '/A']],
        '/^\S+@\S+$/' => [['a@b', 'x@y.z'], ['a @b', '@']],
    ];

    /** Choice sets by the kind of value they hold. */
    private const STRING_CHOICES = [['a', 'b', 'c'], ['ASC', 'DESC'], ['', 'x'], ['1', '2', '10'], ['é', 'ü', 'Straße'], ['status', 'warning', 'error'], ['true', 'false'], ['a b', 'a\\b']];
    private const INT_CHOICES = [[1, 2, 3], [0], [-1, 1], [10, 20, 30], [1, 2.0], [0, 1]];
    private const FLOAT_CHOICES = [[1.5, 2.5], [2.0, 3.0], [0.1, 0.2], [1, 2]];

    private int $counter = 0;

    /**
     * @param bool $drupal11 Also draw the constraint ids that are plugins on
     *   Drupal 11.3 and 11.4 but not on 10.6 (where they make Drupal throw
     *   PluginNotFoundException): the composites AtLeastOneOf, Sequentially,
     *   Optional and Required (nested constraints in their `constraints`
     *   option), UriHost, Serialized, and Length/Count `exactly` (10.6's
     *   Symfony 6.4 refuses the option). On 10.6 nothing more is drawn, and the
     *   seeded sequence is the one it always was.
     */
    public function __construct(private readonly Rng $rng, private readonly bool $drupal11 = false)
    {
    }

    /** @return array<string, mixed> a root spec */
    public function root(): array
    {
        $family = $this->rng->chance(0.75) ? 'input' : 'core';
        $spec = $this->spec($family, 0);
        $spec['family'] = $family;
        return $spec;
    }

    /** @return array<string, mixed> */
    private function spec(string $family, int $depth): array
    {
        $types = self::TYPES;
        if ($depth >= 3) {
            unset($types['list'], $types['map']);
        }
        $type = $this->rng->weighted($types);
        $spec = ['type' => $type, 'required' => $this->rng->chance(0.6)];
        if ($family === 'input' && $type !== 'list' && $this->rng->chance($type === 'map' ? 0.08 : 0.12)) {
            $spec['multiple'] = true;
        }
        if ($type === 'list') {
            $spec['items'] = $this->spec($family, $depth + 1);
            unset($spec['items']['multiple']);
        } elseif ($type === 'map') {
            $spec['properties'] = [];
            if (!$this->rng->chance(0.25)) {
                $n = $this->rng->int(1, 3);
                for ($i = 0; $i < $n; $i++) {
                    $spec['properties'][$this->rng->pick(['a', 'b', 'name', 'value', 'tags', 'x_1', 'ünï'])] = $this->spec($family, $depth + 1);
                }
            }
        }
        $constraints = [];
        $n = $this->rng->weighted([0 => 4, 1 => 6, 2 => 3, 3 => 1]);
        for ($i = 0; $i < $n; $i++) {
            $foreign = $this->rng->chance(0.07);
            [$id, $options] = $this->constraint($foreign ? $this->rng->pick(array_keys(self::TYPES)) : $type, $spec);
            if ($id !== null && !isset($constraints[$id])) {
                $constraints[$id] = $options;
            }
        }
        if ($constraints !== []) {
            $spec['constraints'] = $constraints;
        }
        if ($family === 'input' && $this->rng->chance(0.08)) {
            $default = $this->defaultFor($type);
            if ($default !== null) {
                $spec['default'] = $default;
            }
        }
        return $spec;
    }

    /**
     * A constraint of Drupal 11 that 10.6 does not have, for a value of $type.
     *
     * @return array{0: string, 1: mixed}
     */
    private function drupal11Constraint(string $type): array
    {
        $r = $this->rng;
        $numeric = \in_array($type, [...self::INT_TYPES, 'float', 'decimal'], true);
        $container = \in_array($type, ['list', 'map', 'any'], true);
        if (\in_array($type, self::STRING_TYPES, true)) {
            $nested = [
                [['Length' => ['max' => 2]], ['Regex' => ['pattern' => '/^\d+$/']]],
                [['Choice' => ['choices' => ['a', 'b']]], ['Length' => ['min' => 4]]],
                [['Length' => ['min' => 1]], ['Regex' => ['pattern' => '/^[a-z]+$/']]],
                [['Regex' => ['pattern' => '/^x/']], ['Regex' => ['pattern' => '/y$/']]],
            ];
            $kind = $r->weighted(['AtLeastOneOf' => 3, 'Sequentially' => 3, 'Optional' => 1, 'Required' => 1, 'UriHost' => 2, 'Serialized' => 1, 'Length' => 3]);
        } elseif ($numeric) {
            $nested = [
                [['Range' => ['max' => 0]], ['Range' => ['min' => 10]]],
                [['Range' => ['min' => 1]], ['Range' => ['max' => 5]]],
                [['PositiveOrZero' => []], ['IdenticalTo' => ['value' => -1]]],
                [['Choice' => ['choices' => [1, 2, 3]]], ['Range' => ['min' => 2]]],
            ];
            $kind = $r->weighted(['AtLeastOneOf' => 3, 'Sequentially' => 3, 'Optional' => 1, 'Required' => 1]);
        } elseif ($container) {
            $nested = [
                [['Count' => ['max' => 1]], ['Count' => ['min' => 3]]],
                [['Count' => ['min' => 1]], ['Count' => ['max' => 2]]],
            ];
            $kind = $r->weighted(['Count' => 3, 'AtLeastOneOf' => 1, 'Sequentially' => 1]);
        } else {
            $nested = [[['IdenticalTo' => ['value' => true]]], [['NotNull' => []], ['IdenticalTo' => ['value' => false]]]];
            $kind = $r->weighted(['AtLeastOneOf' => 1, 'Sequentially' => 1, 'Required' => 1]);
        }
        return match ($kind) {
            'Length' => ['Length', ['exactly' => $r->int(0, 4)]],
            'Count' => ['Count', ['exactly' => $r->int(0, 3)]],
            'UriHost', 'Serialized' => [$kind, []],
            default => [$kind, ['constraints' => $r->pick($nested)]],
        };
    }

    private function defaultFor(string $type): mixed
    {
        return match (true) {
            \in_array($type, self::INT_TYPES, true) => $this->rng->pick([0, 5, 1700000000]),
            $type === 'float' => $this->rng->pick([0.0, 1.5]),
            $type === 'boolean' => $this->rng->pick([true, false]),
            $type === 'list' => $this->rng->pick([[], ['a']]),
            $type === 'map' => null,
            default => $this->rng->pick(['', 'x', 'default']),
        };
    }

    /**
     * One constraint for a value of $type (the spec's own type, or another
     * one for a constraint that does not fit).
     *
     * @return array{0: ?string, 1: mixed}
     */
    private function constraint(string $type, array $spec): array
    {
        $r = $this->rng;
        if ($this->drupal11 && $r->chance(0.15)) {
            return $this->drupal11Constraint($type);
        }
        if (\in_array($type, self::STRING_TYPES, true)) {
            $kind = $r->weighted([
                'Length' => 8, 'Regex' => 8, 'Choice' => 7, 'AllowedValues' => 4, 'NotBlank' => 5, 'NotNull' => 2,
                'Blank' => 1, 'Null' => 1, 'Email' => 3, 'Uuid' => 3, 'CountryCode' => 2, 'PluginExists' => 3,
                'EntityBundleExists' => 2, 'Url' => 3, 'Ip' => 3, 'DateTime' => 3, 'Date' => 2, 'IdenticalTo' => 1,
            ]);
        } elseif (\in_array($type, [...self::INT_TYPES, 'float', 'decimal'], true)) {
            $kind = $r->weighted([
                'Range' => 8, 'Choice' => 5, 'NotBlank' => 3, 'NotNull' => 1, 'Blank' => 1, 'GreaterThan' => 3,
                'GreaterThanOrEqual' => 3, 'LessThan' => 3, 'LessThanOrEqual' => 3, 'Positive' => 2,
                'PositiveOrZero' => 2, 'Negative' => 1, 'NegativeOrZero' => 1, 'IdenticalTo' => 2, 'AllowedValues' => 1,
            ]);
        } elseif ($type === 'boolean') {
            $kind = $r->weighted(['NotBlank' => 4, 'NotNull' => 2, 'Choice' => 2, 'IdenticalTo' => 1, 'Blank' => 1]);
        } elseif ($type === 'any') {
            $kind = $r->weighted(['NotBlank' => 4, 'NotNull' => 2, 'Choice' => 2, 'Blank' => 1, 'Count' => 1]);
        } elseif ($type === 'list') {
            $kind = $r->weighted(['Count' => 6, 'NotBlank' => 4, 'NotNull' => 2, 'ChoiceMultiple' => 4]);
        } else {
            $kind = $r->weighted(['NotBlank' => 4, 'NotNull' => 2, 'Count' => 2]);
        }
        $numeric = \in_array($type, [...self::INT_TYPES, 'float', 'decimal'], true);
        switch ($kind) {
            case 'Length':
                $min = $r->int(0, 4);
                return ['Length', $r->pick([['min' => $min], ['max' => $r->int(0, 6)], ['min' => $min, 'max' => $min + $r->int(0, 4)], ['min' => 1]])];
            case 'Count':
                $min = $r->int(0, 3);
                return ['Count', $r->pick([['min' => $min], ['max' => $r->int(0, 3)], ['min' => $min, 'max' => $min + $r->int(0, 2)], ['min' => 1]])];
            case 'Range':
                $int = $type !== 'float' || $r->chance(0.5);
                $lo = $int ? $r->int(-10, 10) : $r->int(-20, 20) / 2;
                $hi = $lo + ($int ? $r->int(0, 20) : $r->int(0, 40) / 4);
                return ['Range', $r->pick([['min' => $lo], ['max' => $hi], ['min' => $lo, 'max' => $hi]])];
            case 'Regex':
                $pattern = $r->pick(array_keys(self::PATTERNS));
                return ['Regex', $r->pick([$pattern, ['pattern' => $pattern], ['pattern' => $pattern, 'match' => false]])];
            case 'Choice':
            case 'AllowedValues':
                $choices = $r->pick($numeric ? ($type === 'float' ? self::FLOAT_CHOICES : self::INT_CHOICES)
                    : ($type === 'boolean' ? [[true], [false], [true, false]]
                    : ($type === 'any' ? [['a', 1, true], [0, '0'], ['x']] : self::STRING_CHOICES)));
                if ($r->chance(0.04)) {
                    $choices = [];
                }
                if ($kind === 'AllowedValues') {
                    $form = $r->weighted(['choices' => 5, 'list' => 2, 'callback' => 2, 'empty' => 1]);
                    return ['AllowedValues', match ($form) {
                        'choices' => ['choices' => $choices],
                        'list' => $choices,
                        'callback' => ['callback' => static fn (): array => $choices],
                        default => [],
                    }];
                }
                $form = $r->weighted(['list' => 4, 'choices' => 4, 'match' => 2, 'multiple' => 1]);
                return ['Choice', match ($form) {
                    'list' => $choices,
                    'choices' => ['choices' => $choices],
                    'match' => ['choices' => $choices, 'match' => false],
                    default => ['choices' => $choices, 'multiple' => true],
                }];
            case 'ChoiceMultiple':
                $item = $spec['items']['type'] ?? 'string';
                $choices = $r->pick(\in_array($item, self::INT_TYPES, true) ? self::INT_CHOICES
                    : ($item === 'float' ? self::FLOAT_CHOICES : self::STRING_CHOICES));
                $options = ['choices' => $choices, 'multiple' => true];
                if ($r->chance(0.4)) {
                    $options['min'] = $r->int(0, 2);
                }
                if ($r->chance(0.4)) {
                    $options['max'] = $r->int(1, 3);
                }
                if ($r->chance(0.15)) {
                    $options['match'] = false;
                }
                return [$r->chance(0.8) ? 'Choice' : 'AllowedValues', $options];
            case 'NotBlank':
                return ['NotBlank', $r->weighted([0 => 6, 1 => 2, 2 => 1, 3 => 1]) === 0 ? [] : $r->pick([null, ['allowNull' => true], ['normalizer' => 'trim']])];
            case 'NotNull':
            case 'Blank':
            case 'Null':
            case 'Email':
            case 'Uuid':
            case 'CountryCode':
            case 'Positive':
            case 'PositiveOrZero':
            case 'Negative':
            case 'NegativeOrZero':
            case 'Date':
                return [$kind, $r->chance(0.8) ? [] : null];
            case 'PluginExists':
                return ['PluginExists', $r->pick([
                    ['manager' => 'entity_type.manager'],
                    ['manager' => 'entity_type.manager', 'interface' => 'Drupal\Core\Entity\ContentEntityInterface'],
                    ['manager' => 'entity_type.manager', 'interface' => 'Drupal\Core\Config\Entity\ConfigEntityInterface'],
                    ['manager' => 'plugin.manager.field.field_type_category'],
                    ['manager' => 'plugin.manager.field.field_type_category', 'allowFallback' => true],
                    ['manager' => 'plugin.manager.field.field_type'],
                    ['manager' => 'plugin.manager.tool'],
                ])];
            case 'EntityBundleExists':
                return ['EntityBundleExists', $r->pick(['user', ['entityTypeId' => 'user'], 'user_role'])];
            case 'Url':
                return ['Url', $r->pick([[], [], ['protocols' => ['http', 'https', 'ftp']], ['relativeProtocol' => true]])];
            case 'Ip':
                return ['Ip', $r->pick([[], ['version' => '4'], ['version' => '6'], ['version' => 'all'], ['version' => '4_no_priv'], ['version' => 'all_public']])];
            case 'DateTime':
                return ['DateTime', $r->pick([[], [], ['format' => 'Y-m-d'], ['format' => 'H:i'], ['format' => \DateTimeInterface::ATOM]])];
            case 'GreaterThan':
            case 'GreaterThanOrEqual':
            case 'LessThan':
            case 'LessThanOrEqual':
                $v = $type === 'float' && $r->chance(0.5) ? $r->int(-10, 10) / 2 : $r->int(-5, 10);
                return [$kind, $r->chance(0.5) ? $v : ['value' => $v]];
            case 'IdenticalTo':
                $v = $numeric ? $r->pick([5, 5.0, 0]) : ($type === 'boolean' ? true : $r->pick(['a', '5']));
                return ['IdenticalTo', $r->chance(0.5) ? $v : ['value' => $v]];
        }
        return [null, null];
    }
}
