<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Logger\RfcLogLevel;
use Drupal\tool\TypedData\EntityInputDefinition;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\ListInputDefinition;
use Drupal\tool\TypedData\MapInputDefinition;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Serializer\Serializer;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use ToolSchema\Tests\Implementations;

/**
 * The schema glue on real Drupal: InputSchemaGenerator with Drupal's logger
 * channels, and InputDefinitionNormalizer (in front of the Tool module's) inside
 * the real Symfony Serializer, where the Tool module registers its own.
 */
final class InputSchemaGeneratorTest extends TestCase
{
    private static function builder(): DefinitionArrayBuilder
    {
        $c = Site::boot()->container;
        return new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($c, $c->get('entity_type.bundle.info'), $c->get('country_manager')));
    }

    private static function definition(): MapInputDefinition
    {
        return new MapInputDefinition('Search', 'Find', property_definitions: [
            'q' => new InputDefinition('string', 'Query', '', constraints: ['Length' => ['max' => 20]]),
            'limit' => new InputDefinition('integer', 'Limit', '', required: false, default_value: 10),
            'user' => new EntityInputDefinition('entity:user', 'User', '', required: false),
            'item' => new InputDefinition('field_item:string', 'Item', '', required: false),
        ]);
    }

    /**
     * A serializer as the site has it, with tool_schema's normalizer in the
     * Tool module's place (priority 100). On a core where the Tool module's
     * normalizers cannot be loaded (Drupal 11.4), tool_schema's normalizer
     * without a fallback and core serialization's normalizers only.
     */
    private static function serializer(InputSchemaGenerator $generator): Serializer
    {
        $normalizer = Schemas::normalizer($generator);
        if (!Site::toolNormalizersLoad()) {
            return new Serializer([$normalizer, ...Site::coreNormalizers()], []);
        }
        return new Serializer([
            new \Drupal\tool\Normalizer\LegacyTypedDataNormalizer(),
            $normalizer,
            new \Drupal\tool\Normalizer\MapDefinitionNormalizer(),
            new \Drupal\serialization\Normalizer\ListNormalizer(),
            new \Drupal\serialization\Normalizer\PrimitiveDataNormalizer(),
            new \Drupal\serialization\Normalizer\ComplexDataNormalizer(),
            new \Drupal\serialization\Normalizer\TypedDataNormalizer(),
        ], []);
    }

    public function testNullableStyleOfTheRunningCore(): void
    {
        $site = Site::boot();
        self::assertSame($site->deps->version, \Drupal::VERSION);
        $generator = new InputSchemaGenerator(self::builder());
        $limit = $generator->schema(self::definition())['properties']['limit'];
        if ($site->deps->isDrupal11()) {
            // Drupal 11.3 and 11.4: core's JSON Schema normalizers (11.2+) write oneOf.
            self::assertSame(['nullable' => 'one_of'], $generator->options());
            self::assertSame([['type' => 'integer'], ['type' => 'null']], array_map(static fn (array $b): array => array_intersect_key($b, ['type' => 1]), $limit['oneOf']));
        } else {
            self::assertSame(['nullable' => 'type_array'], $generator->options());
            self::assertSame(['integer', 'null'], $limit['type']);
        }
        self::assertSame(['nullable' => 'one_of'], (new InputSchemaGenerator(self::builder(), null, '11.2.0'))->options());
    }

    public function testNormalizerInTheSerializer(): void
    {
        $generator = new InputSchemaGenerator(self::builder());
        $definition = self::definition();
        $ours = self::serializer($generator)->normalize($definition, 'json_schema');
        self::assertSame(json_encode($generator->schema($definition)), json_encode($ours));
        self::assertFalse($ours['additionalProperties']);

        // A list input: each level through our normalizer in one call.
        $list = new ListInputDefinition('Tags', '', item_definition: new InputDefinition('string', 'Tag', '', constraints: ['Length' => ['max' => 3]]));
        self::assertSame(3, self::serializer($generator)->normalize($list, 'json_schema')['items']['maxLength']);

        if (!Site::toolNormalizersLoad()) {
            // Drupal 11.4: no Tool module normalizer behind ours; another
            // format gets nothing from it (null), as from the Tool module's.
            self::assertNull(self::serializer($generator)->normalize($definition, 'json'));
            return;
        }
        // In another format, it is the Tool module's normalizer (which
        // gives nothing for a definition outside json_schema).
        $theirs = Site::boot()->container->get('serializer')->normalize($definition, 'json');
        self::assertNull($theirs);
        self::assertSame($theirs, self::serializer($generator)->normalize($definition, 'json'));
        self::assertArrayNotHasKey('additionalProperties', Site::boot()->container->get('serializer')->normalize($definition, 'json_schema'));
    }

    public function testWarningsAndErrorsGoToDrupalsLogger(): void
    {
        $site = Site::boot();
        $collector = new CollectingLogger();
        $site->container->get('logger.factory')->addLogger($collector);
        $channel = $site->container->get('logger.factory')->get('tool_schema');
        $generator = new InputSchemaGenerator(self::builder(), $channel);

        $generator->schema(self::definition());
        $warnings = array_values(array_filter($collector->records, static fn (array $r): bool => $r['level'] === RfcLogLevel::WARNING));
        self::assertNotEmpty($warnings);
        self::assertSame('tool_schema: @code at @path: @warning', $warnings[0]['message']);
        self::assertSame('base_type_unknown', $warnings[0]['context']['@code']);
        self::assertSame('properties.item.type', $warnings[0]['context']['@path']);
        self::assertSame('tool_schema', $warnings[0]['context']['channel']);

        // normalize_schema refuses a malformed option (\ValueError): the Tool
        // module's own schema for that definition, and an error logged.
        $bad = new InputDefinition('string', 'Bad', '', constraints: ['Length' => ['max' => 'ten']]);
        $collector->records = [];
        if (Site::toolNormalizersLoad()) {
            $fallback = self::serializer($generator)->normalize($bad, 'json_schema');
            self::assertSame(json_encode(Site::boot()->container->get('serializer')->normalize($bad, 'json_schema')), json_encode($fallback));
            self::assertSame(RfcLogLevel::ERROR, $collector->records[0]['level']);
            self::assertStringContainsString('constraints.Length.max', $collector->records[0]['context']['@error']);
        } else {
            // Drupal 11.4: no Tool module normalizer to fall back to (the
            // service gets none there): the serializer's own exception, naming
            // the input, the \ValueError as its previous one.
            try {
                self::serializer($generator)->normalize($bad, 'json_schema');
                self::fail('no fallback: the error is thrown');
            } catch (\Symfony\Component\Serializer\Exception\NotNormalizableValueException $e) {
                self::assertStringContainsString('"Bad"', $e->getMessage());
                self::assertInstanceOf(\ValueError::class, $e->getPrevious());
                self::assertStringContainsString('constraints.Length.max', $e->getPrevious()->getMessage());
            }
        }

        // Drupal throws while the definition is read (a callback): the same.
        $throws = new InputDefinition('string', 'Throws', '', constraints: ['AllowedValues' => ['callback' => static function (): array {
            throw new \LogicException('the options provider is down');
        }]]);
        $collector->records = [];
        $schema = $generator->schema($throws, static fn (): array => ['type' => 'string']);
        self::assertSame(['type' => 'string'], $schema);
        self::assertStringContainsString('LogicException: the options provider is down', $collector->records[0]['context']['@error']);
    }

    /**
     * The Tool module's serializer asks for one input at a time: the schema
     * is that of a property of the tool (a free-form map input stays open, a
     * required list input must not be empty), not of a tool's root map.
     */
    public function testAnInputIsAPropertyOfItsToolNotTheRoot(): void
    {
        $generator = new InputSchemaGenerator(self::builder());
        $context = Site::boot()->tools()->getDefinition('log_message')->getInputDefinition('context');
        $schema = $generator->schema($context);
        self::assertNotSame(false, $schema['additionalProperties'] ?? null, 'log_message.context is free-form');
        $tool = Site::boot()->tools()->createInstance('user_block');
        self::assertCount(0, $tool->validateInputValue($context, ['any' => 'key']), 'Drupal accepts any key there');

        $tags = new ListInputDefinition('Tags', '', item_definition: new InputDefinition('string', 'Tag', ''));
        self::assertSame(1, $generator->schema($tags)['minItems'] ?? null, 'a required list input sent empty is null to Drupal');
        self::assertGreaterThan(0, \count($tool->validateInputValue($tags, [])));
    }

    /** Both implementations through the glue. */
    public function testImplementationsAgree(): void
    {
        $array = self::builder()->build(self::definition());
        $outcomes = [];
        foreach (Implementations::normalizers() as $name => $normalize) {
            $outcomes[$name] = Implementations::normalizeOutcome($normalize, $array, ['nullable' => 'type_array']);
        }
        self::assertCount(1, array_unique($outcomes));
    }
}
