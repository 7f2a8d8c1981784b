<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\DependencyInjection\ContainerBuilder;
use Drupal\Core\DependencyInjection\YamlFileLoader;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool_schema\McpTools\ArgumentNormalizer;
use Drupal\tool_schema\McpTools\InputValidator;
use Drupal\tool_schema\McpTools\ToolSchemaConverter;
use PHPUnit\Framework\Attributes\PreserveGlobalState;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;
use PHPUnit\Framework\TestCase;

/**
 * The module's decorators of mcp_tools' two services, on mcp_tools' real
 * classes: the pinned archive (code-wheel's mcp_tools 1.0.0-alpha26) with
 * drupal/tool_schema/patches/mcp_tools-extension-points.patch applied (Deps::useMcpTools()),
 * its mcp_tools.services.yml read into the compiled container with the Tool
 * module's and the module's. The MCP clients' view of a whole site is the
 * site stage's (tests/site/).
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
#[RunTestsInSeparateProcesses]
#[PreserveGlobalState(false)]
final class ModuleMcpToolsTest extends TestCase
{
    private static function container(bool $enabled): ContainerBuilder
    {
        $deps = Deps::get();
        $deps->useOpis();
        $deps->useMcpTools(\dirname(__DIR__, 3) . '/drupal/tool_schema/patches/mcp_tools-extension-points.patch');
        $file = (new \ReflectionClass(\Drupal\mcp_tools\Mcp\ToolSchemaConverterInterface::class))->getFileName();
        $services = \dirname((string) $file, 3) . '/mcp_tools.services.yml';
        // Only the three services of the patch (and the logger channel the
        // validator takes): the rest of mcp_tools.services.yml needs
        // mcp_tools' other dependencies (the MCP SDK, ...).
        $before = static function (ContainerBuilder $container) use ($services): void {
            $all = new ContainerBuilder();
            (new YamlFileLoader($all))->load($services);
            foreach (['logger.channel.mcp_tools', 'mcp_tools.schema_converter', 'mcp_tools.argument_normalizer', 'mcp_tools.input_validator'] as $id) {
                $container->setDefinition($id, $all->getDefinition($id))->setPublic(true);
            }
        };
        return ModuleContainer::compiled($enabled, $before);
    }

    public function testTheDecoratorsTakeMcpToolsServices(): void
    {
        $container = self::container(true);
        self::assertInstanceOf(ToolSchemaConverter::class, $container->get('mcp_tools.schema_converter'));
        self::assertInstanceOf(ArgumentNormalizer::class, $container->get('mcp_tools.argument_normalizer'));
        self::assertInstanceOf(InputValidator::class, $container->get('mcp_tools.input_validator'));

        $without = self::container(false);
        self::assertInstanceOf(\Drupal\mcp_tools\Mcp\ToolApiSchemaConverter::class, $without->get('mcp_tools.schema_converter'));
        self::assertInstanceOf(\Drupal\mcp_tools\Mcp\UpcastingArgumentNormalizer::class, $without->get('mcp_tools.argument_normalizer'));
        self::assertInstanceOf(\Drupal\mcp_tools\Mcp\ToolInputValidator::class, $without->get('mcp_tools.input_validator'));
    }

    /**
     * tools/list and the tools/call validation get tool_schema's inputSchema
     * (tool_schema.input_schemas), annotations stay mcp_tools'; tools/call
     * arguments are repaired only where unambiguous ("1.5" for an integer
     * stays "1.5" where mcp_tools' upcasting makes it 1).
     */
    public function testSchemaAndArgumentsComeFromToolSchema(): void
    {
        $site = Site::boot();
        $container = self::container(true);
        $without = self::container(false);
        $tools = $container->get('plugin.manager.tool');
        $definition = $tools->getDefinition('entity_load_by_id');

        $ours = $container->get('mcp_tools.schema_converter');
        $theirs = $without->get('mcp_tools.schema_converter');
        self::assertSame(json_encode($container->get('tool_schema.input_schemas')->toolSchema($definition)), json_encode($ours->toolDefinitionToInputSchema($definition, 'entity_load_by_id')));
        self::assertNotSame(json_encode($theirs->toolDefinitionToInputSchema($definition)), json_encode($ours->toolDefinitionToInputSchema($definition)));
        self::assertSame($theirs->toolDefinitionToAnnotations($definition), $ours->toolDefinitionToAnnotations($definition));

        $sent = ['entity_type_id' => 'user', 'entity_id' => '1.5'];
        self::assertSame(['entity_type_id' => 'user', 'entity_id' => 1], $without->get('mcp_tools.argument_normalizer')->normalizeArguments($definition, $sent), 'mcp_tools upcasts');
        self::assertSame($sent, $container->get('mcp_tools.argument_normalizer')->normalizeArguments($definition, $sent), 'tool_schema leaves the ambiguous value for validation');
        self::assertSame(['entity_type_id' => 'user', 'entity_id' => 1], $container->get('mcp_tools.argument_normalizer')->normalizeArguments($definition, ['entity_type_id' => 'user', 'entity_id' => '1']));
    }

    /** A tool tool_schema cannot take: mcp_tools' own schema and upcasting for it, as before. */
    public function testABrokenToolGetsMcpToolsOwn(): void
    {
        $site = Site::boot();
        SiteChanges::addTool($site, 'tool_schema_mcp_broken', [
            'count' => new InputDefinition('integer', 'Count', ''),
            'thing' => new ThrowingInputDefinition('string', 'Thing', ''),
        ]);
        $container = self::container(true);
        $without = self::container(false);
        $definition = $container->get('plugin.manager.tool')->getDefinition('tool_schema_mcp_broken');
        self::assertNull($container->get('tool_schema.input_schemas')->toolSchema($definition));
        $converter = $container->get('mcp_tools.schema_converter');
        self::assertSame(json_encode($without->get('mcp_tools.schema_converter')->toolDefinitionToInputSchema($definition)), json_encode($converter->toolDefinitionToInputSchema($definition)));
        self::assertSame(['count' => 1], $container->get('mcp_tools.argument_normalizer')->normalizeArguments($definition, ['count' => '1.5']), 'mcp_tools\' upcasting, as before');
    }

    /**
     * The tools/call verdict: the served schema's, `{}` read as an object,
     * one message per violation naming the path; mcp_tools' own validator
     * refuses `{}` for a map and writes opis' templates. A tool without
     * entity inputs keeps its values after validation (toInputValues()).
     */
    public function testTheValidatorJudgesByTheServedSchema(): void
    {
        Site::boot();
        $container = self::container(true);
        $without = self::container(false);
        $definition = $container->get('plugin.manager.tool')->getDefinition('log_message');
        $ours = $container->get('mcp_tools.input_validator');
        $theirs = $without->get('mcp_tools.input_validator');

        $empty = ['message' => 'x', 'context' => []];
        self::assertSame(['valid' => true, 'errors' => []], $ours->validate($definition, $empty));
        self::assertFalse($theirs->validate($definition, $empty)['valid'], 'mcp_tools json-encodes [] as a list');

        $result = $ours->validate($definition, ['message' => 'x', 'level' => 'loud']);
        self::assertFalse($result['valid']);
        self::assertCount(1, $result['errors']);
        self::assertSame('level', $result['errors'][0]['path']);
        self::assertStringStartsWith('level: expected one of "emergency", "alert"', $result['errors'][0]['message']);
        self::assertStringEndsWith('got string "loud"', $result['errors'][0]['message']);
        $messages = implode("\n", array_column($theirs->validate($definition, ['message' => 5])['errors'], 'message'));
        self::assertStringContainsString('{expected}', $messages, 'mcp_tools leaves opis\' templates unfilled');
        self::assertSame([['message' => 'message: expected string, got integer 5', 'path' => 'message', 'keyword' => 'type']], $ours->validate($definition, ['message' => 5])['errors']);

        $normalizer = $container->get('mcp_tools.argument_normalizer');
        self::assertSame(['message' => 'x', 'level' => 'info'], $normalizer->toInputValues($definition, ['message' => 'x', 'level' => 'info']));
    }

    /** A served schema the JSON Schema validator cannot compile: mcp_tools' verdict, logged. */
    public function testAValidatorFailureFallsBackToMcpTools(): void
    {
        Site::boot();
        $without = self::container(false);
        $definition = $without->get('plugin.manager.tool')->getDefinition('log_message');
        $logger = new CollectingLogger();
        $inner = $without->get('mcp_tools.input_validator');
        // An unknown type: opis (and ajv) refuse to compile the schema.
        $validator = new InputValidator($inner, self::serving(['type' => 'object', 'properties' => ['message' => ['type' => 'strin']]]), $logger);
        $arguments = ['message' => 5];
        self::assertSame($inner->validate($definition, $arguments), $validator->validate($definition, $arguments));
        self::assertCount(1, $logger->records);
        self::assertStringContainsString('validated by mcp_tools', json_encode($logger->records));
    }

    /**
     * A pattern that is no ECMA-262 pattern (or that PCRE cannot run as
     * ECMA-262 reads it): the schema's verdict without it, logged once; the
     * call never fails for it.
     */
    public function testAnUntranslatedPatternIsNotCheckedAndLogged(): void
    {
        Site::boot();
        $without = self::container(false);
        $definition = $without->get('plugin.manager.tool')->getDefinition('log_message');
        $logger = new CollectingLogger();
        $inner = $without->get('mcp_tools.input_validator');
        $validator = new InputValidator($inner, self::serving(['type' => 'object', 'properties' => ['message' => ['type' => 'string', 'pattern' => '[']]]), $logger);
        self::assertSame([['message' => 'message: expected string, got integer 5', 'path' => 'message', 'keyword' => 'type']], $validator->validate($definition, ['message' => 5])['errors']);
        self::assertSame(['valid' => true, 'errors' => []], $validator->validate($definition, ['message' => 'x']));
        self::assertCount(1, $logger->records, 'logged once');
        self::assertStringContainsString('is not checked', json_encode($logger->records));
    }

    /** @param array<string, mixed> $schema */
    private static function serving(array $schema): \Drupal\tool_schema\ToolInputSchemasInterface
    {
        return new class ($schema) implements \Drupal\tool_schema\ToolInputSchemasInterface {
            public function __construct(private readonly array $schema)
            {
            }

            public function toolSchema(\Drupal\tool\Tool\ToolDefinition|string $tool, ?array &$warnings = null): ?array
            {
                return $this->schema;
            }
        };
    }
}
