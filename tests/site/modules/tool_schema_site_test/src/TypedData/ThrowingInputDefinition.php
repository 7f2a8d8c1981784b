<?php

declare(strict_types=1);

namespace Drupal\tool_schema_site_test\TypedData;

use Drupal\tool\TypedData\InputDefinition;

/**
 * An input definition that throws when asked for its label (mcp_tools'
 * converter never asks; tool_schema does).
 */
final class ThrowingInputDefinition extends InputDefinition {

  /**
   * {@inheritdoc}
   */
  public function getLabel() {
    throw new \LogicException('tool_schema_site_test: this input definition throws on purpose');
  }

}
