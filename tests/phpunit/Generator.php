<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use Random\Engine\Mt19937;
use Random\Randomizer;

/**
 * A seeded generator of random definitions, options and values, for the parity
 * tests: mostly well-formed, with a few malformed parts (wrong kinds, invalid
 * UTF-8, NaN, objects, deep nesting) so that error paths are compared too.
 */
final class Generator
{
    private const TYPES = [
        'string', 'text', 'integer', 'float', 'decimal', 'boolean', 'email', 'uri',
        'timestamp', 'datetime_iso8601', 'duration_iso8601', 'any', 'list', 'map',
        'entity:node', 'list', 'map', 'string', 'integer', 'timespan', 'filter_format',
        'entity', 'field_item:link', 'entity:user:editor',
    ];

    private Randomizer $r;

    public function __construct(int $seed)
    {
        $this->r = new Randomizer(new Mt19937($seed));
    }

    private function chance(int $percent): bool
    {
        return $this->r->getInt(1, 100) <= $percent;
    }

    /** @template T @param list<T> $list @return T */
    private function pick(array $list): mixed
    {
        return $list[$this->r->getInt(0, \count($list) - 1)];
    }

    public function text(): string
    {
        return $this->pick([
            '', '', 'Title', 'The title.', 'Price', 'How many items?', 'Élément', 'a:b',
            'Ends with bang!', "two\nlines", '数量', 'x',
        ]) . ($this->chance(2) ? "\xff" : '');
    }

    /** @return array<string, mixed> */
    public function options(): array
    {
        $o = [];
        if ($this->chance(70)) {
            $o['nullable'] = $this->pick(['type_array', 'one_of', 'any_of']);
        }
        if ($this->chance(40)) {
            $o['title'] = $this->pick(['merged', 'split']);
        }
        if ($this->chance(25)) {
            $o['derived_enum_limit'] = $this->pick([0, 1, 2, 3, 50]);
        }
        if ($this->chance(2)) {
            $o[$this->pick(['nullable', 'title', 'derived_enum_limit', 'bogus', 0])] = $this->pick(['x', -1, null, true, []]);
        }
        if ($this->chance(70)) {
            $o['profile'] = $this->pick(['mcp', 'openai', 'anthropic', 'gemini', 'gemini', 'openai', 'anthropic']);
        }
        if ($this->chance(1)) {
            $o['profile'] = $this->pick(['claude', '', 1, null, ['openai']]);
        }
        return $o;
    }

    public function scalar(): mixed
    {
        return $this->pick([
            null, true, false, 0, 1, -7, 42, 1.5, -0.25, 0.0, 5.0, '', 'a', 'B', 'article', 'Article',
            ' page ', '5', '5.0', 'true', 'x y', PHP_INT_MAX, PHP_INT_MIN, 1e20,
        ]);
    }

    public function weird(): mixed
    {
        return $this->pick([NAN, INF, new \stdClass(), "\xc3\x28", ['nested' => ["\xff"]], -INF]);
    }

    /** @return list<mixed> */
    private function choices(int $max): array
    {
        $n = $this->r->getInt(0, $max);
        $out = [];
        for ($i = 0; $i < $n; $i++) {
            $out[] = $this->chance(97) ? $this->scalar() : $this->weird();
        }
        return $out;
    }

    private function number(): mixed
    {
        if ($this->chance(3)) {
            return $this->pick(['5', null, NAN, [], true]);
        }
        return $this->pick([0, 1, -5, 10, 100, 2.5, -0.5, 1e3, PHP_INT_MAX]);
    }

    private function count(): mixed
    {
        if ($this->chance(3)) {
            return $this->pick([-1, '3', 1.5, true]);
        }
        return $this->pick([0, 1, 2, 5, 255, null]);
    }

    private function regex(): string
    {
        return $this->pick([
            '/^[a-z0-9_]+$/', '/^[a-z]+$/i', '#^\d{3}$#', '{^x$}u', '/^\p{Lu}/u', '/a(?=b)/',
            '/^(?>a+)b$/', '/^.$/s', '/^[[:alpha:]]+$/', '/foo$/D', '/^\s*$/', '/(a)\1/', '/unclosed',
            '~^[A-Z]{2}\d{2}$~', '/^#[0-9a-f]{6}$/i', '/x/e', '', '/^\w+@\w+\.\w+$/',
        ]);
    }

