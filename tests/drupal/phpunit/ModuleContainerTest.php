<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Cache\MemoryBackendFactory;
use Drupal\Core\DependencyInjection\ContainerBuilder;
use Drupal\Core\DependencyInjection\YamlFileLoader;
use Drupal\serialization\RegisterSerializationClassesCompilerPass;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\MapInputDefinition;
use Drupal\tool_schema\EventSubscriber\InputCoercionSubscriber;
use Drupal\tool_schema\InputCoercer;
use Drupal\tool_schema\InputCoercerInterface;
use Drupal\tool_schema\Normalizer\InputDefinitionNormalizer;
use Drupal\tool_schema\Schema\InputSchemaCache;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Drupal\tool_schema\ToolInputSchemas;
use Drupal\tool_schema\ToolInputSchemasInterface;
use Drupal\tool_schema\ToolSchemaServiceProvider;
use PHPUnit\Framework\Attributes\PreserveGlobalState;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;
use PHPUnit\Framework\TestCase;
use Symfony\Component\DependencyInjection\Argument\ServiceClosureArgument;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\Serializer\Exception\NotNormalizableValueException;
use Symfony\Component\Serializer\Serializer;

/**
 * The module as a compiled container has it: the Tool module's
 * tool.services.yml and the module's tool_schema.services.yml read by core's
 * YamlFileLoader into core's ContainerBuilder, the module's service provider
 * run as DrupalKernel runs it (register() with the services, alter() after
 * every module's), core serialization's compiler pass, then compile(). The
 * services outside the two files (core's, the Tool module's plugin manager
 * parent) are the booted site's, set as synthetic services; the two parents
 * the YAML names (logger.channel_base, default_plugin_manager) are read from
 * core.services.yml.
 *
 * "Uninstalled" is the same container without the module's file and
 * provider: what a container rebuild after uninstalling gives. The fallback
 * test adds a tool to the site, so each test runs in a process of its own.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
#[RunTestsInSeparateProcesses]
#[PreserveGlobalState(false)]
final class ModuleContainerTest extends TestCase
{
    public function testTheAlterationIsWhatTheYamlAndTheProviderGive(): void
    {
        $container = ModuleContainer::builder(true);
        $tool = $container->getDefinition(ToolSchemaServiceProvider::TOOL_NORMALIZER);
        self::assertSame('Drupal\tool\Normalizer\ContextDefinitionNormalizer', $tool->getClass(), 'the Tool module\'s service is kept ...');
        self::assertFalse($tool->hasTag('normalizer'), '... out of the serializer');
        // Core serialization's normalizers, which ModuleContainer registers as
        // serialization.tool_schema_test.*, come after the Tool module's.
        $core = array_map(static fn (int $i): string => "serialization.tool_schema_test.$i", range(0, 4));
        if (!self::toolNormalizersLoad()) {
            // Drupal 11.4: the three are replaced, none is a fallback.
            $replaced = $container->getParameter(ToolSchemaServiceProvider::REPLACED);
            self::assertSame(ToolSchemaServiceProvider::TOOL_NORMALIZERS, array_map(static fn (array $r): string => $r['class'], $replaced));
            foreach (ToolSchemaServiceProvider::TOOL_NORMALIZERS as $id => $class) {
                self::assertFalse($container->getDefinition($id)->hasTag('normalizer'), "$id untagged");
                self::assertStringContainsString("$class::normalize() returns", implode(' ', $replaced[$id]['reasons']));
            }
            self::assertNull($container->getDefinition(ToolSchemaServiceProvider::NORMALIZER)->getArgument(1), 'no fallback');
            (new RegisterSerializationClassesCompilerPass())->process($container);
            self::assertSame([ToolSchemaServiceProvider::NORMALIZER, ...$core], array_map('strval', $container->getDefinition('serializer')->getArgument(0)));
            self::assertToolNormalizersNotLoaded();
            return;
        }
        self::assertSame([], $container->getParameter(ToolSchemaServiceProvider::REPLACED), 'they load: none replaced');

        $ours = $container->getDefinition(ToolSchemaServiceProvider::NORMALIZER);
        self::assertSame(InputDefinitionNormalizer::class, $ours->getClass());
        self::assertSame([['priority' => 1100]], $ours->getTag('normalizer'));
        self::assertEquals(new Reference('tool_schema.input_schema_cache'), $ours->getArgument(0));
        $fallback = $ours->getArgument(1);
        self::assertInstanceOf(ServiceClosureArgument::class, $fallback, 'the Tool module\'s normalizer, loaded only when needed');
        self::assertEquals([new Reference(ToolSchemaServiceProvider::TOOL_NORMALIZER, ContainerInterface::NULL_ON_INVALID_REFERENCE)], $fallback->getValues());

        $calls = $container->getDefinition('plugin.manager.tool')->getMethodCalls();
        self::assertEquals([['setCacheBackend', [new Reference('cache.discovery'), 'tool_plugins', ['tool_plugins']]]], $calls);
        self::assertFalse(class_exists(ToolSchemaServiceProvider::INPUT_EVENT), 'the Tool module snapshot has no input event');
        self::assertFalse($container->hasDefinition(ToolSchemaServiceProvider::SUBSCRIBER), 'so no subscriber');

        // The serializer's normalizers in the order the compiler pass gives.
        (new RegisterSerializationClassesCompilerPass())->process($container);
        $order = array_map('strval', $container->getDefinition('serializer')->getArgument(0));
        self::assertSame([ToolSchemaServiceProvider::NORMALIZER, 'tool.normalizer.legacy_data_definition', 'tool.normalizer.map_data_definition', ...$core], $order);

        $without = ModuleContainer::builder(false);
        (new RegisterSerializationClassesCompilerPass())->process($without);
        self::assertSame(['tool.normalizer.legacy_data_definition', 'tool.normalizer.context_definition', 'tool.normalizer.map_data_definition', ...$core], array_map('strval', $without->getDefinition('serializer')->getArgument(0)), 'uninstalled: the Tool module\'s own');
        self::assertSame([], $without->getDefinition('plugin.manager.tool')->getMethodCalls());
    }

    /** A Tool module normalizer under another id is found by its class. */
    public function testARenamedToolNormalizerIsFoundByItsClass(): void
    {
        $container = ModuleContainer::builder(false);
        $container->setDefinition('mysite.context_definition_normalizer', $container->getDefinition(ToolSchemaServiceProvider::TOOL_NORMALIZER));
        $container->removeDefinition(ToolSchemaServiceProvider::TOOL_NORMALIZER);
        (new YamlFileLoader($container))->load(ModuleContainer::MODULE . '/tool_schema.services.yml');
        (new ToolSchemaServiceProvider())->alter($container);
        self::assertFalse($container->getDefinition('mysite.context_definition_normalizer')->hasTag('normalizer'));
        if (!self::toolNormalizersLoad()) {
            self::assertArrayHasKey('mysite.context_definition_normalizer', $container->getParameter(ToolSchemaServiceProvider::REPLACED));
            self::assertNull($container->getDefinition(ToolSchemaServiceProvider::NORMALIZER)->getArgument(1));
            return;
        }
        self::assertEquals([new Reference('mysite.context_definition_normalizer', ContainerInterface::NULL_ON_INVALID_REFERENCE)], $container->getDefinition(ToolSchemaServiceProvider::NORMALIZER)->getArgument(1)->getValues());
    }

    /**
     * The tests that use it need a Tool module normalizer: the container
     * without tool_schema (uninstalled), whose serializer instantiates all
     * three, or the Tool module's normalizer as the fallback. On Drupal 11.4
     * those classes are a fatal error to load; with tool_schema they are out
     * of the serializer there (testTheAlterationIsWhatTheYamlAndTheProviderGive),
     * and testTheModuleServesSchemasWhereTheToolModulesNormalizersBreak and
     * testNestedDefinitionsInOneCall show what the module serves.
     */
    private static function skipWhereTheSerializerCannotBeBuilt(): void
    {
        if (!Site::toolNormalizersLoad()) {
            self::markTestSkipped('Drupal ' . \Drupal::VERSION . ': this test needs a Tool module normalizer (the container without tool_schema, '
                . 'or the Tool module\'s normalizer as the fallback), and the snapshot\'s are a fatal error to load on this core '
                . '(ComplexDataNormalizer::normalize() returns array)');
        }
    }

    /**
     * On every core, Drupal 11.4 included (where the Tool module snapshot's
     * normalizers are a fatal error): the module's compiled services serve
     * the schema of every tool (tool_schema.input_schemas, what the MCP
     * integration asks for), and tool_schema's normalizer, with core
     * serialization's normalizers and no Tool module class, gives each
     * input's schema through a serializer. No class of the Tool module's
     * Normalizer namespace is loaded on 11.4.
     */
    public function testTheModuleServesSchemasWhereTheToolModulesNormalizersBreak(): void
    {
        $site = Site::boot();
        $container = ModuleContainer::compiled(true);
        $schemas = $container->get('tool_schema.input_schemas');
        $generator = new InputSchemaGenerator(Schemas::builder($site));
        $serializer = Schemas::serializer($generator);
        $served = $inputs = 0;
        foreach ($container->get('plugin.manager.tool')->getDefinitions() as $id => $tool) {
            $schema = $schemas->toolSchema((string) $id);
            self::assertIsArray($schema, (string) $id);
            $served++;
            foreach ($tool->getInputDefinitions() as $name => $input) {
                $expected = json_encode($generator->schema($input, null, (string) $name));
                self::assertSame($expected, json_encode($schema['properties'][$name]), "$id.$name");
                // Through the serializer the generator has no name: the label stays.
                self::assertSame(json_encode($generator->schema($input)), json_encode($serializer->normalize($input, 'json_schema')), "$id.$name through the serializer");
                $inputs++;
            }
        }
        self::assertSame(33, $served, 'every tool of the Tool module');
        self::assertSame(91, $inputs);
        if (!Site::toolNormalizersLoad()) {
            foreach (get_declared_classes() as $class) {
                self::assertStringStartsNotWith('Drupal\\tool\\Normalizer\\', $class, 'no Tool module normalizer loaded');
            }
        }
    }

    /**
     * The compiled container: the services the site engineer's integration
     * asks for, and the serializer giving tool_schema's schemas; uninstalled,
     * the Tool module's again.
     */
    public function testTheCompiledContainerSwitchesTheSerializer(): void
    {
        self::skipWhereTheSerializerCannotBeBuilt();
        $site = Site::boot();
        $container = ModuleContainer::compiled(true);
        self::assertInstanceOf(InputSchemaCache::class, $container->get('tool_schema.input_schema_cache'));
        self::assertInstanceOf(InputSchemaGenerator::class, $container->get('tool_schema.input_schema'));
        self::assertInstanceOf(ToolInputSchemas::class, $container->get('tool_schema.input_schemas'));
        self::assertSame($container->get('tool_schema.input_schemas'), $container->get(ToolInputSchemasInterface::class));
        self::assertInstanceOf(InputCoercer::class, $container->get('tool_schema.input_coercer'));
        self::assertSame($container->get('tool_schema.input_coercer'), $container->get(InputCoercerInterface::class));
        self::assertSame(['tool_plugins'], $container->get('plugin.manager.tool')->getCacheTags());
        self::assertFalse($container->has('tool_schema.mcp_tools.schema_converter'), 'no mcp_tools: its decorations ignored');
        self::assertFalse($container->has('tool_schema.mcp_tools.argument_normalizer'));

        $definition = $site->tools()->getDefinition('entity_bundle_delete')->getInputDefinition('entity_type_id');
        $generator = new InputSchemaGenerator(Schemas::builder($site));
        $serializer = $container->get('serializer');
        // The site's definition object is of no tool of this container's
        // plugin manager: normalized alone, without a name (its label stays).
        self::assertSame(json_encode($generator->schema($definition)), json_encode($serializer->normalize($definition, 'json_schema')));
        $tool = $container->get('tool_schema.input_schemas')->toolSchema('entity_bundle_delete', $warnings);
        // In its tool, the label that only restates the name is left out (issue 30).
        self::assertSame(json_encode($generator->schema($definition, null, 'entity_type_id')), json_encode($tool['properties']['entity_type_id']), 'a tool\'s schema holds the same input schemas');
        self::assertSame([], $warnings);
        $served = 0;
        foreach ($container->get('plugin.manager.tool')->getDefinitions() as $id => $tool) {
            $served += \is_array($container->get('tool_schema.input_schemas')->toolSchema($tool)) ? 1 : 0;
        }
        self::assertSame(33, $served, 'every tool of the Tool module');
        if (!self::toolNormalizersLoad()) {
            // Drupal 11.4: uninstalled, the serializer would load them (a fatal error).
            self::assertToolNormalizersNotLoaded();
            return;
        }

        $uninstalled = ModuleContainer::compiled(false)->get('serializer');
        self::assertSame(json_encode($site->container->get('serializer')->normalize($definition, 'json_schema')), json_encode($uninstalled->normalize($definition, 'json_schema')), 'uninstalled: the Tool module\'s schema');
        self::assertNotSame(json_encode($generator->schema($definition)), json_encode($uninstalled->normalize($definition, 'json_schema')));
    }

    /**
     * One broken definition: logged on the tool_schema channel, served as the
     * Tool module serves it, the others of its tool unaffected.
     * - A definition normalize_schema() refuses (a malformed option, which
     *   the Tool module ignores): the Tool module's schema for that input.
     * - A PluginExists naming a plugin manager that does not exist, and a
     *   Choice callback that throws: the Tool module's normalizer throws on
     *   them too, and the serializer throws what it throws, as before the
     *   module was enabled; toolSchema() answers NULL for the tool (the
     *   integration serves its own), and other tools are unaffected.
     */
    public function testABrokenDefinitionFallsBackToTheToolModule(): void
    {
        self::skipWhereTheSerializerCannotBeBuilt();
        $site = Site::boot();
        $logger = new CollectingLogger();
        $site->container->get('logger.factory')->addLogger($logger);
        $container = ModuleContainer::compiled(true);
        $serializer = $container->get('serializer');
        $before = $site->container->get('serializer');

        $good = new InputDefinition('string', 'Good', '', constraints: ['Length' => ['max' => 3]]);
        $malformed = new InputDefinition('string', 'Malformed', '', constraints: ['Length' => ['max' => 'ten']]);
        if (!self::toolNormalizersLoad()) {
            // Drupal 11.4: no Tool module normalizer to fall back to: the
            // serializer's own exception, tool_schema's error its message.
            $thrown = self::thrown(static fn () => $serializer->normalize($malformed, 'json_schema'));
            self::assertInstanceOf(NotNormalizableValueException::class, $thrown);
            self::assertStringContainsString('the input definition "Malformed"', $thrown->getMessage());
            self::assertStringContainsString('constraints.Length.max', $thrown->getMessage());
            self::assertInstanceOf(\ValueError::class, $thrown->getPrevious());
            self::assertSame(3, $serializer->normalize($good, 'json_schema')['maxLength'], 'the others unaffected');
            self::assertToolNormalizersNotLoaded();
            return;
        }
        self::assertSame(json_encode($before->normalize($malformed, 'json_schema')), json_encode($serializer->normalize($malformed, 'json_schema')));
        $errors = array_values(array_filter($logger->records, static fn (array $r): bool => $r['context']['channel'] === 'tool_schema' && $r['context']['@label'] === 'Malformed'));
        self::assertCount(1, $errors);
        self::assertStringContainsString('constraints.Length.max', $errors[0]['context']['@error']);
        self::assertSame(3, $serializer->normalize($good, 'json_schema')['maxLength']);

        $missing = new InputDefinition('string', 'Missing', '', constraints: ['PluginExists' => ['manager' => 'plugin.manager.tool_schema_none']]);
        $throws = new InputDefinition('string', 'Throws', '', constraints: ['Choice' => ['callback' => static function (): array {
            throw new \RuntimeException('the choices are not there');
        }]]);
        foreach (['Missing' => $missing, 'Throws' => $throws] as $label => $broken) {
            $logger->records = [];
            $theirs = self::thrown(static fn () => $before->normalize($broken, 'json_schema'));
            self::assertNotNull($theirs, "$label: the Tool module throws");
            $ours = self::thrown(static fn () => $serializer->normalize($broken, 'json_schema'));
            self::assertSame([$theirs::class, $theirs->getMessage()], [$ours::class, $ours->getMessage()], "$label: as before the module");
            self::assertSame(\Drupal\Core\Logger\RfcLogLevel::ERROR, $logger->records[0]['level'], "$label: logged");
            self::assertSame($label, $logger->records[0]['context']['@label']);
        }

        SiteChanges::addTool($site, 'tool_schema_broken', ['good' => $good, 'missing' => $missing]);
        $schemas = ModuleContainer::compiled(true)->get('tool_schema.input_schemas');
        $logger->records = [];
        self::assertNull($schemas->toolSchema('tool_schema_broken'));
        // Both records name the tool: the input's (its build) and the tool's.
        $tool = array_values(array_filter($logger->records, static fn (array $r): bool => ($r['context']['@tool'] ?? null) === 'tool_schema_broken'));
        self::assertSame(['Missing', null], array_map(static fn (array $r): ?string => $r['context']['@label'] ?? null, $tool));
        self::assertStringContainsString('input of the @tool tool', $tool[0]['message']);
        self::assertStringContainsString('the inputs of the @tool tool', $tool[1]['message']);
        self::assertStringContainsString('plugin.manager.tool_schema_none', $tool[1]['context']['@error']);
        self::assertIsArray($schemas->toolSchema('entity_bundle_delete'), 'the other tools are unaffected');
    }

    /**
     * An input definition that throws when it is read (its getLabel()): its
     * tool gets no schema from tool_schema.input_schemas (NULL, logged), the
     * tool's other input still gets tool_schema's schema through the
     * serializer and its repairs, the broken one's value passes unchanged,
     * and the other tools are unaffected.
     */
    public function testAnInputDefinitionThatThrowsBreaksNothingElse(): void
    {
        self::skipWhereTheSerializerCannotBeBuilt();
        $site = Site::boot();
        $logger = new CollectingLogger();
        $site->container->get('logger.factory')->addLogger($logger);
        $throwing = new ThrowingInputDefinition('string', 'Thing', '');
        $good = new InputDefinition('integer', 'Count', '', required: false);
        SiteChanges::addTool($site, 'tool_schema_throwing', ['thing' => $throwing, 'count' => $good]);
        $container = ModuleContainer::compiled(true);

        $schemas = $container->get('tool_schema.input_schemas');
        self::assertNull($schemas->toolSchema('tool_schema_throwing'));
        $logged = array_values(array_filter($logger->records, static fn (array $r): bool => ($r['context']['@tool'] ?? null) === 'tool_schema_throwing'));
        self::assertCount(2, $logged, 'the input\'s error and the tool\'s, both naming the tool');
        self::assertSame('', $logged[0]['context']['@label'], 'a label that throws is not asked for again');
        self::assertStringContainsString('this input definition throws on purpose', $logged[1]['context']['@error']);
        self::assertIsArray($schemas->toolSchema('entity_list'), 'the other tools are unaffected');

        $definition = $container->get('plugin.manager.tool')->getDefinition('tool_schema_throwing');
        $count = $definition->getInputDefinition('count');
        $expected = (new InputSchemaGenerator(Schemas::builder($site)))->schema($count, null, 'count');
        self::assertSame(json_encode($expected), json_encode($container->get('serializer')->normalize($count, 'json_schema')));

        $coercer = $container->get('tool_schema.input_coercer');
        self::assertSame(['thing' => ' x ', 'count' => 5], $coercer->coerce($definition, ['thing' => ' x ', 'count' => '5']));
    }

    /**
     * tool_schema.input_coercer, as the mcp_tools integration calls it: a
     * tool call's arguments by plugin id, plugin definition or input
     * definitions; what the tool has no input for is kept as sent.
     */
    public function testTheCoercerRepairsAToolCallsArguments(): void
    {
        $site = Site::boot();
        $coercer = ModuleContainer::compiled(true)->get('tool_schema.input_coercer');
        $sent = ['entity_type_id' => 'user', 'amount' => '5', 'offset' => 2.0, 'unknown' => '7'];
        $repaired = ['entity_type_id' => 'user', 'amount' => 5, 'offset' => 2, 'unknown' => '7'];
        $definition = $site->tools()->getDefinition('entity_list');
        self::assertSame($repaired, $coercer->coerce('entity_list', $sent));
        self::assertSame($repaired, $coercer->coerce($definition, $sent));
        self::assertSame($repaired, $coercer->coerce($definition->getInputDefinitions(), $sent));
        self::assertSame(['amount' => 'five'], $coercer->coerce('entity_list', ['amount' => 'five']), 'not unambiguous: as sent');
        self::assertSame(5, $coercer->coerceValue($definition->getInputDefinition('amount'), '5'));
        $this->expectException(\Drupal\Component\Plugin\Exception\PluginNotFoundException::class);
        $coercer->coerce('tool_schema_no_such_tool', $sent);
    }

    /**
     * On a Tool module release with the input event, register() adds the
     * coercion subscriber (priority 50), and it repairs the event's value.
     * No such release is among the pinned sources: the event here is a
     * stand-in with the API the subscriber assumes (getDefinition(),
     * getValue(), setValue()), declared in this test's own process; what is
     * tested is the module's switch on the class and the subscriber's
     * wiring, not the Tool module's event.
     */
    public function testOnAReleaseWithTheInputEventTheSubscriberIsRegistered(): void
    {
        $site = Site::boot();
        eval(<<<'PHP'
            namespace Drupal\tool\Event;
            final class ToolInputTransformEvent {
              public function __construct(private \Drupal\Core\Plugin\Context\ContextDefinitionInterface $definition, private mixed $value) {}
              public function getDefinition(): \Drupal\Core\Plugin\Context\ContextDefinitionInterface { return $this->definition; }
              public function getValue(): mixed { return $this->value; }
              public function setValue(mixed $value): void { $this->value = $value; }
            }
            PHP);
        $container = ModuleContainer::builder(true);
        $subscriber = $container->getDefinition(ToolSchemaServiceProvider::SUBSCRIBER);
        self::assertSame(InputCoercionSubscriber::class, $subscriber->getClass());
        self::assertTrue($subscriber->hasTag('event_subscriber'));
        self::assertEquals([new Reference('tool_schema.input_coercer')], $subscriber->getArguments());
        self::assertSame([ToolSchemaServiceProvider::INPUT_EVENT => ['onInputTransform', 50]], InputCoercionSubscriber::getSubscribedEvents());

        $container->compile();
        foreach (ModuleContainer::SITE_SERVICES as $id) {
            $container->set($id, $site->container->get($id));
        }
        // Called as the event dispatcher calls a subscriber's listener
        // (psr/event-dispatcher, which Symfony's dispatcher needs, is not
        // among the test's sources).
        $subscriber = $container->get(ToolSchemaServiceProvider::SUBSCRIBER);
        [$method] = InputCoercionSubscriber::getSubscribedEvents()[ToolSchemaServiceProvider::INPUT_EVENT];
        $amount = $site->tools()->getDefinition('entity_list')->getInputDefinition('amount');
        $event = new (ToolSchemaServiceProvider::INPUT_EVENT)($amount, '5');
        $subscriber->{$method}($event);
        self::assertSame(5, $event->getValue());
        $event = new (ToolSchemaServiceProvider::INPUT_EVENT)($amount, 'five');
        $subscriber->{$method}($event);
        self::assertSame('five', $event->getValue(), 'not unambiguous: as sent');
    }

    /** A map input (LogMessage's context and the like) goes through the module's normalizer in one call. */
    public function testNestedDefinitionsInOneCall(): void
    {
        $serializer = ModuleContainer::compiled(true)->get('serializer');
        $map = new MapInputDefinition('Search', '', property_definitions: ['q' => new InputDefinition('string', 'Q', '', constraints: ['Length' => ['max' => 5]])]);
        $schema = $serializer->normalize($map, 'json_schema');
        self::assertFalse($schema['additionalProperties']);
        self::assertSame(5, $schema['properties']['q']['maxLength']);
    }

    /**
     * The targeted check on this core and the Tool module's three normalizer
     * classes: loadable before Drupal 11.4 (10.6, 11.3), not on 11.4, where
     * core's ComplexDataNormalizer::normalize() returns array and their
     * files declare a wider type; decided without loading them.
     * (CoreVersionTest loads them.)
     */
    public function testTheToolNormalizersAreCheckedOnThisCore(): void
    {
        $replaced = ModuleContainer::builder(true)->getParameter(ToolSchemaServiceProvider::REPLACED);
        if (self::toolNormalizersLoad()) {
            self::assertSame([], $replaced);
            return;
        }
        foreach (ToolSchemaServiceProvider::TOOL_NORMALIZERS as $id => $class) {
            self::assertSame(["$class::normalize() returns array|string|int|float|bool|\\ArrayObject|NULL, wider than Drupal\\serialization\\Normalizer\\ComplexDataNormalizer::normalize()'s array: loading the class is a fatal error"], $replaced[$id]['reasons']);
        }
        self::assertToolNormalizersNotLoaded();
    }

    /**
     * The check reads each class's own declaration: on a core whose
     * ComplexDataNormalizer::normalize() returns array, a Tool module
     * normalizer declaring array loads, one declaring a wider type or whose
     * file is not found does not (a Tool module directory written here).
     */
    public function testTheCheckReadsEachDeclaration(): void
    {
        $dir = sys_get_temp_dir() . '/tool_schema_check_' . getmypid();
        @mkdir("$dir/Normalizer", 0777, true);
        $declare = static fn (string $name, string $type): int|false => file_put_contents("$dir/Normalizer/$name.php", "<?php\nnamespace Drupal\\tool\\Normalizer;\nclass $name extends \\Drupal\\serialization\\Normalizer\\ComplexDataNormalizer {\n  public function normalize(\$object, \$format = NULL, array \$context = []): $type {\n    return [];\n  }\n}\n");
        $declare('ContextDefinitionNormalizer', 'array');
        $declare('MapDefinitionNormalizer', 'array|\\ArrayObject|null');
        $container = new \Drupal\Core\DependencyInjection\ContainerBuilder();
        $container->setParameter('container.namespaces', ['Drupal\tool' => $dir]);
        foreach (ToolSchemaServiceProvider::TOOL_NORMALIZERS as $id => $class) {
            $container->register($id, $class);
        }
        (new ToolSchemaServiceProvider())->alter($container);
        $replaced = $container->getParameter(ToolSchemaServiceProvider::REPLACED);
        array_map('unlink', glob("$dir/Normalizer/*.php"));
        rmdir("$dir/Normalizer");
        rmdir($dir);
        if (self::toolNormalizersLoad()) {
            self::assertSame([], $replaced, 'core returns the wide type: every declaration loads');
            return;
        }
        self::assertSame(['tool.normalizer.map_data_definition', 'tool.normalizer.legacy_data_definition'], array_keys($replaced));
        self::assertStringContainsString('returns array|\\ArrayObject|null, wider than', $replaced['tool.normalizer.map_data_definition']['reasons'][0]);
        self::assertStringContainsString('its source file is not under', $replaced['tool.normalizer.legacy_data_definition']['reasons'][0]);
    }

    /** The expectation of the running core, by its version (CoreVersionTest checks Site's answer against a real load). */
    private static function toolNormalizersLoad(): bool
    {
        return version_compare(Site::boot()->deps->version, '11.4', '<');
    }

    private static function assertToolNormalizersNotLoaded(): void
    {
        foreach (ToolSchemaServiceProvider::TOOL_NORMALIZERS as $class) {
            self::assertFalse(class_exists($class, false), "$class not loaded");
        }
    }

    private static function thrown(\Closure $f): ?\Throwable
    {
        try {
            $f();
        } catch (\Throwable $e) {
            return $e;
        }
        return null;
    }
}
