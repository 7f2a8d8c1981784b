<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Drupal\DefinitionArrayBuilder;
use ToolSchema\Php\Drupal\InputSchemaGenerator;
use ToolSchema\Php\Normalize\Profile\Text;

/**
 * The `profile` option beyond the fixtures: the Drupal adapter's profile per
 * consumer, an input's schema per profile through both implementations, and
 * the JSON text both implementations write into descriptions.
 */
final class ProfileTest extends TestCase
{
    public function testTheAdapterTakesAProfilePerConsumer(): void
    {
        $builder = new DefinitionArrayBuilder();
        $mcp = new InputSchemaGenerator($builder, null, '10.6.0');
        self::assertArrayNotHasKey('profile', $mcp->options());
        $openai = new InputSchemaGenerator($builder, null, '10.6.0', ['title' => 'split'], 'openai');
        self::assertSame(['title' => 'split', 'nullable' => 'type_array', 'profile' => 'openai'], $openai->options());
        // The parameter wins over the options array.
        $gemini = new InputSchemaGenerator($builder, null, '11.2.0', ['profile' => 'openai'], 'gemini');
        self::assertSame('gemini', $gemini->options()['profile']);
        self::assertSame('one_of', $gemini->options()['nullable']);
    }

    public function testAnUnknownProfileIsRefusedAtConstruction(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('unknown profile "claude"');
        new InputSchemaGenerator(new DefinitionArrayBuilder(), null, '10.6.0', [], 'claude');
    }

    /** An input as a property of its tool, for each profile, by both implementations. */
    public function testAnInputSchemaPerProfile(): void
    {
        $input = ['type' => 'integer', 'required' => false, 'label' => 'Count', 'constraints' => ['Range' => ['min' => 1, 'max' => 3]]];
        $expected = [
            'mcp' => '{"description":"Count","type":["integer","null"],"minimum":1,"maximum":3}',
            'openai' => '{"description":"Count","anyOf":[{"type":"integer","minimum":1,"maximum":3},{"type":"null"}]}',
            // An optional input of a tool: left out rather than null.
            'anthropic' => '{"description":"Count","enum":[1,2,3]}',
            'gemini' => '{"description":"Count","type":"INTEGER","minimum":1,"maximum":3,"nullable":true}',
        ];
        foreach (Implementations::normalizers() as $name => $normalize) {
            foreach ($expected as $profile => $json) {
                $w = null;
                $schema = InputSchemaGenerator::inputSchema($input, ['profile' => $profile], $w, $normalize);
                self::assertSame($json, json_encode($schema, Implementations::JSON), "$name $profile");
                self::assertSame([], $w, "$name $profile");
            }
        }
    }

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
}
