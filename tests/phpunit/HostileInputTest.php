<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\TestCase;

enum HostileSuit: string
{
    case Hearts = 'hearts';
}

/**
 * Hostile inputs, through every implementation available (pure PHP always,
 * native when loaded), which must agree: references shared between the
 * arguments (and with `$warnings`), objects of many kinds, open and closed
 * resources, cycles, constant arrays (immutable under opcache: run with
 * opcache.enable_cli=1, as scripts/test.sh does), and a seeded random mix of
 * them. Also: `$warnings` assigned once, at the end (the assignment's own
 * error wins), and no PHP reference in a returned schema.
 */
final class HostileInputTest extends TestCase
{
    private const LIST_OF_INTS = ['type' => 'list', 'items' => ['type' => 'integer']];
    private const MAP = ['type' => 'map', 'properties' => ['n' => ['type' => 'integer'], 'tags' => self::LIST_OF_INTS, 'when' => ['type' => 'datetime_iso8601', 'required' => false]]];

    /** @return array<string, string> outcome per implementation */
    private static function normalizeAll(array $def, array $opts = []): array
    {
        $out = [];
        foreach (Implementations::normalizers() as $impl => $f) {
            $out[$impl] = Implementations::normalizeOutcome($f, $def, $opts);
        }
        return $out;
    }

    /** @return array<string, string> outcome per implementation */
    private static function coerceAll(mixed $value, array $def, array $opts = []): array
    {
        $out = [];
        foreach (Implementations::coercers() as $impl => $f) {
            $out[$impl] = Implementations::coerceOutcome($f, $value, $def, $opts);
        }
        return $out;
    }

    /** @param array<string, string> $outcomes */
    private static function assertAgree(array $outcomes, string $what = ''): string
    {
        $first = reset($outcomes);
        foreach ($outcomes as $impl => $outcome) {
            self::assertSame($first, $outcome, "$impl differs: $what");
        }
        return (string) $first;
    }

    /** The objects a caller might hand over. @return array<string, object> */
    private static function objects(): array
    {
        $gen = (static function () {
            yield 1;
        })();
        $storage = new \SplObjectStorage();
        $storage->attach(new \stdClass());
        $weak = new \WeakMap();
        $o = new \stdClass();
        $weak[$o] = 1;
        return [
            'stdClass' => (object) ['type' => 'string', 'n' => '5'],
            'ArrayObject' => new \ArrayObject(['type' => 'string', 'n' => '5']),
            'ArrayIterator' => new \ArrayIterator([1, '2']),
            'Closure' => static fn () => 1,
            'DateTime' => new \DateTime('2024-01-15 10:30:00'),
            'DateTimeImmutable' => new \DateTimeImmutable('2024-01-15T10:30:00Z'),
            'Generator' => $gen,
            'SplFixedArray' => \SplFixedArray::fromArray([1, '2']),
            'SplObjectStorage' => $storage,
            'WeakMap' => $weak,
            'WeakReference' => \WeakReference::create($o),
            'enum' => HostileSuit::Hearts,
            'Exception' => new \RuntimeException('x'),
            'Stringable' => new class () {
                public function __toString(): string
                {
                    return '5';
                }
            },
            'JsonSerializable' => new class () implements \JsonSerializable {
                public function jsonSerialize(): mixed
                {
                    return ['type' => 'string'];
                }
            },
        ];
    }

    public function testADefinitionHoldingTheWarningsVariableIsReadBeforeTheyAreAssigned(): void
    {
        foreach (Implementations::normalizers() as $impl => $f) {
            $w = ['type' => 'integer'];
            $def = ['type' => 'map', 'properties' => ['a' => &$w]];
            $schema = $f($def, [], $w);
            self::assertSame('integer', $schema['properties']['a']['type'], "$impl: the definition as it was when the call began");
            self::assertSame([], $w, "$impl: then the warnings");
            unset($w);

            $w = ['type' => 'integer'];
            $def = ['type' => 'map', 'properties' => ['a' => &$w, 'b' => ['type' => 5]]];
            try {
                $f($def, [], $w);
                self::fail("$impl: expected a ValueError");
            } catch (\ValueError $e) {
                self::assertSame('properties.b.type: must be a string', $e->getMessage(), $impl);
                self::assertSame([], $w, "$impl: [] when a ValueError is thrown");
            }
            unset($w);

            $w = null;
            $def = ['type' => 'string', 'default' => &$w, 'examples' => [&$w]];
            $schema = $f($def, [], $w);
            self::assertSame(['type' => 'string', 'examples' => [null]], $schema, $impl);
            unset($w);
        }
    }

