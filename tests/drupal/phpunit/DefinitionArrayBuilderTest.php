<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Config\Entity\ConfigEntityInterface;
use Drupal\Core\Entity\ContentEntityInterface;
use Drupal\Core\Plugin\Context\Context;
use Drupal\Core\Plugin\Context\ContextDefinition;
use Drupal\Core\StringTranslation\TranslatableMarkup;
use Drupal\Core\TypedData\DataDefinition;
use Drupal\Core\TypedData\ListDataDefinition;
use Drupal\Core\TypedData\MapDataDefinition;
use Drupal\tool\TypedData\EntityInputDefinition;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\ListInputDefinition;
use Drupal\tool\TypedData\MapInputDefinition;
use PHPUnit\Framework\TestCase;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Definition\DefinitionException;
use ToolSchema\Tests\Implementations;

/**
 * DefinitionArrayBuilder on the real classes of Drupal 10.6 and the Tool
 * module: core ContextDefinition, DataDefinition, ListDataDefinition,
 * MapDataDefinition; the Tool module's InputDefinition, ListInputDefinition,
 * MapInputDefinition, EntityInputDefinition; constraint objects made by the
 * real ConstraintManager; PluginExists, EntityBundleExists and CountryCode
 * resolved through the real plugin managers, bundle info and country manager.
 */
final class DefinitionArrayBuilderTest extends TestCase
{
    private static function site(): Site
    {
        return Site::boot();
    }

