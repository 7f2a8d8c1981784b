<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Kernel;

use Drupal\KernelTests\KernelTestBase;
use Drupal\tool_schema\Audit\SiteAudit;

/**
 * The site audit (tool_schema.site_audit): the fixture tool's wrong default
 * and wrong example are findings, its empty map default is not, and a
 * stock Tool module tool (field_add, whose `settings` default is PHP's
 * empty array) is clean.
 *
 * @group tool_schema
 */
final class SiteAuditTest extends KernelTestBase {

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['system', 'user', 'serialization', 'tool', 'tool_entity', 'tool_user', 'tool_schema', 'tool_schema_test'];

  public function testFindings(): void {
    $result = $this->container->get('tool_schema.site_audit')->audit(['tool_schema_test_audit', 'field_add']);
    $this->assertSame(2, $result['tools']);
    $found = array_map(static fn (array $f): string => "{$f['tool']} {$f['path']} {$f['kind']}", $result['findings']);
    $expected = [
      'tool_schema_test_audit count default',
      'tool_schema_test_audit size example',
    ];
    if (SiteAudit::checksSchemas()) {
      // Drupal's verdict, then the served schema's.
      $expected = [
        'tool_schema_test_audit count default',
        'tool_schema_test_audit count default',
        'tool_schema_test_audit size example',
        'tool_schema_test_audit size example',
      ];
    }
    $this->assertSame($expected, $found, implode("\n", array_column($result['findings'], 'message')));
    $this->assertStringContainsString('examples[1] "huge"', $result['findings'][\count($expected) - 1]['message']);
  }

  public function testEveryStockToolIsClean(): void {
    $result = $this->container->get('tool_schema.site_audit')->audit();
    $stock = array_filter($result['findings'], static fn (array $f): bool => !str_starts_with($f['tool'], 'tool_schema_test'));
    $this->assertSame([], array_values($stock));
  }

}
