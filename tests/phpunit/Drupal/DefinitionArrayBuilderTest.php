<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

require_once __DIR__ . '/bootstrap.php';

use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Drupal\DefinitionArrayBuilder;
use ToolSchema\Php\Normalize\Normalizer;
use ToolSchema\Tests\Drupal\StandIn\Constraints\AllowedValuesConstraint;
use ToolSchema\Tests\Drupal\StandIn\Constraints\Choice;
use ToolSchema\Tests\Drupal\StandIn\Constraints\Count;
use ToolSchema\Tests\Drupal\StandIn\Constraints\EntityBundleExistsConstraint;
use ToolSchema\Tests\Drupal\StandIn\Constraints\FieldExistsConstraint;
use ToolSchema\Tests\Drupal\StandIn\Constraints\GreaterThan;
use ToolSchema\Tests\Drupal\StandIn\Constraints\LengthConstraint;
use ToolSchema\Tests\Drupal\StandIn\Constraints\NotBlank;
use ToolSchema\Tests\Drupal\StandIn\Constraints\PluginExistsConstraint;
use ToolSchema\Tests\Drupal\StandIn\Constraints\Range;
use ToolSchema\Tests\Drupal\StandIn\Constraints\DateTime;
use ToolSchema\Tests\Drupal\StandIn\Constraints\Ip;
use ToolSchema\Tests\Drupal\StandIn\Constraints\Regex;
use ToolSchema\Tests\Drupal\StandIn\StandInContainer;
use ToolSchema\Tests\Drupal\StandIn\StandInEntityInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInEntityTypeBundleInfo;
use ToolSchema\Tests\Drupal\StandIn\StandInInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInListInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInMapInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInPluginManager;
use ToolSchema\Tests\Drupal\StandIn\StandInPluginManagerWithoutFallback;
use ToolSchema\Tests\Drupal\StandIn\StandInTranslatableMarkup;

/**
 * Tool API input definitions (stand-ins with the Tool module's method names)
 * → definition arrays. Runs with and without the extension.
 */
final class DefinitionArrayBuilderTest extends TestCase
{
    private static function t(string $s): StandInTranslatableMarkup
    {
        return new StandInTranslatableMarkup($s);
    }

    /** Plain data only: no objects, no closures, anywhere. */
    private static function assertPlain(mixed $value, string $path = '(root)'): void
    {
        if (\is_array($value)) {
            foreach ($value as $k => $v) {
                self::assertPlain($v, "$path.$k");
            }
            return;
        }
        self::assertTrue($value === null || \is_scalar($value), "$path is " . get_debug_type($value));
    }

    private static function builder(): DefinitionArrayBuilder
    {
        $blocks = new StandInPluginManager([
            'system_branding_block' => ['class' => \ArrayObject::class],
            'broken' => ['class' => \ArrayObject::class],
            'page_title_block' => ['class' => \SplObjectStorage::class],
        ], 'broken');
        return new DefinitionArrayBuilder(
            new StandInContainer(['plugin.manager.block' => $blocks]),
            new StandInEntityTypeBundleInfo(['node' => ['article' => ['label' => 'Article'], 'page' => ['label' => 'Page']]]),
        );
    }

    public function testScalarInputWithTranslatableLabels(): void
    {
        $def = new StandInInputDefinition(
            data_type: 'string',
            label: new StandInTranslatableMarkup('Title of @type', ['@type' => 'node']),
            description: self::t('The title'),
            required: false,
            default_value: '',
            constraints: ['Length' => ['min' => 1, 'max' => 255]],
            examples: ['Hello', self::t('World')],
        );
        $array = self::builder()->build($def);
        self::assertSame([
            'type' => 'string',
            'label' => 'Title of node',
            'description' => 'The title',
            'required' => false,
            'default' => '',
            'constraints' => ['Length' => ['min' => 1, 'max' => 255]],
            'examples' => ['Hello', 'World'],
        ], $array);
    }

    public function testNullLabelsAreLeftOutAndFalsyDefaultsKept(): void
    {
        $array = self::builder()->build(new StandInInputDefinition('integer', null, null, default_value: 0));
        self::assertSame(['type' => 'integer', 'required' => true, 'default' => 0], $array);
        $array = self::builder()->build(new StandInInputDefinition('boolean', 'B', '', default_value: false));
        self::assertFalse($array['default']);
        self::assertArrayNotHasKey('examples', $array, 'no examples key for an empty list');
    }