    private static function builder(): DefinitionArrayBuilder
    {
        $c = self::site()->container;
        return new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($c, $c->get('entity_type.bundle.info'), $c->get('country_manager')));
    }

    private static function json(mixed $v): string
    {
        return json_encode($v, Implementations::JSON);
    }

    public function testToolInputDefinitions(): void
    {
        $definition = new MapInputDefinition(
            label: new TranslatableMarkup('Search'),
            description: new TranslatableMarkup('Find @what', ['@what' => 'things']),
            property_definitions: [
                'q' => new InputDefinition('string', new TranslatableMarkup('Query'), 'Words', constraints: ['Length' => ['min' => 1, 'max' => 64], 'Regex' => '/^\w+$/']),
                'limit' => new InputDefinition('integer', 'Limit', '', required: false, default_value: 0, constraints: ['Range' => ['min' => 0, 'max' => 50]]),
                'sort' => new InputDefinition('string', 'Sort', '', required: false, default_value: 'ASC', constraints: ['Choice' => ['ASC', 'DESC']]),
                'tags' => new ListInputDefinition('Tags', '', required: false, constraints: ['Count' => ['max' => 3]], item_definition: new InputDefinition('string', 'Tag', '')),
                'user' => new EntityInputDefinition('entity:user', 'User', 'Who', required: false),
            ],
        );
        self::assertSame(self::json([
            'type' => 'map', 'label' => 'Search', 'description' => 'Find things', 'required' => true,
            'properties' => [
                'q' => ['type' => 'string', 'label' => 'Query', 'description' => 'Words', 'required' => true,
                    'constraints' => ['Length' => ['min' => 1, 'max' => 64], 'Regex' => '/^\w+$/']],
                'limit' => ['type' => 'integer', 'label' => 'Limit', 'description' => '', 'required' => false, 'default' => 0,
                    'constraints' => ['Range' => ['min' => 0, 'max' => 50]]],
                'sort' => ['type' => 'string', 'label' => 'Sort', 'description' => '', 'required' => false, 'default' => 'ASC',
                    'constraints' => ['Choice' => ['ASC', 'DESC']]],
                'tags' => ['type' => 'list', 'label' => 'Tags', 'description' => '', 'required' => false,
                    'constraints' => ['Count' => ['max' => 3]],
                    'items' => ['type' => 'string', 'label' => 'Tag', 'description' => '', 'required' => true]],
                'user' => ['type' => 'entity:user', 'label' => 'User', 'description' => 'Who', 'required' => false],
            ],
        ]), self::json(self::builder()->build($definition)));
    }

    public function testMapDefaultMadeUpFromPropertiesIsNotCarried(): void
    {
        $map = new MapInputDefinition('M', '', property_definitions: [
            'a' => new InputDefinition('string', 'A', '', default_value: 'x'),
            'b' => new InputDefinition('integer', 'B', '', default_value: 5),
        ]);
        self::assertSame(['a' => 'x', 'b' => 5], $map->getDefaultValue(), 'MapContextDefinition makes a default up');
        $array = self::builder()->build($map);
        self::assertArrayNotHasKey('default', $array);
        self::assertSame('x', $array['properties']['a']['default']);
        $own = new MapInputDefinition('M', '', default_value: ['a' => 'y'], property_definitions: ['a' => new InputDefinition('string', 'A', '', default_value: 'x')]);
        self::assertSame(['a' => 'y'], self::builder()->build($own)['default'], 'a default of its own is kept');
    }

    public function testCoreDefinitions(): void
    {
        $context = new ContextDefinition('string', 'Name', false, false, 'The name', 'anon', ['Length' => ['max' => 10]]);
        self::assertSame(self::json(['type' => 'string', 'label' => 'Name', 'description' => 'The name', 'required' => false,
            'default' => 'anon', 'constraints' => ['Length' => ['max' => 10]]]), self::json(self::builder()->build($context)));

        $map = MapDataDefinition::create()
            ->setLabel('Address')
            ->setPropertyDefinition('city', DataDefinition::create('string')->setRequired(true)->addConstraint('Length', ['max' => 5]))
            ->setPropertyDefinition('codes', ListDataDefinition::create('integer')->addConstraint('Count', ['min' => 1]));
        $array = self::builder()->build($map);
        // Core adds its default constraints (PrimitiveType, NotNull for required data).
        self::assertSame(['Length' => ['max' => 5], 'PrimitiveType' => [], 'NotNull' => []], $array['properties']['city']['constraints']);
        self::assertSame('list', $array['properties']['codes']['type']);
        self::assertSame(['Count' => ['min' => 1]], $array['properties']['codes']['constraints']);
        self::assertSame('integer', $array['properties']['codes']['items']['type']);
        self::assertFalse($array['required']);
        $schema = \ToolSchema\normalize_schema($array);
        self::assertSame(5, $schema['properties']['city']['maxLength']);
        self::assertSame(['city'], $schema['required']);
    }

    /** Constraint objects as the real ConstraintManager creates them, keyed by name or in a list. */
    public function testConstraintObjects(): void
    {
        $manager = self::site()->container->get('validation.constraint');
        $keyed = new InputDefinition('string', 'S', '', constraints: [
            'Length' => $manager->create('Length', ['min' => 2, 'max' => 8]),
            'Regex' => $manager->create('Regex', ['pattern' => '/^[a-z]+$/', 'match' => false]),
            'Choice' => $manager->create('Choice', ['choices' => ['ab', 'cd'], 'multiple' => false]),
            'AllowedValues' => $manager->create('AllowedValues', ['callback' => static fn (): array => ['ab', 'xy']]),
            'NotBlank' => $manager->create('NotBlank', []),
            'Uuid' => $manager->create('Uuid', []),
            'Email' => $manager->create('Email', []),
        ]);
        $array = self::builder()->build($keyed);
        self::assertSame(self::json([
            'Length' => ['min' => 2, 'max' => 8],
            'Regex' => ['pattern' => '/^[a-z]+$/', 'match' => false],
            'Choice' => ['choices' => ['ab', 'cd']],
            'AllowedValues' => ['choices' => ['ab', 'xy']],
            'NotBlank' => [],
            'Uuid' => [],
            'Email' => [],
        ]), self::json($array['constraints']));

        $range = new InputDefinition('integer', 'I', '', constraints: [$manager->create('Range', ['min' => 1, 'max' => 9]), $manager->create('Count', ['max' => 2])]);
        self::assertSame(['Range' => ['min' => 1, 'max' => 9], 'Count' => ['max' => 2]], self::builder()->build($range)['constraints'], 'a list of objects: named by class, Constraint suffix removed');
    }

    /** Bug 1: PluginExists on core plugin managers (PluginManagerBase has a *protected* getFallbackPluginId()). */
    public function testPluginExistsOnRealPluginManagers(): void
    {
        $builder = self::builder();
        $content = new InputDefinition('string', 'Entity type', '', constraints: ['PluginExists' => ['manager' => 'entity_type.manager', 'interface' => ContentEntityInterface::class]]);
        self::assertSame(['choices' => ['user']], $builder->build($content)['constraints']['PluginExists']);
        $config = new InputDefinition('string', 'Entity type', '', constraints: ['PluginExists' => ['manager' => 'entity_type.manager', 'interface' => ConfigEntityInterface::class]]);
        $ids = $builder->build($config)['constraints']['PluginExists']['choices'];
        sort($ids);
        self::assertSame(['base_field_override', 'date_format', 'entity_form_display', 'entity_form_mode', 'entity_view_display', 'entity_view_mode', 'user_role'], $ids);

        // A plugin manager with a fallback (FallbackPluginManagerInterface).
        $categories = self::site()->container->get('plugin.manager.field.field_type_category');
        self::assertInstanceOf(\Drupal\Component\Plugin\FallbackPluginManagerInterface::class, $categories);
        $fallback = $categories->getFallbackPluginId('nope');
        $all = array_keys($categories->getDefinitions());
        self::assertContains($fallback, $all);
        $strict = $builder->build(new InputDefinition('string', 'C', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.field.field_type_category']]));
        self::assertSame(array_values(array_diff($all, [$fallback])), $strict['constraints']['PluginExists']['choices']);
        $loose = $builder->build(new InputDefinition('string', 'C', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.field.field_type_category', 'allowFallback' => true]]));
        self::assertSame($all, $loose['constraints']['PluginExists']['choices']);

        // Every id of the enum is one Drupal accepts; an unknown one is rejected.
        $tool = self::site()->tools()->createInstance('user_block');
        foreach ($strict['constraints']['PluginExists']['choices'] as $id) {
            self::assertCount(0, $tool->validateInputValue(new InputDefinition('string', 'C', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.field.field_type_category']]), $id), $id);
        }
        self::assertCount(1, $tool->validateInputValue($content, 'nope'));

        // A PluginExists constraint object carries its manager.
        $object = self::site()->container->get('validation.constraint')->create('PluginExists', ['manager' => 'entity_type.manager', 'interface' => ContentEntityInterface::class]);
        self::assertSame(['choices' => ['user']], $builder->build(new InputDefinition('string', 'E', '', constraints: ['PluginExists' => $object]))['constraints']['PluginExists']);

        // Without a container: left as given (normalize_schema warns derived_enum_unresolved).
        self::assertSame(['manager' => 'entity_type.manager'], (new DefinitionArrayBuilder())->build(new InputDefinition('string', 'E', '', constraints: ['PluginExists' => ['manager' => 'entity_type.manager']]))['constraints']['PluginExists']);
    }

    public function testEntityBundleExistsAndCountryCode(): void
    {
        $builder = self::builder();
        foreach (['user', ['entityTypeId' => 'user']] as $options) {
            self::assertSame(['choices' => ['user']], $builder->build(new InputDefinition('string', 'B', '', constraints: ['EntityBundleExists' => $options]))['constraints']['EntityBundleExists']);
        }
        self::assertSame('%parent.entity_type_id', $builder->build(new InputDefinition('string', 'B', '', constraints: ['EntityBundleExists' => '%parent.entity_type_id']))['constraints']['EntityBundleExists'], 'dynamic: unresolved');

        $country = $builder->build(new InputDefinition('string', 'Country', '', constraints: ['CountryCode' => []]))['constraints']['CountryCode']['choices'];
        self::assertContains('US', $country);
        self::assertGreaterThan(200, \count($country));
        $tool = self::site()->tools()->createInstance('user_block');
        self::assertCount(0, $tool->validateInputValue(new InputDefinition('string', 'C', '', constraints: ['CountryCode' => []]), 'US'));
        self::assertCount(1, $tool->validateInputValue(new InputDefinition('string', 'C', '', constraints: ['CountryCode' => []]), 'XX'));
    }

    /** Bug 1, second half: nothing Drupal throws leaves the builder except as DefinitionException. */
    public function testDrupalFailuresBecomeOneDocumentedException(): void
    {
        $cases = [
            'properties.bad.constraints.AllowedValues' => [new \RuntimeException('no options today'), static function (): array {
                throw new \RuntimeException('no options today');
            }],
            'properties.typo.constraints.Choice' => [\Error::class, static fn (): array => \undefined_function_of_a_tool()],
        ];
        foreach ($cases as $path => [$expected, $callback]) {
            $name = explode('.', $path)[1];
            $id = explode('.', $path)[3];
            $definition = new MapInputDefinition('M', '', property_definitions: [
                $name => new InputDefinition('string', 'S', '', constraints: [$id => ['callback' => $callback]]),
            ]);
            try {
                self::builder()->build($definition);
                self::fail('no exception');
            } catch (DefinitionException $e) {
                self::assertInstanceOf(\InvalidArgumentException::class, $e);
                self::assertStringStartsWith("$path: ", $e->getMessage());
                self::assertInstanceOf(\is_object($expected) ? \get_class($expected) : $expected, $e->getPrevious());
            }
        }

        // A value that holds itself (a PHP reference cycle) is refused at
        // the depth limit, never followed for ever.
        $cycle = ['x' => 1];
        $cycle['self'] = &$cycle;
        try {
            self::builder()->build(new InputDefinition('any', 'A', '', default_value: $cycle));
            self::fail('no exception');
        } catch (DefinitionException $e) {
            self::assertStringStartsWith('default.self.self.', $e->getMessage());
            self::assertStringEndsWith(': values nested deeper than 64 levels', $e->getMessage());
        }

        // A constraint option that is an object with no string form.
        $this->expectException(DefinitionException::class);
        $this->expectExceptionMessage('constraints.Choice.choices.0: stdClass cannot be carried into a definition array');
        self::builder()->build(new InputDefinition('string', 'S', '', constraints: ['Choice' => ['choices' => [new \stdClass()]]]));
    }

    /**
     * Bug 5: `multiple: TRUE`. Core (ContextDefinition::getDataDefinition())
     * puts the constraints on the list, the Tool module (InputDefinition::
     * getDataDefinition(), validateInputValue()) on the items: the list gets
     * those that bind a list, the items the others.
     */
    public function testMultiple(): void
    {
        $definition = new InputDefinition('string', 'Names', 'Some names', required: true, multiple: true, default_value: ['a'],
            constraints: ['NotBlank' => [], 'Length' => ['max' => 3], 'Count' => ['max' => 2]]);
        $array = self::builder()->build($definition);
        self::assertSame(self::json([
            'type' => 'list', 'label' => 'Names', 'description' => 'Some names', 'required' => true, 'default' => ['a'],
            'constraints' => ['NotBlank' => [], 'Count' => ['max' => 2]],
            'items' => ['type' => 'string', 'required' => true, 'constraints' => ['NotBlank' => [], 'Length' => ['max' => 3]]],
        ]), self::json($array));

        // What Drupal does with a required multi-value input sent empty:
        $tool = self::site()->tools()->createInstance('user_block');
        self::assertCount(0, $tool->validateInputValue($definition, []), 'the Tool module validates the first item only: [] passes');
        self::assertGreaterThan(0, \count($tool->validateInputValue($definition, ['ab'])), 'the Tool module puts Count on the item too: every item fails');
        $noCount = new InputDefinition('string', 'Names', '', multiple: true, constraints: ['NotBlank' => [], 'Length' => ['max' => 3]]);
        self::assertCount(0, $tool->validateInputValue($noCount, ['ab', 'abcd', '']), 'only the first item is validated');
        self::assertGreaterThan(0, \count($tool->validateInputValue($noCount, ['abcd'])), 'the item constraints');
        $notBlank = new InputDefinition('string', 'Names', '', multiple: true, constraints: ['NotBlank' => []]);
        self::assertGreaterThan(0, \count((new Context($notBlank, []))->validate()), 'core: an empty required list is null');
        try {
            (new Context($definition, ['ab']))->validate();
            self::fail('core validates Length on the list');
        } catch (\Symfony\Component\Validator\Exception\UnexpectedValueException $e) {
            self::assertStringContainsString('"array" given', $e->getMessage(), 'core: the constraints are on the list');
        }
        // The schema refuses [] (a subset of both).
        $schema = \ToolSchema\normalize_schema($array);
        self::assertSame('array', $schema['type']);
        self::assertSame(1, $schema['minItems']);
        self::assertSame(3, $schema['items']['maxLength']);

        // A multi-value map: the made-up map default is not the list's default.
        $maps = new MapInputDefinition('Rows', '', multiple: true, property_definitions: ['k' => new InputDefinition('string', 'K', '', default_value: 'x')]);
        self::assertSame(['k' => 'x'], $maps->getDefaultValue());
        $array = self::builder()->build($maps);
        self::assertSame('list', $array['type']);
        self::assertArrayNotHasKey('default', $array);
        self::assertSame('map', $array['items']['type']);
        self::assertSame('x', $array['items']['properties']['k']['default']);
    }

    /** Both implementations give the same schema for every kind of real definition, in every nullable style. */
    public function testBothImplementationsAgreeOnRealDefinitions(): void
    {
        $definitions = [
            new InputDefinition('string', 'S', '', multiple: true, constraints: ['Choice' => ['a', 'b']]),
            new ListInputDefinition('L', '', required: false, item_definition: new InputDefinition('email', 'E', '')),
            new MapInputDefinition('M', '', property_definitions: ['n' => new InputDefinition('float', 'N', '', required: false, constraints: ['Range' => ['min' => 0.5]])]),
            MapDataDefinition::create()->setPropertyDefinition('d', DataDefinition::create('datetime_iso8601')),
            new EntityInputDefinition('entity:user', 'U', ''),
        ];
        foreach ($definitions as $i => $definition) {
            $array = self::builder()->build($definition);
            foreach (['type_array', 'one_of', 'any_of'] as $style) {
                $outcomes = [];
                foreach (Implementations::normalizers() as $name => $normalize) {
                    $outcomes[$name] = Implementations::normalizeOutcome($normalize, $array, ['nullable' => $style]);
                }
                self::assertCount(1, array_unique($outcomes), "definition $i, $style");
                self::assertStringStartsWith('{', $outcomes['php']);
            }
        }
    }
}
