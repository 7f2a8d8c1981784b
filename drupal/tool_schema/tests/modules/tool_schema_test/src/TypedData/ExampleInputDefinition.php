<?php

declare(strict_types=1);

namespace Drupal\tool_schema_test\TypedData;

use Drupal\Core\StringTranslation\TranslatableMarkup;
use Drupal\tool\TypedData\InputDefinition;

/**
 * An input definition with examples (the Tool module snapshot has none).
 */
final class ExampleInputDefinition extends InputDefinition {

  /**
   * The example values.
   */
  protected array $examples = [];

  public function __construct($data_type, string|TranslatableMarkup $label, string|TranslatableMarkup $description = '', $required = TRUE, $default_value = NULL, ?array $constraints = [], array $examples = []) {
    parent::__construct($data_type, $label, $description, $required, FALSE, $default_value, $constraints);
    $this->examples = $examples;
  }

  /**
   * The example values of this input.
   */
  public function getExamples(): array {
    return $this->examples;
  }

}
