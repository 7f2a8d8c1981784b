<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation\Opis;

use Opis\JsonSchema\Errors\ValidationError;
use Opis\JsonSchema\Keyword;
use Opis\JsonSchema\Keywords\ErrorTrait;
use Opis\JsonSchema\Schema;
use Opis\JsonSchema\ValidationContext;

/**
 * A string against an ECMA-262 pattern, through its PCRE translation; the
 * error names the pattern as the schema has it. Where there is no
 * translation, or PCRE gives up on the string (its backtracking limit), the
 * pattern does not decide: it passes, or fails under an odd number of `not`,
 * so that the schema's verdict is never stricter for it (the tool's own
 * validation still applies the constraint the pattern came from).
 */
final class PatternKeyword implements Keyword {

  use ErrorTrait;

  public function __construct(
    private readonly string $pattern,
    private readonly ?string $regex,
    private readonly bool $negated,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function validate(ValidationContext $context, Schema $schema): ?ValidationError {
    $matched = $this->regex === NULL ? FALSE : @preg_match($this->regex, (string) $context->currentData());
    $passes = $matched === FALSE ? !$this->negated : $matched === 1;
    if ($passes) {
      return NULL;
    }
    return $this->error($schema, $context, 'pattern', 'The string should match pattern: {pattern}', [
      'pattern' => $this->pattern,
    ]);
  }

}
