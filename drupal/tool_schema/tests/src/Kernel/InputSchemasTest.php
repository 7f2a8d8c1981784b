<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Kernel;

use Drupal\KernelTests\KernelTestBase;

/**
 * The module's services on a kernel with the Tool module: every tool plugin
 * of the Tool module's submodules gets the schema normalize_schema() writes,
 * and the serializer's json_schema format gives the same.
 *
 * @group tool_schema
 */
final class InputSchemasTest extends KernelTestBase {

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['system', 'user', 'serialization', 'tool', 'tool_entity', 'tool_user', 'tool_schema'];

  public function testEveryToolHasASchema(): void {
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
