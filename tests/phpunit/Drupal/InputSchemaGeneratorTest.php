<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

require_once __DIR__ . '/bootstrap.php';

use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Drupal\ContextDefinitionNormalizer;
use ToolSchema\Php\Drupal\DefinitionArrayBuilder;
use ToolSchema\Php\Drupal\InputSchemaGenerator;
use ToolSchema\Tests\Drupal\StandIn\StandInEntityInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInLogger;
use ToolSchema\Tests\Drupal\StandIn\StandInMapInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInToolContextDefinitionNormalizer;

/**
 * The schema glue: InputSchemaGenerator, and ContextDefinitionNormalizer (the
 * drop-in for the Tool module's normalizer) on top of a stand-in of the Tool
 * module's class. Runs with and without the extension.
 */
final class InputSchemaGeneratorTest extends TestCase
{
    private static function definition(): StandInMapInputDefinition
    {
        return new StandInMapInputDefinition('Search', '', property_definitions: [
            'q' => new StandInInputDefinition('string', 'Query', ''),
            'limit' => new StandInInputDefinition('integer', 'Limit', '', required: false),
            'node' => new StandInInputDefinition('field_item:link', 'Node', '', required: false),
        ]);
    }

    public function testNullableStyleFollowsTheCoreVersion(): void
    {
        $d10 = new InputSchemaGenerator(new DefinitionArrayBuilder(), null, '10.3.6');
        $d11 = new InputSchemaGenerator(new DefinitionArrayBuilder(), null, '11.1.0');
        self::assertSame(['nullable' => 'type_array'], $d10->options());
        self::assertSame(['nullable' => 'one_of'], $d11->options());
        self::assertSame(['integer', 'null'], $d10->schema(self::definition())['properties']['limit']['type']);
        self::assertSame([['type' => 'integer', 'minimum' => PHP_INT_MIN, 'maximum' => PHP_INT_MAX], ['type' => 'null']], $d11->schema(self::definition())['properties']['limit']['oneOf']);
        $outside = new InputSchemaGenerator(new DefinitionArrayBuilder());
        self::assertSame(['nullable' => 'type_array'], $outside->options(), 'no \Drupal class: the Drupal 10 style');
        $forced = new InputSchemaGenerator(new DefinitionArrayBuilder(), null, '10.3.0', ['nullable' => 'any_of', 'title' => 'split']);
        self::assertSame(['nullable' => 'any_of', 'title' => 'split'], $forced->options());
    }

    public function testSchemaIsTheNormalizeSchemaOfTheBuiltArray(): void
    {
        $builder = new DefinitionArrayBuilder();
        $generator = new InputSchemaGenerator($builder, null, '11.1.0');
        $expected = \ToolSchema\normalize_schema($builder->build(self::definition()), ['nullable' => 'one_of']);
        self::assertSame(json_encode($expected), json_encode($generator->schema(self::definition())));
    }

    public function testWarningsGoToTheLogger(): void
    {
        $logger = new StandInLogger();
        (new InputSchemaGenerator(new DefinitionArrayBuilder(), $logger, '10.3.0'))->schema(self::definition());
        self::assertSame([
            'warning: tool_schema: base_type_unknown at properties.node.type: no JSON Schema mapping for type "field_item:link": any non-null value is allowed (give base_schema to say more)',
        ], $logger->lines());
        self::assertSame('Search', $logger->records[0]['context']['@label']);
    }

    public function testBadDefinitionFallsBackOrThrows(): void
    {
        $bad = new StandInInputDefinition('string', 'Sort', '', constraints: ['Choice' => ['callback' => 'notCallable']]);
        $logger = new StandInLogger();
        $generator = new InputSchemaGenerator(new DefinitionArrayBuilder(), $logger, '10.3.0');
        self::assertSame(['fallback'], $generator->schema($bad, static fn (): array => ['fallback']));
        self::assertCount(1, $logger->records);
        self::assertSame('error', $logger->records[0]['level']);
        self::assertStringContainsString('constraints.Choice.callback: is not callable here', $logger->lines()[0]);

        $invalid = new StandInInputDefinition('string', 'Name', '', constraints: ['Length' => ['min' => -1]]);
        self::assertSame(['fallback'], $generator->schema($invalid, static fn (): array => ['fallback']), 'a ValueError from normalize_schema');
        self::assertStringContainsString('constraints.Length.min: must be a non-negative integer', $logger->lines()[1]);

        $this->expectException(\ValueError::class);
        $generator->schema($invalid);
    }

    public function testContextDefinitionNormalizerUsesToolSchema(): void
    {
        $normalizer = new ContextDefinitionNormalizer();
        self::assertInstanceOf(\Drupal\tool\Normalizer\ContextDefinitionNormalizer::class, $normalizer);
        self::assertInstanceOf(StandInToolContextDefinitionNormalizer::class, $normalizer, 'the stand-in parent (no Tool module here)');

        // Not wired yet: the Tool module's own schema.
        self::assertSame(StandInToolContextDefinitionNormalizer::MARKER, $normalizer->normalize(self::definition(), 'json_schema')['description']);

        $logger = new StandInLogger();
        $generator = new InputSchemaGenerator(new DefinitionArrayBuilder(), $logger, '11.2.0');
        $normalizer->setToolSchema($generator);
        $normalizer->parentCalls = [];
        $schema = $normalizer->normalize(self::definition(), 'json_schema');
        self::assertSame(json_encode($generator->schema(self::definition())), json_encode($schema));
        self::assertSame([], $normalizer->parentCalls);
        self::assertSame('object', $schema['type']);
        self::assertNotEmpty($logger->records, 'warnings logged');

        // A definition tool_schema cannot take: the Tool module's schema, and an error logged.
        $bad = new StandInInputDefinition('string', 'Sort', '', constraints: ['Choice' => ['callback' => 'notCallable']]);
        self::assertSame(StandInToolContextDefinitionNormalizer::MARKER, $normalizer->normalize($bad, 'json_schema')['description']);
        self::assertSame([$bad], $normalizer->parentCalls);
        self::assertSame('error', $logger->records[\count($logger->records) - 1]['level']);
    }
}