    public function testListMapAndEntityNesting(): void
    {
        $def = new StandInMapInputDefinition(self::t('Article'), '', property_definitions: [
            'tags' => new StandInListInputDefinition('Tags', '', required: false, constraints: ['Count' => ['max' => 3]],
                item_definition: new StandInInputDefinition('string', '', '', constraints: ['Length' => ['max' => 64]])),
            'author' => new StandInEntityInputDefinition('user', 'Author', ''),
            'meta' => new StandInMapInputDefinition('Meta', '', required: false, property_definitions: []),
            'anything' => new StandInListInputDefinition('Anything', ''),
        ]);
        $array = self::builder()->build($def);
        self::assertSame('map', $array['type']);
        self::assertSame(['tags', 'author', 'meta', 'anything'], array_keys($array['properties']));
        self::assertSame([
            'type' => 'list', 'label' => 'Tags', 'description' => '', 'required' => false,
            'constraints' => ['Count' => ['max' => 3]],
            'items' => ['type' => 'string', 'label' => '', 'description' => '', 'required' => true, 'constraints' => ['Length' => ['max' => 64]]],
        ], $array['properties']['tags']);
        self::assertSame('entity:user', $array['properties']['author']['type']);
        self::assertSame([], $array['properties']['meta']['properties']);
        self::assertSame('any', $array['properties']['anything']['items']['type'], 'ListContextDefinition gives "any" items by default');
        self::assertArrayNotHasKey('default', $array, 'the made-up map default of the properties\' defaults is not a default');
        self::assertPlain($array);
    }

    public function testMapDefaultGivenExplicitlyIsKept(): void
    {
        $def = new StandInMapInputDefinition('M', '', default_value: ['a' => 'x'], property_definitions: [
            'a' => new StandInInputDefinition('string', 'A', '', default_value: 'y'),
        ]);
        self::assertSame(['a' => 'x'], self::builder()->build($def)['default']);
        $def = new StandInMapInputDefinition('M', '', property_definitions: [
            'a' => new StandInInputDefinition('string', 'A', '', default_value: 'y'),
        ]);
        $array = self::builder()->build($def);
        self::assertArrayNotHasKey('default', $array);
        self::assertSame('y', $array['properties']['a']['default']);
    }

    public function testDeprecatedMultipleBecomesAList(): void
    {
        $def = new StandInInputDefinition('integer', 'Ids', 'Node ids', required: false, multiple: true, constraints: ['Range' => ['min' => 1]]);
        self::assertSame([
            'type' => 'list', 'label' => 'Ids', 'description' => 'Node ids', 'required' => false,
            'items' => ['type' => 'integer', 'required' => true, 'constraints' => ['Range' => ['min' => 1]]],
        ], self::builder()->build($def));
    }

    public function testArrayConstraintFormsAreKept(): void
    {
        $constraints = [
            'Choice' => ['a', 'b'],
            'AllowedValues' => ['choices' => ['a']],
            'Regex' => '/^a$/',
            'GreaterThan' => 5,
            'NotBlank' => null,
            'Bundle' => ['article'],
        ];
        $array = self::builder()->build(new StandInInputDefinition('string', 'S', '', constraints: $constraints));
        self::assertSame($constraints, $array['constraints']);
    }

    public function testConstraintObjectsBecomeOptionArrays(): void
    {
        $def = new StandInInputDefinition('string', 'S', '', constraints: [
            'Choice' => new Choice(['choices' => ['x', 'y']]),
            'Regex' => new Regex(['pattern' => '/^[a-z]+$/i', 'match' => false, 'htmlPattern' => '[a-zA-Z]+']),
            'Length' => new LengthConstraint(['min' => 2, 'max' => 9]),
            'NotBlank' => new NotBlank(),
        ]);
        self::assertSame([
            'Choice' => ['choices' => ['x', 'y']],
            'Regex' => ['pattern' => '/^[a-z]+$/i', 'match' => false, 'htmlPattern' => '[a-zA-Z]+'],
            'Length' => ['min' => 2, 'max' => 9],
            'NotBlank' => [],
        ], self::builder()->build($def)['constraints']);
    }

    public function testOptionsThatChangeTheFormatAreCarried(): void
    {
        $def = new StandInInputDefinition('string', 'A', '', constraints: [
            'Ip' => new Ip(['version' => '6']),
            'DateTime' => new DateTime(['format' => 'Y-m-d']),
        ]);
        $array = self::builder()->build($def);
        self::assertSame(['Ip' => ['version' => '6'], 'DateTime' => ['format' => 'Y-m-d']], $array['constraints']);
        // An IPv6 address must stay valid, and a date-only DateTime gets no
        // Y-m-d H:i:s pattern.
        self::assertSame(['description' => 'A', 'type' => 'string', 'format' => 'ipv6'], \ToolSchema\normalize_schema($array));
    }

