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
use Drupal\tool_schema_site_test\TypedData\ExampleInputDefinition;

/**
 * Inputs with a default and an example that their own constraints reject (the site audit finds them).
 */
#[Tool(
  id: 'tool_schema_site_test_wrong_examples',
  label: new TranslatableMarkup('tool_schema_site_test_wrong_examples'),
  description: new TranslatableMarkup('Inputs with a default and an example that their own constraints reject (the site audit finds them).'),
  operation: ToolOperation::Read,
  input_definitions: [
    'count' => new ExampleInputDefinition(
      data_type: 'integer',
      label: new TranslatableMarkup('Count'),
      required: FALSE,
      default_value: 50,
      constraints: ['Range' => ['min' => 1, 'max' => 10]],
      examples: [3],
      description: '',
    ),
    'size' => new ExampleInputDefinition(
      data_type: 'string',
      label: new TranslatableMarkup('Size'),
      constraints: ['Choice' => ['choices' => ['small', 'large']]],
      examples: ['small', 'huge'],
      description: '',
    ),
  ],
)]
final class WrongExamples extends ToolBase {

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
