<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Model\Schema;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Normalize\Fill;
use ToolSchema\Php\Normalize\ListType;
use ToolSchema\Php\Normalize\Normalizer;
use ToolSchema\Php\Normalize\Options;
use ToolSchema\Php\Path;
use ToolSchema\Php\Normalize\Profile\Mcp;
use ToolSchema\Php\Normalize\Profile\Profile;
use ToolSchema\Php\Normalize\Profile\Provider;
use ToolSchema\Php\Normalize\Profile\Reader;
use ToolSchema\Php\Normalize\Profile\Text;

/**
 * The `profile` option beyond the fixtures: the JSON text both
 * implementations write into descriptions, the CLI's option, the providers
 * named once, the count keywords' table, the model of a node and of a list's
 * choice items
 * (the Drupal module's profile per consumer:
 * tests/drupal/phpunit/ProfileOptionsTest.php).
 */
final class ProfileTest extends TestCase
{
    /** JSON text as json_encode writes it (serialize_precision -1), whatever the ini says. */
    public function testTextIsJsonEncodeWithoutTheIni(): void
    {
        $old = ini_get('serialize_precision');
        $values = [0.1, 1.5, -0.0, 1e25, 1.0e-5, 0.0001, 1e17, 1e16, 123456.789, 1 / 3, PHP_INT_MAX, -7,
            'a"b\\c/d', "\u{2028}\x01\n", 'é', [1, [2]], ['k' => null, 'z' => true], [], [0 => 'a', 2 => 'b']];
        $flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
        try {
            ini_set('serialize_precision', '-1');
            $want = array_map(static fn ($v) => json_encode($v, $flags), $values);
            ini_set('serialize_precision', '17');
            self::assertSame($want, array_map([Text::class, 'json'], $values));
        } finally {
            ini_set('serialize_precision', (string) $old);
        }
    }

    public function testTheCliTakesAProfile(): void
    {
        $def = tempnam(sys_get_temp_dir(), 'ts');
        file_put_contents($def, '{"type": "map", "properties": {"n": {"type": "integer", "required": false}}}');
        try {
            $cli = \dirname(__DIR__, 2) . '/bin/tool-schema';
            exec(PHP_BINARY . ' ' . escapeshellarg($cli) . ' normalize -q --profile=openai ' . escapeshellarg($def) . ' 2>&1', $out, $rc);
            self::assertSame(0, $rc, implode("\n", $out));
            $schema = json_decode(implode("\n", $out), true);
            self::assertSame(['n'], $schema['required']);
            self::assertSame(['type' => 'null'], $schema['properties']['n']['anyOf'][1]);
            exec(PHP_BINARY . ' ' . escapeshellarg($cli) . ' normalize --profile=claude ' . escapeshellarg($def) . ' 2>&1', $out2, $rc);
            self::assertSame(2, $rc);
        } finally {
            unlink($def);
        }
    }

    /** Each case names its provider's class (the class named as the case). */
    public function testEachProfileNamesItsProvider(): void
    {
        foreach (Profile::cases() as $profile) {
            $class = $profile->provider();
            self::assertTrue(class_exists($class), $class);
            self::assertSame($profile->name, substr($class, strrpos($class, '\\') + 1));
            self::assertTrue($class === Mcp::class || is_subclass_of($class, Provider::class), $class);
            self::assertSame($class, $profile->provider());
            self::assertSame($class::LABEL, $profile->label());
        }
        self::assertSame(Mcp::class, Profile::Mcp->provider());
    }

    /** The count keywords of a list and a map, the only ones with counts. */
    public function testCountKeywordsInOneTable(): void
    {
        self::assertSame(['minItems', 'maxItems'], Schema::countKeys(Schema::containerBit(Ty::CAT_LIST)));
        self::assertSame(['minProperties', 'maxProperties'], Schema::countKeys(Schema::containerBit(Ty::CAT_MAP)));
        foreach ([Ty::CAT_STR, Ty::CAT_INT, Ty::CAT_NUM, Ty::CAT_BOOL, Ty::CAT_ANY] as $cat) {
            self::assertSame(0, Schema::containerBit($cat));
        }
        foreach ([0, Schema::STRING, Schema::INTEGER, Schema::NUMBER, Schema::BOOLEAN] as $bit) {
            self::assertNull(Schema::countKeys($bit));
        }
        $s = Reader::read(['minItems' => 1, 'maxItems' => 3, 'minProperties' => 2]);
        self::assertSame([1, 3], $s->counts(Schema::ARRAY));
        self::assertSame([2, null], $s->counts(Schema::OBJECT));
        self::assertSame([null, null], $s->counts(Schema::STRING));
    }