    public function testConstraintObjectsInAListAreNamedByClassShortName(): void
    {
        $def = new StandInInputDefinition('integer', 'N', '', constraints: [
            new Range(['min' => 1, 'max' => 10]),
            new GreaterThan(['value' => 0]),
            new LengthConstraint(['max' => 3]),
            new Count(['min' => 1]),
            new Choice(['choices' => [1, 2], 'multiple' => true]),
        ]);
        self::assertSame([
            'Range' => ['min' => 1, 'max' => 10],
            'GreaterThan' => ['value' => 0],
            'Length' => ['max' => 3],
            'Count' => ['min' => 1],
            'Choice' => ['choices' => [1, 2], 'multiple' => true],
        ], self::builder()->build($def)['constraints']);
    }

    public function testUnmappedConstraintObjectKeepsScalarOptionsOnly(): void
    {
        $def = new StandInInputDefinition('string', 'F', '', constraints: [
            new FieldExistsConstraint(['entityTypeId' => 'node', 'context' => new \stdClass()]),
        ]);
        $array = self::builder()->build($def);
        self::assertSame(['FieldExists' => ['entityTypeId' => 'node', 'bundle' => null, 'strict' => true]], $array['constraints']);
        self::assertPlain($array);
    }

    public function testChoiceCallbacksAreCalled(): void
    {
        $def = new StandInInputDefinition('string', 'S', '', constraints: [
            'Choice' => ['callback' => static fn (): array => ['k1' => 'asc', 'k2' => 'desc']],
            'AllowedValues' => new AllowedValuesConstraint(['callback' => [self::class, 'allowedValues']]),
        ]);
        self::assertSame([
            'Choice' => ['choices' => ['asc', 'desc']],
            'AllowedValues' => ['choices' => ['one', 'two']],
        ], self::builder()->build($def)['constraints']);
    }

    /** @return list<string> */
    public static function allowedValues(): array
    {
        return ['one', 'two'];
    }

    public function testChoiceCallbackThatCannotBeCalledIsAnError(): void
    {
        $def = new StandInMapInputDefinition('M', '', property_definitions: [
            'sort' => new StandInInputDefinition('string', 'S', '', constraints: ['Choice' => ['callback' => 'getSortOptions']]),
        ]);
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('properties.sort.constraints.Choice.callback: is not callable here');
        self::builder()->build($def);
    }

    public function testObjectOptionOfAMappedConstraintIsAnError(): void
    {
        $def = new StandInInputDefinition('string', 'S', '', constraints: ['Length' => ['max' => new \stdClass()]]);
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('constraints.Length.max: stdClass cannot be carried into a definition array');
        self::builder()->build($def);
    }

