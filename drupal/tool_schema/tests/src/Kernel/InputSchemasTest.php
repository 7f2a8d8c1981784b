<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Kernel;

use Drupal\KernelTests\KernelTestBase;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\Attributes\RunTestsInSeparateProcesses;

/**
 * The module's services on a kernel with the Tool module: every tool plugin
 * of the Tool module's submodules gets the schema normalize_schema() writes,
 * and the serializer's json_schema format gives the same.
 *
 * Metadata twice: the annotations for PHPUnit 9.6 (Drupal 10.6), the
 * attributes for PHPUnit 10 and later (Drupal 11, whose KernelTestBase asks
 * for #[RunTestsInSeparateProcesses] from 11.3 on).
 *
 * @group tool_schema
 * @runTestsInSeparateProcesses
 */
#[Group('tool_schema')]
#[RunTestsInSeparateProcesses]
final class InputSchemasTest extends KernelTestBase {

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['system', 'user', 'serialization', 'tool', 'tool_entity', 'tool_user', 'tool_schema'];

  public function testEveryToolHasASchema(): void {
    // The implementation the runner asked for (TOOL_SCHEMA_EXPECT: "native"
    // for the extension, "php" for the PHP twin), in this test's own process.
    $expected = getenv('TOOL_SCHEMA_EXPECT');
    if ($expected !== FALSE && $expected !== '') {
      $this->assertSame($expected, \ToolSchema\IMPLEMENTATION);
    }
    $schemas = $this->container->get('tool_schema.input_schemas');
    $tools = $this->container->get('plugin.manager.tool')->getDefinitions();
    $this->assertNotEmpty($tools);
    foreach ($tools as $id => $definition) {
      $schema = $schemas->toolSchema($definition);
      $this->assertIsArray($schema, $id);
      $this->assertSame('object', $schema['type'], $id);
      $this->assertFalse($schema['additionalProperties'] ?? TRUE, $id);
    }
  }

}
