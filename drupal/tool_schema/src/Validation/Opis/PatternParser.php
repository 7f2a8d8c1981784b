<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation\Opis;

use Drupal\tool_schema\Validation\EcmaPattern;
use Opis\JsonSchema\Info\SchemaInfo;
use Opis\JsonSchema\Keyword;
use Opis\JsonSchema\Parsers\Keywords\PatternKeywordParser;
use Opis\JsonSchema\Parsers\SchemaParser;

/**
 * `pattern` as ECMA-262 reads it: the PCRE translation of EcmaPattern, in
 * place of opis's reading of the pattern as PCRE. A pattern that is not
 * translated never makes the schema fail to compile: it is recorded
 * (UntranslatedPatterns) and decides nothing (PatternKeyword).
 */
final class PatternParser extends PatternKeywordParser {

  public function __construct(
    string $keyword,
    private readonly UntranslatedPatterns $untranslated,
  ) {
    parent::__construct($keyword);
  }

  /**
   * {@inheritdoc}
   */
  public function parse(SchemaInfo $info, SchemaParser $parser, object $shared): ?Keyword {
    $schema = $info->data();
    if (!$this->keywordExists($schema)) {
      return NULL;
    }
    $pattern = $this->keywordValue($schema);
    if (!\is_string($pattern)) {
      throw $this->keywordException('{keyword} value must be a string', $info);
    }
    [$regex, $reason] = EcmaPattern::translate($pattern);
    if ($regex === NULL) {
      $this->untranslated->add($pattern, (string) $reason);
    }
    return new PatternKeyword($pattern, $regex, self::negated($info->path()));
  }

  /**
   * Is the node under an odd number of `not`? The path alternates keywords
   * and, after those that hold them, property names and indexes.
   *
   * @param list<string|int> $path
   */
  public static function negated(array $path): bool {
    $negated = FALSE;
    $skip = FALSE;
    foreach ($path as $segment) {
      if ($skip) {
        $skip = FALSE;
        continue;
      }
      if ($segment === 'not') {
        $negated = !$negated;
      }
      $skip = \in_array($segment, ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'anyOf', 'allOf', 'oneOf', 'prefixItems'], TRUE);
    }
    return $negated;
  }

}
