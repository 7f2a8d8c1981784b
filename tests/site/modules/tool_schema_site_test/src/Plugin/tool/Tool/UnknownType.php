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
use Drupal\tool\TypedData\InputDefinition;

/**
 * An input of a data type no module defines: its definition throws when asked for.
 */
#[Tool(
  id: 'tool_schema_site_test_unknown_type',
  label: new TranslatableMarkup('tool_schema_site_test_unknown_type'),
  description: new TranslatableMarkup('An input of a data type no module defines: its definition throws when asked for.'),
  operation: ToolOperation::Read,
  input_definitions: [
    'thing' => new InputDefinition(
      data_type: 'tool_schema_site_test_no_such_type',
      label: new TranslatableMarkup('Thing'),
      description: '',
    ),
  ],
)]
final class UnknownType extends ToolBase {

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
