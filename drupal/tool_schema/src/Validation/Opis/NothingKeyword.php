<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation\Opis;

use Opis\JsonSchema\Errors\ValidationError;
use Opis\JsonSchema\Keyword;
use Opis\JsonSchema\Keywords\ErrorTrait;
use Opis\JsonSchema\Schema;
use Opis\JsonSchema\ValidationContext;

/**
 * A keyword no value satisfies (an unsatisfiable `const` or `enum`).
 */
final class NothingKeyword implements Keyword {

  use ErrorTrait;

  public function __construct(
    private readonly string $keyword,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function validate(ValidationContext $context, Schema $schema): ?ValidationError {
    return $this->error($schema, $context, $this->keyword, 'No value satisfies {keyword}', ['keyword' => $this->keyword]);
  }

}
