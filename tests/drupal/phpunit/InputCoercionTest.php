<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Drupal\Core\Logger\RfcLogLevel;
use PHPUnit\Framework\Attributes\PreserveGlobalState;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;
use PHPUnit\Framework\TestCase;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\InputCoercer;

/**
 * Where LLM and MCP input enters a tool: every invoker (the AI module's
 * tool_ai_connector, the Tool module's execute form, MCP servers) calls
 * TypedInputsInterface::setInputValue(), which hands the value to typed data
 * at once (Context::createFromContext()): a JSON string for a map is refused
 * there, before any validation. This snapshot of the Tool module fires no
 * event on the way, so coercion hooks in with the patch
 * drupal/tool_schema/patches/tool-input-coercion.patch (setInputValue() asks the
 * tool_schema.input_coercer service, when there is one), applied here to the
 * real TypedInputsTrait (in a process of its own: the trait is loaded once),
 * with tool_schema's InputCoercer as that service.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
#[RunTestsInSeparateProcesses]
#[PreserveGlobalState(false)]
final class InputCoercionTest extends TestCase
{
    private static function patchedSite(bool $withService): array
    {
        $deps = Deps::get();
        $deps->useToolPatch(\dirname(__DIR__, 3) . '/drupal/tool_schema/patches/tool-input-coercion.patch');
        $site = Site::boot();
        $collector = new CollectingLogger();
        $site->container->get('logger.factory')->addLogger($collector);
        if ($withService) {
            $builder = new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($site->container, $site->container->get('entity_type.bundle.info'), $site->container->get('country_manager')));
            $site->container->set('tool_schema.input_coercer', new InputCoercer($builder, $site->tools(), $site->container->get('logger.factory')->get('tool_schema')));
        }
        return [$site, $collector];
    }

    public function testModelInputIsRepairedBeforeValidationAndExecution(): void
    {
        [$site, $collector] = self::patchedSite(true);
        self::assertStringContainsString('tool_schema.input_coercer', file_get_contents((new \ReflectionClass(\Drupal\tool\TypedInputsTrait::class))->getFileName()), 'the patched trait is loaded');

        // log_message, as a model calls it: the level in another case with
        // spaces, the context as a JSON string.
        $tool = $site->tools()->createInstance('log_message');
        $tool->setInputValue('message', 'Disk almost full');
        $tool->setInputValue('level', ' WARNING ');
        $tool->setInputValue('context', '{"disk": "/var", "free": 5}');
        $values = $tool->getExecutableValues();
        self::assertSame('warning', $values['level']);
        self::assertSame(['disk' => '/var', 'free' => 5], $values['context']);
        $tool->execute();
        self::assertTrue($tool->getResultStatus(), (string) $tool->getResultMessage());
        $logged = array_values(array_filter($collector->records, static fn (array $r): bool => $r['message'] === 'Disk almost full'));
        self::assertSame(RfcLogLevel::WARNING, $logged[0]['level']);
        self::assertSame('/var', $logged[0]['context']['disk']);

        // A value that needs no repair is passed as it is; one that cannot be
        // repaired is left for validation to report.
        $tool = $site->tools()->createInstance('log_message');
        $tool->setInputValue('message', 'x');
        $tool->setInputValue('level', 'loud');
        $tool->execute();
        self::assertFalse($tool->getResultStatus());
        self::assertStringContainsString('log level', (string) $tool->getResultMessage());
    }

    public function testWithoutTheServiceTheToolModuleIsUnchanged(): void
    {
        [$site] = self::patchedSite(false);
        $tool = $site->tools()->createInstance('log_message');
        $tool->setInputValue('message', 'Disk almost full');
        $tool->setInputValue('level', ' WARNING ');
        self::assertSame(' WARNING ', $tool->getExecutableValues(true)['level']);
        $tool->execute();
        self::assertFalse($tool->getResultStatus(), 'Drupal rejects what the model sent');
    }

    public function testOnlyInputIsRepairedNotDefaultsOrConfiguration(): void
    {
        [$site] = self::patchedSite(true);
        $tool = $site->tools()->createInstance('log_message');
        $tool->setConfigurationValue('level', 'Warning', true);
        // (getExecutableValue() cannot read a configuration value in this
        // snapshot: it calls Context::getValue(), which does not exist.)
        self::assertSame('Warning', $tool->getConfigurationValue('level', true), 'configuration: as the site builder set it');
        $tool->setInputValue('level', 'Warning');
        self::assertSame('warning', $tool->getExecutableValue('level', true), 'input: repaired');
        $fresh = $site->tools()->createInstance('log_message');
        self::assertSame('info', $fresh->getExecutableValue('level', true), 'the default');
    }

    /** Without coercion, typed data refuses a JSON string for a map as soon as it is set. */
    public function testTypedDataRefusesAStringForAMapAtOnce(): void
    {
        [$site] = self::patchedSite(false);
        $tool = $site->tools()->createInstance('log_message');
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('Values must be represented as an associative array');
        $tool->setInputValue('context', '{"disk": "/var"}');
    }
}