    public function testPluginExistsIsResolvedThroughTheContainer(): void
    {
        $def = new StandInInputDefinition('string', 'Block', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.block']]);
        self::assertSame(
            ['PluginExists' => ['choices' => ['system_branding_block', 'page_title_block']]],
            self::builder()->build($def)['constraints'],
            'the fallback plugin (broken) is left out',
        );
        $def = new StandInInputDefinition('string', 'Block', '', constraints: [new PluginExistsConstraint(['manager' => 'plugin.manager.block', 'allowFallback' => true])]);
        self::assertSame(['system_branding_block', 'broken', 'page_title_block'], self::builder()->build($def)['constraints']['PluginExists']['choices']);
        $def = new StandInInputDefinition('string', 'Block', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.block', 'interface' => \Countable::class]]);
        self::assertSame(['choices' => ['system_branding_block', 'page_title_block']], self::builder()->build($def)['constraints']['PluginExists'], 'classes implementing the interface');
        $def = new StandInInputDefinition('string', 'Block', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.block', 'interface' => \IteratorAggregate::class]]);
        self::assertSame(['choices' => ['system_branding_block']], self::builder()->build($def)['constraints']['PluginExists']);
    }

    public function testPluginExistsThroughACallable(): void
    {
        $managers = static fn (string $id): ?object => $id === 'plugin.manager.mail'
            ? new StandInPluginManagerWithoutFallback(['php_mail' => [], 'test_mail_collector' => []])
            : null;
        $builder = new DefinitionArrayBuilder($managers);
        $def = new StandInInputDefinition('string', 'Mailer', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.mail']]);
        self::assertSame(['choices' => ['php_mail', 'test_mail_collector']], $builder->build($def)['constraints']['PluginExists']);
    }

    public function testUnresolvedDerivedEnumsStayAsTheyAreAndNormalizeWarns(): void
    {
        $def = new StandInMapInputDefinition('M', '', property_definitions: [
            'block' => new StandInInputDefinition('string', 'B', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.unknown']]),
            'bundle' => new StandInInputDefinition('string', 'B', '', constraints: ['EntityBundleExists' => '%parent.entity_type_id']),
            'other' => new StandInInputDefinition('string', 'O', '', constraints: [new EntityBundleExistsConstraint(['entityTypeId' => 'node'])]),
        ]);
        $array = (new DefinitionArrayBuilder())->build($def);
        self::assertSame(['manager' => 'plugin.manager.unknown'], $array['properties']['block']['constraints']['PluginExists']);
        self::assertSame('%parent.entity_type_id', $array['properties']['bundle']['constraints']['EntityBundleExists']);
        self::assertSame(['entityTypeId' => 'node'], $array['properties']['other']['constraints']['EntityBundleExists'], 'no bundle info service given');
        Normalizer::normalize($array, [], $warnings);
        self::assertSame(
            ['derived_enum_unresolved', 'derived_enum_unresolved', 'derived_enum_unresolved'],
            array_column($warnings, 'code'),
        );
    }

    public function testEntityBundleExistsIsResolvedThroughBundleInfo(): void
    {
        $info = new StandInEntityTypeBundleInfo(['node' => ['article' => ['label' => 'Article'], 'page' => ['label' => 'Page']]]);
        $builder = new DefinitionArrayBuilder(null, $info);
        foreach (['node', ['entityTypeId' => 'node'], new EntityBundleExistsConstraint(['entityTypeId' => 'node'])] as $options) {
            $def = new StandInInputDefinition('string', 'Bundle', '', constraints: ['EntityBundleExists' => $options]);
            self::assertSame(['choices' => ['article', 'page']], $builder->build($def)['constraints']['EntityBundleExists']);
        }
        self::assertSame(['node', 'node', 'node'], $info->asked);
    }

    public function testBaseSchemaHookForUnknownTypes(): void
    {
        $builder = new DefinitionArrayBuilder(baseSchema: static fn (string $type, object $def): ?array =>
            str_starts_with($type, 'entity:') ? ['type' => 'string', 'description' => 'An entity handle'] : null);
        $array = $builder->build(new StandInEntityInputDefinition('node', 'Node', ''));
        self::assertSame(['type' => 'string', 'description' => 'An entity handle'], $array['base_schema']);
        self::assertArrayNotHasKey('base_schema', $builder->build(new StandInInputDefinition('string', 'S', '')));
    }

    public function testBuildInputsMakesOneMap(): void
    {
        $array = self::builder()->buildInputs([
            'a' => new StandInInputDefinition('string', 'A', ''),
            'b' => new StandInInputDefinition('integer', 'B', '', required: false),
        ]);
        self::assertSame('map', $array['type']);
        self::assertSame(['a', 'b'], array_keys($array['properties']));
        self::assertFalse($array['properties']['b']['required']);
    }

    public function testDefinitionWithoutDataTypeIsAnError(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('getDataType() must return a non-empty string');
        self::builder()->build(new \stdClass());
    }

    /** The built array gives the same schema through both implementations (the extension when loaded). */
    public function testSchemaOfAWholeToolIsTheSameInBothImplementations(): void
    {
        $def = new StandInMapInputDefinition(self::t('Create article'), self::t('Creates an article'), property_definitions: [
            'title' => new StandInInputDefinition('string', self::t('Title'), '', constraints: [new NotBlank(), new LengthConstraint(['max' => 255])], examples: ['Hello']),
            'sort' => new StandInInputDefinition('string', 'Sort', '', required: false, constraints: ['Choice' => new Choice(['callback' => static fn (): array => ['ASC', 'DESC']])]),
            'block' => new StandInInputDefinition('string', 'Block', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.block']]),
            'bundle' => new StandInInputDefinition('string', 'Bundle', '', constraints: ['EntityBundleExists' => 'node']),
            'tags' => new StandInListInputDefinition('Tags', '', required: false, item_definition: new StandInInputDefinition('string', '', '')),
            'published' => new StandInInputDefinition('boolean', 'Published', '', required: false, default_value: false),
        ]);
        $array = self::builder()->build($def);
        $schema = Normalizer::normalize($array, ['nullable' => 'one_of'], $warnings);
        self::assertSame([], $warnings);
        $json = json_encode($schema, JSON_UNESCAPED_SLASHES);
        self::assertStringContainsString('"enum":["system_branding_block","page_title_block"]', (string) $json);
        self::assertStringContainsString('"enum":["article","page"]', (string) $json);
        self::assertStringContainsString('"examples":["Hello"]', (string) $json);
        // ToolSchema\normalize_schema() is the extension's when it is loaded.
        self::assertSame($json, json_encode(\ToolSchema\normalize_schema($array, ['nullable' => 'one_of']), JSON_UNESCAPED_SLASHES));
    }
}
