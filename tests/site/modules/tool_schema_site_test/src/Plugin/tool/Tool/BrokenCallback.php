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
 * A Choice constraint whose callback fails.
 */
#[Tool(
  id: 'tool_schema_site_test_broken_callback',
  label: new TranslatableMarkup('tool_schema_site_test_broken_callback'),
  description: new TranslatableMarkup('A Choice constraint whose callback fails.'),
  operation: ToolOperation::Read,
  input_definitions: [
    'color' => new InputDefinition(
      data_type: 'string',
      label: new TranslatableMarkup('Color'),
      constraints: ['Choice' => ['callback' => 'Drupal\tool_schema_site_test\Choices::broken']],
      description: '',
    ),
  ],
)]
final class BrokenCallback extends ToolBase {

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