    /**
     * The model of a list's choice items (Fill) is what the reader reads from
     * their schema (ListType), several choice lists included (which one
     * definition cannot give: one `Choice` per definition).
     */
    public function testChoiceItemsModelIsTheirSchemaRead(): void
    {
        $pools = [['a', 'b', 'c'], [1, 2, 3], [1.5, 2, 'x'], [true, false], [null, 'a'], [], [0, 1], ['x', 1, null]];
        mt_srand(28);
        for ($i = 0; $i < 2000; $i++) {
            $itemEnums = [];
            for ($j = mt_rand(1, 4); $j > 0; $j--) {
                $list = array_values(array_filter($pools[mt_rand(0, \count($pools) - 1)], static fn () => mt_rand(0, 2) > 0));
                $itemEnums[] = [$list, mt_rand(0, 1) === 1];
            }
            $written = ListType::choiceItems($itemEnums);
            // serialize(): the same types too (an int is not a float here).
            self::assertSame(serialize(Reader::read((array) $written)), serialize(Fill::choiceItems($itemEnums)), json_encode($itemEnums));
        }
    }

    /**
     * The model is what the reader reads from the canonical schema: for every
     * normalize fixture's definition, in every profile that writes from the
     * model, the model the normalizer fills and the canonical schema it
     * writes (the writer all but `mcp` once had), read by the reader, are the
     * same, child by child (src/normalize/fill.rs's test, in PHP).
     */
    public function testTheModelIsTheCanonicalSchemaRead(): void
    {
        $compared = 0;
        foreach (Fixtures::all() as $name => $fixture) {
            $case = $fixture['case'];
            if ($case['function'] !== 'normalize' || !\is_array($case['definition'] ?? null)) {
                continue;
            }
            try {
                $options = Options::read($case['options'] ?? []);
            } catch (\ValueError) {
                continue;
            }
            foreach (Profile::cases() as $profile) {
                if ($profile === Profile::Mcp) {
                    continue;
                }
                $o = clone $options;
                $o->profile = $profile;
                try {
                    $model = self::normalized($case['definition'], $o, true);
                } catch (\ValueError) {
                    continue;
                }
                $written = self::normalized($case['definition'], $o, false);
                self::assertSame(serialize(self::tree($written)), serialize(self::tree($model)), "$name {$profile->value}");
                $compared++;
            }
        }
        self::assertGreaterThan(1000, $compared);
    }

    /** The root the normalizer gives for `$options`, filled (`$fill`) or written. */
    private static function normalized(array $definition, Options $options, bool $fill): mixed
    {
        return \Closure::bind(static function () use ($definition, $options, $fill) {
            $n = (new \ReflectionClass(Normalizer::class))->newInstanceWithoutConstructor();
            $n->options = $options;
            $n->path = new Path();
            $n->fill = $fill;
            $n->rootMap = ($definition['type'] ?? null) === 'map';
            return $n->schema(null, null, $definition, 0);
        }, null, Normalizer::class)();
    }

    /** A node's model, its children's too, as arrays (a schema is read). */
    private static function tree(mixed $s): mixed
    {
        if (!$s instanceof Schema) {
            $a = Profile::arr($s);
            if ($a === null) {
                return $s;
            }
            $s = Reader::read($a);
        }
        $t = get_object_vars($s);
        foreach (['items', 'additional'] as $k) {
            $t[$k] = self::tree($t[$k]);
        }
        foreach (['properties', 'anyOf'] as $k) {
            if ($t[$k] !== null) {
                $t[$k] = array_map(self::tree(...), $t[$k]);
            }
        }
        return $t;
    }
}
