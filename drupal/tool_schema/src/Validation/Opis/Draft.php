<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation\Opis;

use Opis\JsonSchema\Parsers\DefaultVocabulary;
use Opis\JsonSchema\Parsers\Drafts\Draft202012;
use Opis\JsonSchema\Parsers\KeywordParser;
use Opis\JsonSchema\Parsers\Keywords\ConstKeywordParser;
use Opis\JsonSchema\Parsers\Keywords\EnumKeywordParser;
use Opis\JsonSchema\Parsers\Keywords\PatternKeywordParser;

/**
 * JSON Schema 2020-12 for opis/json-schema with what JSON Schema (and the
 * project's referee, ajv) means where opis reads otherwise:
 *
 *  - `pattern` is ECMA-262 (PatternParser: translated to PCRE, EcmaPattern);
 *  - a `const` or `enum` that no value of the node's `type` can equal
 *    (`{"type": "string", "const": 0}`, which opis refuses to compile) is a
 *    node that nothing matches (Unsatisfiable).
 *
 * Registered with SchemaParser::addDraft(): it replaces opis's own 2020-12,
 * the draft of every schema without `$schema` (tool_schema's).
 */
final class Draft extends Draft202012 {

  public function __construct(
    private readonly UntranslatedPatterns $untranslated,
  ) {
    parent::__construct(new DefaultVocabulary());
  }

  /**
   * {@inheritdoc}
   *
   * @return \Opis\JsonSchema\Parsers\KeywordParser[]
   */
  protected function getKeywordParsers(): array {
    return array_map(fn (KeywordParser $parser): KeywordParser => match (TRUE) {
      $parser instanceof PatternKeywordParser => new PatternParser('pattern', $this->untranslated),
      $parser instanceof ConstKeywordParser => new Unsatisfiable($parser, 'const'),
      $parser instanceof EnumKeywordParser => new Unsatisfiable($parser, 'enum'),
      default => $parser,
    }, parent::getKeywordParsers());
  }

}