    /** @return array<string, mixed> */
    private function constraints(): array
    {
        $c = [];
        $n = $this->r->getInt(0, 4);
        for ($i = 0; $i < $n; $i++) {
            $name = $this->pick([
                'Length', 'Count', 'Range', 'GreaterThan', 'GreaterThanOrEqual', 'LessThan',
                'LessThanOrEqual', 'Positive', 'PositiveOrZero', 'Negative', 'NegativeOrZero',
                'Choice', 'AllowedValues', 'PluginExists', 'EntityBundleExists', 'FixedValue',
                'IdenticalTo', 'NotBlank', 'Email', 'Url', 'Uuid', 'Ip', 'Date', 'DateOnly',
                'DateTime', 'Regex', 'ComplexData', 'PrimitiveType', 'NotNull', 'Null', 'Blank',
                'CountryCode', 'ExtensionName', 'FieldExists', 'ValidPath',
            ]);
            $c[$name] = match ($name) {
                'Length', 'Count' => $this->pick([
                    $this->count(), ['min' => $this->count()], ['max' => $this->count()],
                    ['min' => $this->count(), 'max' => $this->count()], ['exactly' => $this->count()], 'x',
                ]),
                'Range' => $this->pick([
                    ['min' => $this->number()], ['max' => $this->number()],
                    ['min' => $this->number(), 'max' => $this->number()], 5,
                ]),
                'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual' => $this->pick([
                    $this->number(), ['value' => $this->number()], ['propertyPath' => 'other'],
                ]),
                'Choice', 'AllowedValues' => $this->pick([
                    $this->choices(5), ['choices' => $this->choices(5)], ['choices' => $this->choices(3), 'multiple' => true],
                    ['callback' => 'x'], ['strict' => true], 'a', [], ['choices' => []],
                    ['choices' => $this->choices(3), 'match' => false],
                    ['choices' => $this->choices(3), 'match' => $this->pick([true, 'no', null])],
                    ['choices' => $this->choices(4), 'multiple' => $this->pick([true, false, 1]), 'min' => $this->count(), 'max' => $this->count()],
                    ['choices' => [], 'multiple' => true],
                ]),
                'PluginExists', 'EntityBundleExists', 'CountryCode' => $this->pick([
                    ['choices' => []],
                    ['choices' => $this->choices(6)], ['manager' => 'plugin.manager.x'], 'x',
                ]),
                'FixedValue', 'IdenticalTo' => $this->pick([
                    $this->scalar(), ['value' => $this->scalar()], ['propertyPath' => 'x'], [1, 2],
                ]),
                'Ip' => $this->pick([[], ['version' => '6'], ['version' => 4], ['version' => 'all'],
                    ['version' => '4_no_priv'], ['version' => 'all_public'], ['version' => 5], ['version' => 'x']]),
                'DateTime' => $this->pick([[], ['format' => 'Y-m-d'], ['format' => 'Y-m-d H:i:s'], ['format' => 5]]),
                'Uuid' => $this->pick([[], ['versions' => [4]], ['versions' => '7'], ['versions' => [1, 9]],
                    ['versions' => []], ['versions' => 4.0], ['strict' => false]]),
                'Url' => $this->pick([[], ['protocols' => ['ftp', 'x.y']], ['protocols' => ['git+ssh']],
                    ['protocols' => []], ['protocols' => 'http'], ['protocols' => ['1x']],
                    ['relativeProtocol' => true], ['relativeProtocol' => 'y'],
                    ['protocols' => ['git+ssh'], 'relativeProtocol' => true]]),
                'Regex' => $this->pick([
                    $this->regex(), ['pattern' => $this->regex()], ['pattern' => $this->regex(), 'match' => false],
                    ['match' => true], 5, ['pattern' => 5],
                ]),
                default => $this->pick([[], null, ['message' => 'x']]),
            };
        }
        return $c;
    }

