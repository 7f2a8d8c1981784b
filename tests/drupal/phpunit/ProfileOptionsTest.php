<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use PHPUnit\Framework\TestCase;
use ToolSchema\Tests\Implementations;

/**
 * The module's profile per consumer (normalize_schema()'s `profile` option,
 * one schema service per consumer), and an input's schema per profile
 * through both implementations.
 */
final class ProfileOptionsTest extends TestCase
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
            'gemini_json' => '{"description":"Count","type":["integer","null"],"minimum":1,"maximum":3}',
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
}
