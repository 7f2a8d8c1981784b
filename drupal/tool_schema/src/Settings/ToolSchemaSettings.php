<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Settings;

use Drupal\Core\Config\ConfigFactoryInterface;
use Drupal\tool_schema\Schema\InputSchemaGenerator;
use Drupal\tool_schema\Schema\NullableStyle;

/**
 * The module's settings (config tool_schema.settings, schema in
 * config/schema/tool_schema.schema.yml), read where they are used:
 *
 * - `profile`, `nullable`, `derived_enum_limit`: the normalize_schema()
 *   options of the served schemas (SchemaServiceFactory builds
 *   tool_schema.input_schema_cache and tool_schema.input_schema with them;
 *   SettingsSubscriber hands a change to the cache and invalidates the
 *   schemas kept in the bin);
 * - `repairs`, `log_repairs`: what InputCoercer does with the values models
 *   send (read on each repair; nothing cached depends on them);
 * - `o200k_ranks_file`: the ranks of the report page's token counts
 *   (Tokens\TokenCounter).
 *
 * A site without the config object (the module updated but
 * tool_schema_update_10001() not run yet), or a container without a config
 * factory (a test harness), gets the defaults below, which are the module's
 * behaviour before the settings existed.
 */
final class ToolSchemaSettings {

  public const CONFIG = 'tool_schema.settings';

  /** The keys that change the served schemas. */
  public const SCHEMA_KEYS = ['profile', 'nullable', 'derived_enum_limit'];

  public const PROFILES = ['mcp', 'openai', 'anthropic', 'gemini', 'gemini_json'];

  /** `nullable`: by the running core's version (NullableStyle::forCoreVersion()). */
  public const NULLABLE_AUTO = 'auto';

  public const NULLABLE = [self::NULLABLE_AUTO, 'type_array', 'one_of', 'any_of'];

  /** normalize_schema()'s own default derived_enum_limit. */
  public const DEFAULT_DERIVED_ENUM_LIMIT = 50;

  public const DEFAULTS = [
    'profile' => 'mcp',
    'nullable' => self::NULLABLE_AUTO,
    'derived_enum_limit' => self::DEFAULT_DERIVED_ENUM_LIMIT,
    'repairs' => TRUE,
    'log_repairs' => FALSE,
    'o200k_ranks_file' => '',
  ];

  public function __construct(
    private readonly ?ConfigFactoryInterface $configFactory = NULL,
  ) {
  }

  /** @return mixed the setting, or its default */
  public function get(string $key): mixed {
    return $this->configFactory?->get(self::CONFIG)->get($key) ?? self::DEFAULTS[$key] ?? NULL;
  }

  public function profile(): string {
    $profile = $this->get('profile');
    return \in_array($profile, self::PROFILES, TRUE) ? $profile : self::DEFAULTS['profile'];
  }

  /** The fixed nullable style, or NULL for auto (by core version). */
  public function nullable(): ?string {
    $nullable = $this->get('nullable');
    return \in_array($nullable, self::NULLABLE, TRUE) && $nullable !== self::NULLABLE_AUTO ? $nullable : NULL;
  }

  /** The nullable style in use: the fixed one, or the running core's. */
  public function effectiveNullable(): string {
    return $this->nullable() ?? NullableStyle::forCoreVersion(NullableStyle::runningCoreVersion() ?? '10');
  }

  public function derivedEnumLimit(): int {
    $limit = $this->get('derived_enum_limit');
    return \is_int($limit) && $limit >= 0 ? $limit : self::DEFAULT_DERIVED_ENUM_LIMIT;
  }

  public function repairs(): bool {
    return (bool) $this->get('repairs');
  }

  public function logRepairs(): bool {
    return (bool) $this->get('log_repairs');
  }

  public function ranksFile(): string {
    return (string) $this->get('o200k_ranks_file');
  }

  /**
   * The normalize_schema() options these settings add to the module's
   * defaults (InputSchemaGenerator::defaultOptions()): only what differs
   * from them, so that the default settings give the options, and the
   * cache keys, the module had before it had settings.
   *
   * @return array<string, mixed>
   */
  public function schemaOptions(): array {
    $options = [];
    if (($nullable = $this->nullable()) !== NULL) {
      $options['nullable'] = $nullable;
    }
    if (($limit = $this->derivedEnumLimit()) !== self::DEFAULT_DERIVED_ENUM_LIMIT) {
      $options['derived_enum_limit'] = $limit;
    }
    return $options;
  }

  /** The `profile` argument of InputSchemaCache / InputSchemaGenerator: NULL for mcp (the default). */
  public function profileArgument(): ?string {
    $profile = $this->profile();
    return $profile === 'mcp' ? NULL : $profile;
  }

  /**
   * The full normalize_schema() options of the served schemas.
   *
   * @return array<string, mixed>
   */
  public function options(): array {
    return InputSchemaGenerator::defaultOptions(NULL, $this->schemaOptions(), $this->profileArgument());
  }

}