    /** @return array<mixed> */
    public function definition(int $depth = 0): array
    {
        $d = [];
        if (!$this->chance(1)) {
            $d['type'] = $depth > 3 ? $this->pick(['string', 'integer', 'boolean']) : $this->pick(self::TYPES);
        }
        if ($this->chance(1)) {
            $d['type'] = $this->pick([5, '', null, "\xff"]);
        }
        if ($this->chance(60)) {
            $d['label'] = $this->chance(98) ? $this->text() : 5;
        }
        if ($this->chance(40)) {
            $d['description'] = $this->chance(98) ? $this->text() : [];
        }
        if ($this->chance(50)) {
            $d['required'] = $this->chance(98) ? $this->pick([true, false, false]) : 'no';
        }
        if ($this->chance(20)) {
            $d['default'] = $this->chance(95) ? $this->scalar() : $this->weird();
        }
        if ($this->chance(15)) {
            $d['examples'] = $this->chance(95) ? $this->choices(3) : ['a' => 1];
        }
        if ($this->chance(60)) {
            $d['constraints'] = $this->chance(99) ? $this->constraints() : 'Length';
        }
        $type = $d['type'] ?? null;
        if ($type === 'list' && $this->chance(85)) {
            $d['items'] = $this->chance(98) ? $this->definition($depth + 1) : 'string';
        }
        if ($type === 'map' && $this->chance(90)) {
            $props = [];
            $n = $this->r->getInt(0, 4);
            for ($i = 0; $i < $n; $i++) {
                $key = $this->chance(95) ? $this->pick(['title', 'body', 'tags', 'count', 'when', 'ok', 'nested', 'é']) . $i : $this->pick([7, '', "\xff"]);
                $props[$key] = $this->chance(98) ? $this->definition($depth + 1) : 'x';
            }
            $d['properties'] = $props;
        }
        if ($type === 'entity:node' && $this->chance(60)) {
            $d['base_schema'] = $this->pick([
                ['type' => 'integer', 'minimum' => 1, 'title' => 'dropped'],
                ['type' => ['string', 'integer'], 'enum' => [1, 'a']],
                ['type' => 'string', 'const' => 'x'],
                ['type' => 'string', 'not' => ['pattern' => '^a']],
                ['minimum' => 1], ['type' => 'null'], ['type' => []], 'x',
                // Shapes the profiles rewrite or drop.
                ['type' => 'object', 'properties' => ['a' => ['type' => 'string'], '0' => ['type' => 'integer']],
                    'required' => ['a'], 'additionalProperties' => false, 'patternProperties' => ['^x' => ['type' => 'integer']]],
                ['type' => 'string', 'oneOf' => [['minLength' => 2], ['maxLength' => 0]], '$comment' => 'x'],
                ['type' => 'array', 'items' => true, 'minItems' => 2, 'maxItems' => 40],
                ['type' => ['integer', 'number', 'string'], 'exclusiveMinimum' => 1.5, 'allOf' => [['multipleOf' => 2], ['maximum' => 1e17]]],
                ['type' => 'object'], ['type' => 'object', 'additionalProperties' => ['type' => 'string', 'format' => 'email']],
                ['type' => ['string', 'boolean'], 'enum' => ['a', true, false, [1], ['k' => 'v'], 9007199254740993]],
                ['type' => 'integer', 'anyOf' => [['minimum' => 5], ['const' => 0]], 'examples' => [0, 5]],
            ]);
        }
        if ($this->chance(1) && $depth === 0) {
            $deep = ['type' => 'string'];
            for ($i = 0; $i < 70; $i++) {
                $deep = ['type' => 'list', 'items' => $deep];
            }
            $d = $deep;
        }
        return $d;
    }

    /** A value for `$def`: valid, repairable, near misses and junk. */
    public function value(array $def, int $depth = 0): mixed
    {
        $type = $def['type'] ?? 'string';
        if ($this->chance(15)) {
            return $this->pick([
                null, '', ' ', '5', '5.0', ' 5', '5 ', '-0', '007', '1e3', '0x1A', '1_000', '1,000', '+5',
                'true', 'True', 'TRUE', 'false', 'yes', '1', '0', 'on', 0, 1, 2, 5.0, 5.5, -0.0, 1e19,
                NAN, INF, PHP_INT_MAX, '9223372036854775808', '[1,2]', ' {"a":1} ', '[1,2', '{"a":',
                '[]', '{}', '"x"', '2024-01-15', '2024-01-15T10:30:00Z', '2024-01-15 10:30:00',
                '2024-01-15T10:30:00', '2024-02-30', 'tomorrow', '01/02/2024', '20240115', '1705314600',
                'Article', 'ARTICLE', ' page ', "\xff", [], [1], ['a' => 1], new \stdClass(), true, false,
                // Issue 27: fenced JSON, separated strings, the null word, entity IDs.
                "```json\n[\"5\", \"x\"]\n```", '```[1,2]```', '```json {"a":"1"}```', "```JSON\n{}\n```",
                "```json\n[1,\n```", 'see ```[1]```', "```js\n[1]\n```", '```5```', 'editor,author', 'a; b',
                'null', ' NULL ', 7, -3,
            ]);
        }
        if ($type === 'list') {
            $n = $this->r->getInt(0, 3);
            $out = [];
            for ($i = 0; $i < $n; $i++) {
                $out[] = \is_array($def['items'] ?? null) && $depth < 6 ? $this->value($def['items'], $depth + 1) : $this->scalar();
            }
            return $this->chance(10) ? json_encode($out) : $out;
        }
        if ($type === 'map') {
            $out = [];
            foreach ((\is_array($def['properties'] ?? null) ? $def['properties'] : []) as $k => $p) {
                if ($this->chance(80)) {
                    $out[$k] = \is_array($p) && $depth < 6 ? $this->value($p, $depth + 1) : $this->scalar();
                }
            }
            if ($this->chance(10)) {
                $out['unknown'] = '5';
            }
            return $this->chance(10) ? json_encode($out) : $out;
        }
        $c = $def['constraints']['Choice'] ?? $def['constraints']['AllowedValues'] ?? null;
        if (\is_array($c) && $c !== [] && $this->chance(50)) {
            $list = array_is_list($c) ? $c : ($c['choices'] ?? [null]);
            $v = \is_array($list) && $list !== [] ? $list[$this->pick(array_keys($list))] : null;
            return \is_string($v) && $this->chance(50) ? ' ' . strtoupper($v) . ' ' : $v;
        }
        return $this->scalar();
    }
}