    public function testWhenAssigningTheWarningsFailsThatErrorWins(): void
    {
        $outcomes = [];
        foreach (Implementations::normalizers() as $impl => $f) {
            $holder = new class () {
                public ?int $w = null;
            };
            foreach (['valid' => ['type' => 'string'], 'invalid' => ['type' => 5]] as $case => $def) {
                try {
                    $f($def, [], $holder->w);
                    $outcomes[$case][$impl] = 'returned';
                } catch (\Throwable $e) {
                    // The anonymous class's name holds the file and line.
                    $outcomes[$case][$impl] = \get_class($e) . ': ' . preg_replace('/class@anonymous[^:]*/', 'class@anonymous', $e->getMessage());
                }
                self::assertNull($holder->w, $impl);
            }
        }
        self::assertStringStartsWith('TypeError: Cannot assign array to reference held by property class@anonymous::$w of type ?int', self::assertAgree($outcomes['valid']));
        self::assertStringStartsWith('TypeError: Cannot assign array to reference held by property class@anonymous::$w of type ?int', self::assertAgree($outcomes['invalid']));
    }

    /** True when $a holds a PHP reference anywhere. */
    private static function hasReference(array $a, int $depth = 0): bool
    {
        foreach ($a as $k => $v) {
            if (\ReflectionReference::fromArrayElement($a, $k) !== null) {
                return true;
            }
            if (\is_array($v) && $depth < 70 && self::hasReference($v, $depth + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Writes to every array of $schema (depth first). */
    private static function scribble(array &$schema): void
    {
        foreach ($schema as $k => &$v) {
            if (\is_array($v)) {
                self::scribble($v);
            } else {
                $v = 'scribbled';
            }
        }
        $schema['scribbled'] = true;
    }

    public function testNoReferenceInAReturnedSchema(): void
    {
        foreach (Implementations::normalizers() as $impl => $f) {
            foreach (['type_array', 'one_of'] as $nullable) {
                $s = 'x';
                $n = 5;
                $list = ['a', 'b'];
                $t = 'integer';
                $def = ['type' => 'map', 'properties' => [
                    'd' => ['type' => 'string', 'required' => false, 'default' => 'x', 'examples' => [&$s, ['deep' => &$s]]],
                    'e' => ['type' => 'string', 'required' => false, 'constraints' => ['Choice' => [&$s, 'y']]],
                    'f' => ['type' => 'string', 'constraints' => ['Choice' => ['choices' => &$list]]],
                    'g' => ['type' => 'integer', 'required' => false, 'constraints' => ['FixedValue' => ['value' => &$n]]],
                    'h' => ['type' => 'entity:node', 'required' => false, 'base_schema' => ['type' => ['string', &$t], 'enum' => [&$s, 5]]],
                    'i' => ['type' => 'map', 'default' => ['k' => [&$n]], 'properties' => ['k' => ['type' => 'any', 'required' => false]]],
                ]];
                $schema = $f($def, ['nullable' => $nullable], $w);
                self::assertFalse(self::hasReference($schema), "$impl, $nullable: " . json_encode($schema));
                self::scribble($schema);
                self::assertSame(['x', 5, ['a', 'b'], 'integer'], [$s, $n, $list, $t], "$impl, $nullable: the caller's variables are untouched");
            }
        }
    }

    public function testResourcesOpenOrClosedStayAsTheyAre(): void
    {
        $open = fopen('php://memory', 'r');
        $closed = fopen('php://memory', 'r');
        fclose($closed);
        foreach (['open' => $open, 'closed' => $closed] as $name => $r) {
            foreach ([['type' => 'list'], self::LIST_OF_INTS, ['type' => 'integer'], ['type' => 'string', 'required' => false, 'constraints' => ['Choice' => ['a']]]] as $def) {
                foreach (Implementations::coercers() as $impl => $f) {
                    self::assertSame($r, $f($r, $def, []), "$impl: $name resource, " . json_encode($def));
                }
            }
            self::assertSame("[0=>'5',1=>resource]", str_replace(var_export($r, true), 'resource', self::assertAgree(self::coerceAll(['5', $r], ['type' => 'list', 'items' => ['type' => 'string']]))));
            self::assertSame('[0=>5,1=>' . var_export($r, true) . ']', self::assertAgree(self::coerceAll(['5', $r], self::LIST_OF_INTS)), $name);
            self::assertStringStartsWith('ValueError: default: must not be an object or resource', self::assertAgree(self::normalizeAll(['type' => 'any', 'default' => $r])), $name);
            self::assertStringStartsWith('ValueError: type: must be a string', self::assertAgree(self::normalizeAll(['type' => $r])), $name);
        }
        fclose($open);
    }

    public function testObjectsEverywhere(): void
    {
        foreach (self::objects() as $name => $o) {
            // As a value, inside a value, as a property or items definition,
            // as a constraint's options, as a default and as an option.
            self::assertAgree(self::coerceAll($o, self::MAP), $name);
            self::assertAgree(self::coerceAll(['n' => '5', 'tags' => [$o, '1'], 'x' => $o], self::MAP), $name);
            self::assertAgree(self::coerceAll([$o, '5'], self::LIST_OF_INTS), $name);
            self::assertAgree(self::coerceAll('5', ['type' => 'map', 'properties' => ['a' => $o]]), $name);
            self::assertAgree(self::coerceAll('5', ['type' => 'list', 'items' => $o]), $name);
            self::assertAgree(self::coerceAll('a', ['type' => 'string', 'constraints' => ['Choice' => $o]]), $name);
            self::assertAgree(self::coerceAll('a', ['type' => 'string', 'constraints' => ['Choice' => ['choices' => [$o]]]]), $name);
            self::assertAgree(self::coerceAll('a', ['type' => 'string'], ['o' => $o]), $name);
            self::assertAgree(self::normalizeAll(['type' => 'string', 'default' => $o]), $name);
            self::assertAgree(self::normalizeAll(['type' => 'string', 'constraints' => ['Length' => $o, 'Choice' => [$o]]]), $name);
            self::assertAgree(self::normalizeAll(['type' => 'map', 'properties' => ['a' => $o]]), $name);
            self::assertAgree(self::normalizeAll(['type' => 'string'], ['nullable' => $o]), $name);
            self::assertAgree(self::normalizeAll(['type' => 'entity:x', 'base_schema' => ['type' => 'object', 'properties' => $o]]), $name);
        }
    }

    public function testReferencesSharedBetweenTheArguments(): void
    {
        // The value is (holds a reference to) the definition.
        $def = ['type' => 'list', 'items' => ['type' => 'map', 'properties' => ['type' => ['type' => 'boolean']]]];
        $value = [&$def['items'], ['type' => '1']];
        $before = serialize($def);
        self::assertSame("[0=>['type'=>'map','properties'=>['type'=>['type'=>'boolean']]],1=>['type'=>true]]", self::assertAgree(self::coerceAll($value, $def)));
        self::assertSame($before, serialize($def), 'nothing written through the shared reference');
        // The definition is the value's own variable; options hold a reference into the definition.
        $d = ['type' => 'list', 'items' => ['type' => 'integer']];
        $d['default'] = &$d['items'];
        self::assertAgree(self::coerceAll($d, $d));
        $opts = [];
        $d['options'] = &$opts;
        self::assertAgree(self::coerceAll(['1'], $d, $opts));
        // normalize: the options and the definition share a variable.
        $style = 'one_of';
        $n = ['type' => 'string', 'required' => false, 'label' => &$style];
        self::assertAgree(self::normalizeAll($n, ['nullable' => &$style]));
    }

    public function testCycles(): void
    {
        $value = ['n' => '1'];
        $value['tags'] = &$value;
        $value['self'] = &$value;
        self::assertAgree(self::coerceAll($value, self::MAP));
        $deep = ['type' => 'map', 'properties' => []];
        $deep['properties']['self'] = &$deep;
        $outcome = self::assertAgree(self::coerceAll($value, $deep));
        self::assertStringEndsWith('nesting deeper than 64 levels', $outcome);
        self::assertStringContainsString('nesting deeper than 64 levels', self::assertAgree(self::normalizeAll($deep)));
        $list = ['type' => 'list'];
        $list['items'] = &$list;
        self::assertStringStartsWith('ValueError: items.items.', self::assertAgree(self::coerceAll(['5'], $list)));
        $o = new \stdClass();
        $o->self = $o;
        self::assertAgree(self::coerceAll(['n' => $o, 'tags' => [$o]], self::MAP));
        $base = ['type' => 'object'];
        $base['properties']['p'] = &$base;
        self::assertAgree(self::normalizeAll(['type' => 'entity:x', 'base_schema' => $base]));
    }

    public function testConstantArrays(): void
    {
        // Literals and class constants: immutable arrays under opcache, shared
        // by every request; a result may share them, never write them.
        self::assertSame("['n'=>5,'tags'=>[0=>1,1=>2],'when'=>NULL]", self::assertAgree(self::coerceAll(['n' => '5', 'tags' => ['1', 2.0], 'when' => ''], self::MAP)));
        self::assertSame("['n'=>5,'tags'=>[0=>1]]", self::assertAgree(self::coerceAll(['n' => 5, 'tags' => [1]], self::MAP)));
        self::assertSame(['n' => 5, 'tags' => [1]], ['n' => 5, 'tags' => [1]]);
        self::assertAgree(self::normalizeAll(self::MAP));
        self::assertAgree(self::normalizeAll(['type' => 'string', 'default' => 'x', 'examples' => ['a', 'b'], 'constraints' => ['Choice' => ['a', 'b']]]));
    }

    /**
     * A seeded random mix: random definitions and values with hostile parts
     * spliced in (objects, resources, references, cycles), compared between
     * the implementations (TOOL_SCHEMA_HOSTILE_SEED, TOOL_SCHEMA_HOSTILE_CASES).
     */
    public function testRandomHostileMix(): void
    {
        $seed = (int) (getenv('TOOL_SCHEMA_HOSTILE_SEED') ?: 20261202);
        $cases = (int) (getenv('TOOL_SCHEMA_HOSTILE_CASES') ?: 2000);
        $gen = new Generator($seed);
        mt_srand($seed);
        $objects = array_values(self::objects());
        $closed = fopen('php://memory', 'r');
        fclose($closed);
        $hostile = static function () use ($objects, $closed): mixed {
            switch (mt_rand(0, 4)) {
                case 0:
                    return $objects[mt_rand(0, \count($objects) - 1)];
                case 1:
                    return $closed;
                case 2:
                    $a = ['x' => '1'];
                    $a['self'] = &$a;
                    return $a;
                case 3:
                    return [NAN, INF, -0.0, PHP_INT_MAX, "\xff", "a\0b"];
                default:
                    return str_repeat('[', mt_rand(1, 600)) . str_repeat(']', mt_rand(1, 600));
            }
        };
        $splice = static function (mixed &$target) use (&$splice, $hostile): void {
            if (\is_array($target) && $target !== [] && mt_rand(0, 2) > 0) {
                $keys = array_keys($target);
                $k = $keys[mt_rand(0, \count($keys) - 1)];
                if (mt_rand(0, 3) === 0) {
                    $shared = $hostile();
                    $target[$k] = &$shared;
                } else {
                    $splice($target[$k]);
                }
                return;
            }
            $target = $hostile();
        };
        for ($i = 0; $i < $cases; $i++) {
            $def = $gen->definition();
            $value = $gen->value($def);
            if (mt_rand(0, 1) === 0) {
                $splice($value);
            }
            if ($def !== [] && mt_rand(0, 3) === 0) {
                // Inside the definition (which stays an array).
                $keys = array_keys($def);
                $splice($def[$keys[mt_rand(0, \count($keys) - 1)]]);
            }
            self::assertAgree(self::coerceAll($value, $def), "seed $seed, case $i");
            if ($i % 4 === 0) {
                self::assertAgree(self::normalizeAll($def), "seed $seed, case $i");
            }
        }
    }
}
