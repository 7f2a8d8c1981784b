<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Functional;

use Drupal\Tests\BrowserTestBase;
use Drupal\tool_schema\Settings\ToolSchemaSettings;

/**
 * The report page over HTTP: the tool list and the settings form for a user
 * with the permissions, 403 without them, and the form saving the settings.
 *
 * @group tool_schema
 */
final class ReportPageTest extends BrowserTestBase {

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['user', 'serialization', 'tool', 'tool_entity', 'tool_schema', 'tool_schema_test'];

  /**
   * {@inheritdoc}
   */
  protected $defaultTheme = 'stark';

  private const PATH = '/admin/config/services/tool-schema';

  public function testReportPage(): void {
    $this->drupalGet(self::PATH);
    $this->assertSession()->statusCodeEquals(403);

    // The report without the settings.
    $this->drupalLogin($this->drupalCreateUser(['view tool_schema report']));
    $this->drupalGet(self::PATH);
    $this->assertSession()->statusCodeEquals(200);
    $this->assertSession()->elementExists('css', 'details.tool-schema-tool[data-tool="field_add"]');
    $this->assertSession()->elementExists('css', 'details.tool-schema-profile[data-tool="field_add"][data-profile="gemini"]');
    $this->assertSession()->elementNotExists('css', '#tool-schema-settings');
    $this->assertSession()->pageTextContains('tokens not counted');
    $this->assertSession()->pageTextContains('no o200k ranks file is set');
    // The audit: the fixture tool's findings, on its details.
    $this->assertSession()->elementTextContains('css', 'details[data-tool="tool_schema_test_audit"] .tool-schema-findings', 'examples[1] "huge"');
    $this->assertSession()->elementExists('css', '#tool-schema-integrations tr.tool-schema-integration');

    // The settings with administer tool_schema.
    $this->drupalLogin($this->drupalCreateUser(['view tool_schema report', 'administer tool_schema']));
    $this->drupalGet(self::PATH);
    $this->assertSession()->statusCodeEquals(200);
    $this->assertSession()->elementExists('css', '#tool-schema-settings select[name="profile"]');
    $this->submitForm(['profile' => 'openai', 'nullable' => 'any_of', 'derived_enum_limit' => '7', 'repairs' => FALSE], 'Save configuration');
    $this->assertSession()->pageTextContains('The configuration options have been saved.');
    $config = $this->config(ToolSchemaSettings::CONFIG);
    $this->assertSame('openai', $config->get('profile'));
    $this->assertSame('any_of', $config->get('nullable'));
    $this->assertSame(7, $config->get('derived_enum_limit'));
    $this->assertFalse($config->get('repairs'));
    $this->assertSession()->pageTextContains('profile openai');
    $this->assertSession()->elementTextContains('css', 'details[data-tool="field_add"] .tool-schema-profiles', 'openai (served)');
    $this->submitForm(['o200k_ranks_file' => '/nonexistent/o200k_base.tiktoken'], 'Save configuration');
    $this->assertSession()->pageTextContains('/nonexistent/o200k_base.tiktoken cannot be read.');
  }

}
