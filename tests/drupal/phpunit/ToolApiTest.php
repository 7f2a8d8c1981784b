<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\PhpUnit;

use Drupal\tool_schema\DependencyInjection\ToolApi;
use Drupal\tool_schema\ToolSchemaServiceProvider;
use PHPUnit\Framework\Attributes\PreserveGlobalState;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;
use PHPUnit\Framework\TestCase;
use ToolSchema\Tests\Drupal\ModuleContainer;

/**
 * The module on the Tool module it is tested with, and on one that lacks
 * what it reads (a stand-in: input definitions that are no core context
 * definitions, as from Tool 1.0.0-beta10 on): there it stands aside (no
 * serializer switch, no decorator) and the status report says why, with the
 * releases tested.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
#[RunTestsInSeparateProcesses]
#[PreserveGlobalState(false)]
final class ToolApiTest extends TestCase
{
    public function testTheTestedToolModuleHasWhatTheModuleReads(): void
    {
        self::assertSame([], ToolApi::missing());
        $container = ModuleContainer::builder(true);
        self::assertSame([], $container->getParameter(ToolApi::MISSING));
        self::assertTrue($container->getDefinition(ToolSchemaServiceProvider::NORMALIZER)->hasTag('normalizer'));
        self::assertFalse($container->getDefinition(ToolSchemaServiceProvider::TOOL_NORMALIZER)->hasTag('normalizer'), 'switched');
        $report = ToolApi::report([], null);
        self::assertFalse($report['error']);
        self::assertSame('a Tool module without a version (a git checkout?)', $report['value']);
        self::assertStringContainsString('2025-12-16', $report['description']);
        self::assertStringContainsString('mcp_tools 1.0.0-alpha26', $report['description']);
    }

    public function testItStandsAsideOnAToolModuleWithoutContextDefinitions(): void
    {
        $standin = \dirname(__DIR__) . '/fixtures/tool_standin/TypedData/InputDefinitionInterface.php';
        spl_autoload_register(static function (string $class) use ($standin): void {
            if ($class === 'Drupal\tool\TypedData\InputDefinitionInterface') {
                require $standin;
            }
        }, true, true);
        self::assertSame(['input definitions that are core context definitions (Drupal\tool\TypedData\InputDefinitionInterface extending Drupal\Core\Plugin\Context\ContextDefinitionInterface)'], ToolApi::missing());

        $container = ModuleContainer::builder(true);
        self::assertSame(ToolApi::missing(), $container->getParameter(ToolApi::MISSING));
        self::assertFalse($container->getDefinition(ToolSchemaServiceProvider::NORMALIZER)->hasTag('normalizer'), 'not in the serializer');
        self::assertTrue($container->getDefinition(ToolSchemaServiceProvider::TOOL_NORMALIZER)->hasTag('normalizer'), 'the Tool module\'s normalizer stays');
        foreach ($container->getDefinitions() as $id => $definition) {
            if (str_starts_with($id, 'tool_schema.')) {
                self::assertNull($definition->getDecoratedService(), "$id decorates nothing");
            }
        }
        self::assertFalse($container->hasDefinition(ToolSchemaServiceProvider::SUBSCRIBER));
        $container->compile();

        $report = ToolApi::report($container->getParameter(ToolApi::MISSING), '1.0.0-beta12');
        self::assertTrue($report['error']);
        self::assertSame('Tool module 1.0.0-beta12: tool_schema stands aside', $report['value']);
        self::assertStringContainsString('lacks what tool_schema reads: input definitions that are core context definitions', $report['description']);
        self::assertStringContainsString('Tested with the Tool module snapshot of 2025-12-16', $report['description']);
    }
}
