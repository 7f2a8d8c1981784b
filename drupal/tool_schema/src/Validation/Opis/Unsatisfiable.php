<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation\Opis;

use Opis\JsonSchema\Exceptions\SchemaException;
use Opis\JsonSchema\Info\SchemaInfo;
use Opis\JsonSchema\Keyword;
use Opis\JsonSchema\Parsers\KeywordParser;
use Opis\JsonSchema\Parsers\SchemaParser;

/**
 * opis's parser of `const` or `enum`, except that a value it refuses to
 * compile because no value of the node's `type` can equal it (`{"type":
 * "string", "const": 0}`, an `enum` without the `const`) makes a node that
 * nothing matches, as in JSON Schema (NothingKeyword).
 */
final class Unsatisfiable extends KeywordParser {

  public function __construct(
    private readonly KeywordParser $inner,
    string $keyword,
  ) {
    parent::__construct($keyword);
  }

  /**
   * {@inheritdoc}
   */
  public function type(): string {
    return $this->inner->type();
  }

  /**
   * {@inheritdoc}
   */
  public function parse(SchemaInfo $info, SchemaParser $parser, object $shared): ?Keyword {
    try {
      return $this->inner->parse($info, $parser, $shared);
    }
    catch (SchemaException) {
      return new NothingKeyword($this->keyword);
    }
  }

}
