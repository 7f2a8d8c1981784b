<?php

declare(strict_types=1);

namespace Drupal\tool_schema_test\Plugin\tool\Tool;

use Drupal\Core\Access\AccessResult;
use Drupal\Core\Access\AccessResultInterface;
use Drupal\Core\Session\AccountInterface;
use Drupal\Core\StringTranslation\TranslatableMarkup;
use Drupal\tool\Attribute\Tool;
use Drupal\tool\ExecutableResult;
use Drupal\tool\Tool\ToolBase;
use Drupal\tool\Tool\ToolOperation;
use Drupal\tool\TypedData\InputDefinition;
use Drupal\tool\TypedData\MapInputDefinition;
use Drupal\tool_schema_test\TypedData\ExampleInputDefinition;

/**
 * The site audit's fixture: a default and an example that their own
 * constraints reject (two findings each: Drupal's validation and the served
 * schema), a free-form map whose default is PHP's empty array, which the
 * schema reads as {} (no finding), and a map with properties and no default
 * (MapContextDefinition makes one up, {"width": null, "caption": null},
 * which no schema advertises: no finding).
 */
#[Tool(
  id: 'tool_schema_test_audit',
  label: new TranslatableMarkup('Audit fixture'),
  description: new TranslatableMarkup('A wrong default, a wrong example, an empty map default that is right, and a map without a default.'),
  operation: ToolOperation::Read,
  input_definitions: [
    'count' => new ExampleInputDefinition(
      data_type: 'integer',
      label: new TranslatableMarkup('Count'),
      required: FALSE,
      default_value: 50,
      constraints: ['Range' => ['min' => 1, 'max' => 10]],
      examples: [3],
    ),
    'size' => new ExampleInputDefinition(
      data_type: 'string',
      label: new TranslatableMarkup('Size'),
      constraints: ['Choice' => ['choices' => ['small', 'large']]],
      examples: ['small', 'huge'],
    ),
    'options' => new MapInputDefinition(
      label: new TranslatableMarkup('Options'),
      description: '',
      required: FALSE,
      property_definitions: [
        'width' => new InputDefinition(data_type: 'integer', label: new TranslatableMarkup('Width'), description: ''),
        'caption' => new InputDefinition(data_type: 'string', label: new TranslatableMarkup('Caption'), description: '', required: FALSE),
      ],
    ),
    'settings' => new ExampleInputDefinition(
      data_type: 'map',
      label: new TranslatableMarkup('Settings'),
      required: FALSE,
      default_value: [],
      examples: [[], ['a' => 1]],
    ),
  ],
)]
final class AuditFixture extends ToolBase {

  /**
   * {@inheritdoc}
   */
  protected function doExecute(array $values): ExecutableResult {
    return ExecutableResult::success(new TranslatableMarkup('ran'));
  }

  /**
   * {@inheritdoc}
   */
  protected function checkAccess(array $values, AccountInterface $account, bool $return_as_object = FALSE): bool|AccessResultInterface {
    $access = AccessResult::allowed();
    return $return_as_object ? $access : $access->isAllowed();
  }

}
