<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Kernel;

use Drupal\Core\Config\Schema\SchemaIncompleteException;
use Drupal\KernelTests\KernelTestBase;
use Drupal\tool_schema\Settings\ToolSchemaSettings;

/**
 * The settings (tool_schema.settings): their config schema (KernelTestBase
 * checks every saved config against it, strictly), the options the schema
 * services take from them, and what a change invalidates: the schema
 * settings the kept schemas, the repairs settings nothing.
 *
 * @group tool_schema
 */
final class SettingsTest extends KernelTestBase {

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['system', 'user', 'serialization', 'tool', 'tool_entity', 'tool_user', 'tool_schema'];

  protected function setUp(): void {
    parent::setUp();
    $this->installConfig(['tool_schema']);
  }

  public function testDefaultsInstalled(): void {
    $data = $this->config(ToolSchemaSettings::CONFIG)->get();
    unset($data['_core']);
    $this->assertSame(ToolSchemaSettings::DEFAULTS, $data);
    // The defaults give the options the module had before its settings.
    $this->assertSame(['nullable' => 'type_array'], $this->container->get('tool_schema.input_schema_cache')->options());
  }

  public function testRoundTrip(): void {
    $values = [
      'profile' => 'anthropic',
      'nullable' => 'any_of',
      'derived_enum_limit' => 3,
      'repairs' => FALSE,
      'log_repairs' => TRUE,
      'o200k_ranks_file' => 'private://o200k_base.tiktoken',
    ];
    $config = $this->config(ToolSchemaSettings::CONFIG);
    foreach ($values as $key => $value) {
      $config->set($key, $value);
    }
    $config->save();
    $this->container->get('config.factory')->reset(ToolSchemaSettings::CONFIG);
    $data = $this->container->get('config.factory')->get(ToolSchemaSettings::CONFIG)->get();
    unset($data['_core']);
    $this->assertSame($values, $data);
    $settings = $this->container->get('tool_schema.settings');
    $this->assertSame('anthropic', $settings->profile());
    $this->assertSame('any_of', $settings->nullable());
    $this->assertSame(3, $settings->derivedEnumLimit());
    $this->assertFalse($settings->repairs());
    $this->assertTrue($settings->logRepairs());
    $this->assertSame(['nullable' => 'any_of', 'derived_enum_limit' => 3, 'profile' => 'anthropic'], $settings->options());
  }

  /**
   * The schema is checked: a key it does not know by the strict schema
   * check of every save, a value outside its constraints (Choice, Range) by
   * typed config validation (KernelTestBase validates constraints on save
   * for core's tests only).
   */
  public function testSchemaRefusesWhatItDoesNotDescribe(): void {
    try {
      $this->config(ToolSchemaSettings::CONFIG)->set('unknown_setting', 1)->save();
      $this->fail('a key without schema is saved');
    }
    catch (SchemaIncompleteException $e) {
      $this->assertStringContainsString('unknown_setting missing schema', $e->getMessage());
    }
    $typed = $this->container->get('config.typed');
    $this->assertCount(0, $typed->createFromNameAndData(ToolSchemaSettings::CONFIG, ToolSchemaSettings::DEFAULTS)->validate());
    foreach ([['profile', 'gpt'], ['nullable', 'maybe'], ['derived_enum_limit', -1], ['repairs', NULL]] as [$key, $value]) {
      $violations = $typed->createFromNameAndData(ToolSchemaSettings::CONFIG, [$key => $value] + ToolSchemaSettings::DEFAULTS)->validate();
      $this->assertCount(1, $violations, "$key: " . var_export($value, TRUE));
      $this->assertSame($key, $violations[0]->getPropertyPath());
    }
  }

  public function testSchemaServicesTakeTheSettings(): void {
    $before = $this->container->get('tool_schema.input_schemas')->toolSchema('field_add');
    $this->assertSame(['string', 'null'], $before['properties']['description']['type']);
    $this->config(ToolSchemaSettings::CONFIG)->set('nullable', 'any_of')->set('profile', 'openai')->save();
    // This request's cache took them (SettingsSubscriber)...
    $cache = $this->container->get('tool_schema.input_schema_cache');
    $this->assertSame(['nullable' => 'any_of', 'profile' => 'openai'], $cache->options());
    $after = $this->container->get('tool_schema.input_schemas')->toolSchema('field_add');
    // openai: every property required, null as anyOf.
    $this->assertSame(array_keys($after['properties']), $after['required']);
    $this->assertArrayHasKey('anyOf', $after['properties']['description']);
    // ... and the next request's services are built with them.
    $this->container->get('kernel')->rebuildContainer();
    $this->assertSame(['nullable' => 'any_of', 'profile' => 'openai'], $this->container->get('tool_schema.input_schema_cache')->options());
    $this->assertSame(['nullable' => 'any_of', 'profile' => 'openai'], $this->container->get('tool_schema.input_schema')->options());
  }

  /**
   * Each setting invalidates exactly the kept schemas it changes.
   */
  public function testInvalidation(): void {
    $bin = $this->container->get('cache.tool_schema');
    foreach ([
      'repairs' => FALSE,
      'log_repairs' => TRUE,
      'o200k_ranks_file' => '/nowhere',
      'profile' => 'gemini',
      'nullable' => 'one_of',
      'derived_enum_limit' => 7,
    ] as $key => $value) {
      $cache = $this->container->get('tool_schema.input_schema_cache');
      $cache->useCaches(TRUE);
      $cache->schemaOfTool('field_add');
      $cache->destruct();
      $cid = $cache->cid('field_add');
      $this->assertNotFalse($bin->get($cid), "the bin entry is written before $key changes");
      $this->config(ToolSchemaSettings::CONFIG)->set($key, $value)->save();
      $kept = $bin->get($cid) !== FALSE;
      $this->assertSame(!\in_array($key, ToolSchemaSettings::SCHEMA_KEYS, TRUE), $kept, "$key: the kept schemas are " . ($kept ? 'kept' : 'invalidated'));
    }
  }

}
