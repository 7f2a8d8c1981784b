<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use ToolSchema\Tests\Implementations;

/**
 * Every input of every tool plugin of the Tool module (33 tools, with core's
 * user module), as ToolManager discovers them: built into a definition array
 * and normalized in all three nullable styles, by both implementations when
 * the extension is loaded. Prints the warnings (a summary) to STDERR.
 */
final class ToolPluginsTest extends TestCase
{

    /** @return iterable<string, array{string, string}> "tool.input" => [tool id, input name] */
    public static function inputProvider(): iterable
    {
        foreach (Site::boot()->tools()->getDefinitions() as $id => $definition) {
            foreach (array_keys($definition->getInputDefinitions(true)) as $name) {
                yield "$id.$name" => [$id, $name];
            }
        }
    }

    public function testThe33ToolsAndTheirInputs(): void
    {
        $inputs = iterator_to_array(self::inputProvider());
        self::assertCount(33, Site::boot()->tools()->getDefinitions());
        // system_status, entity_type_list and field_type_definitions take no input.
        self::assertCount(30, array_unique(array_column($inputs, 0)));
        self::assertCount(91, $inputs);
    }

    /** @dataProvider inputProvider */
    #[DataProvider('inputProvider')]
    public function testInputInEveryNullableStyle(string $tool, string $input): void
    {
        $site = Site::boot();
        $definition = $site->tools()->getDefinition($tool)->getInputDefinition($input);
        $builder = new DefinitionArrayBuilder(new \Drupal\tool_schema\DerivedEnum\DerivedEnumResolver($site->container, $site->container->get('entity_type.bundle.info'), $site->container->get('country_manager')));
        $array = $builder->build($definition);
        self::$seen["$tool.$input"] = true;
        self::assertSame($definition->getDataType() === 'list' || $definition->isMultiple() ? 'list' : $definition->getDataType(), $array['type']);
        self::assertSame($definition->isRequired(), $array['required']);
        foreach (['type_array', 'one_of', 'any_of'] as $style) {
            $outcomes = [];
            $warnings = null;
            foreach (Implementations::normalizers() as $name => $normalize) {
                // As InputSchemaGenerator does: the input as a property of the tool.
                // With its name (a label that only restates it is left out, issue 30).
                $asInput = static fn (array $d, array $o, &$w): array => InputSchemaGenerator::inputSchema($d, $o, $w, $normalize, $input);
                $outcomes[$name] = Implementations::normalizeOutcome($asInput, $array, ['nullable' => $style]);
                $w = null;
                $schema = $asInput($array, ['nullable' => $style], $w);
                self::assertIsArray($schema);
                $warnings ??= $w;
            }
            // The same as the input's property in the schema of the whole tool.
            $inputs = $site->tools()->getDefinition($tool)->getInputDefinitions();
            $whole = \ToolSchema\normalize_schema($builder->buildInputs($inputs), ['nullable' => $style]);
            self::assertSame(json_encode($whole['properties'][$input]), explode("\n", $outcomes['php'])[0], "$tool.$input ($style): alone and in its tool");
            self::assertCount(1, array_unique($outcomes), "$tool.$input ($style): the implementations differ");
            foreach ($warnings as $w) {
                // Sane: a code, a message, a path to what the definition holds.
                self::assertMatchesRegularExpression('/^[a-z]+(_[a-z0-9]+)*$/', $w['code']);
                self::assertNotSame('', $w['message']);
                self::assertTrue(self::pathExists($array, $w['path']), "$tool.$input: {$w['code']} at {$w['path']}");
                self::$warnings[$w['code']][] = "$tool.$input" . ($w['path'] === '' ? '' : " at {$w['path']}");
            }
            $schema = json_decode(explode("\n", $outcomes['php'])[0], true);
            if ($definition->isRequired()) {
                self::assertStringNotContainsString('"null"', json_encode($schema), "$tool.$input is required: no null");
            }
        }
        // What the schema says of the inputs the issue names.
        $schema = InputSchemaGenerator::inputSchema($array, []);
        if (isset($definition->getConstraints()['PluginExists'])) {
            self::assertArrayHasKey('enum', $schema, "$tool.$input: PluginExists resolved into an enum");
            self::assertNotContains('broken', $schema['enum']);
        }
    }

    /** @var array<string, list<string>> */
    private static array $warnings = [];

    /** Does a warning path ("properties.a.items.constraints.Regex", "type", "") lead somewhere in the definition array? */
    private static function pathExists(array $array, string $path): bool
    {
        $node = $array;
        foreach ($path === '' ? [] : explode('.', $path) as $segment) {
            if (!\is_array($node) || !\array_key_exists($segment, $node)) {
                return false;
            }
            $node = $node[$segment];
        }
        return true;
    }

    /** @var array<string, true> inputs normalized */
    private static array $seen = [];

    public static function tearDownAfterClass(): void
    {
        if (self::$seen === []) {
            return;
        }
        $lines = [sprintf("\nWarnings on the Tool module's %d inputs (normalize_schema, all three nullable styles): %s",
            \count(self::$seen), self::$warnings === [] ? 'none' : \count(self::$warnings) . ' codes')];
        foreach (self::$warnings as $code => $where) {
            $where = array_values(array_unique($where));
            $lines[] = sprintf('  %s: %d inputs: %s', $code, \count($where), implode(', ', $where));
        }
        fwrite(STDERR, implode("\n", $lines) . "\n");
    }
}
