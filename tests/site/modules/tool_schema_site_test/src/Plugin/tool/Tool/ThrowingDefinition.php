<?php

declare(strict_types=1);

namespace Drupal\tool_schema_site_test\Plugin\tool\Tool;

use Drupal\Core\Access\AccessResult;
use Drupal\Core\Access\AccessResultInterface;
use Drupal\Core\Session\AccountInterface;
use Drupal\Core\StringTranslation\TranslatableMarkup;
use Drupal\tool\Attribute\Tool;
use Drupal\tool\ExecutableResult;
use Drupal\tool\Tool\ToolBase;
use Drupal\tool\Tool\ToolOperation;
use Drupal\tool_schema_site_test\TypedData\ThrowingInputDefinition;

/**
 * An input definition that throws when asked for its label.
 */
#[Tool(
  id: 'tool_schema_site_test_throwing_definition',
  label: new TranslatableMarkup('tool_schema_site_test_throwing_definition'),
  description: new TranslatableMarkup('An input definition that throws when asked for its label.'),
  operation: ToolOperation::Read,
  input_definitions: [
    'thing' => new ThrowingInputDefinition(
      data_type: 'string',
      label: new TranslatableMarkup('Thing'),
      description: '',
    ),
  ],
)]
final class ThrowingDefinition extends ToolBase {

  /**
   * {@inheritdoc}
   */
  protected function doExecute(array $values): ExecutableResult {
    return ExecutableResult::success(new TranslatableMarkup('ran with @v', ['@v' => json_encode($values)]));
  }

  /**
   * {@inheritdoc}
   */
  protected function checkAccess(array $values, AccountInterface $account, bool $return_as_object = FALSE): bool|AccessResultInterface {
    $access = AccessResult::allowed();
    return $return_as_object ? $access : $access->isAllowed();
  }

}
