<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation;

use Drupal\tool_schema\Validation\Opis\Draft;
use Drupal\tool_schema\Validation\Opis\UntranslatedPatterns;
use Opis\JsonSchema\Errors\ValidationError;
use Opis\JsonSchema\Parsers\SchemaParser;
use Opis\JsonSchema\Schema;
use Opis\JsonSchema\SchemaLoader;
use Opis\JsonSchema\Validator;

/**
 * Tool arguments against a JSON Schema, with opis/json-schema (what
 * mcp_tools requires; this class is only loaded where mcp_tools is), with
 * the verdict of JSON Schema 2020-12 as the project's referee (ajv with
 * ajv-formats) gives it:
 *
 *  - the arguments as the schema reads them (JsonShape: `[]` is `{}`, and
 *    `{"0": ...}` an object, where an object is asked for);
 *  - `pattern` as ECMA-262 reads it (Opis\Draft, EcmaPattern), the formats
 *    as ajv-formats checks them (Formats), an unsatisfiable `const`/`enum`
 *    as a node nothing matches;
 *  - each violation one line (ViolationFormatter).
 *
 * Never throws: a schema opis cannot compile, or an opis failure while
 * validating, gives `valid` TRUE with `unchecked` saying why (the caller
 * decides: InputValidator hands the call to mcp_tools' validator). A pattern
 * EcmaPattern cannot translate is not checked (untranslatedPatterns()). The
 * compiled schema is kept per schema (CACHE_SIZE at most), so a tools/call
 * costs a json_encode() of the schema, JsonShape and the validation.
 */
final class SchemaValidator {

  /** Violations reported at most per call. */
  public const MAX_ERRORS = 20;

  /** Compiled schemas kept. */
  public const CACHE_SIZE = 64;

  private readonly Validator $validator;

  private readonly UntranslatedPatterns $untranslated;

  /** @var array<string, \Opis\JsonSchema\Schema|string> schema JSON => compiled schema, or why it does not compile */
  private array $compiled = [];

  public function __construct(
    private readonly ViolationFormatter $formatter = new ViolationFormatter(),
  ) {
    $this->untranslated = new UntranslatedPatterns();
    $parser = new SchemaParser();
    $parser->addDraft(new Draft($this->untranslated));
    $formats = $parser->getFormatResolver();
    if ($formats !== NULL) {
      Formats::register($formats);
    }
    $this->validator = new Validator(new SchemaLoader($parser, NULL, TRUE));
    $this->validator->setStopAtFirstError(FALSE);
    $this->validator->setMaxErrors(self::MAX_ERRORS);
  }

  /**
   * @param array<string, mixed> $schema the schema (an empty `properties` may be an \stdClass)
   * @param array<string, mixed> $arguments the arguments, decoded JSON as PHP arrays
   *
   * @return array{valid: bool, errors: list<array{message: string, path: string|null, keyword: string}>, unchecked?: string}
   */
  public function validate(array $schema, array $arguments): array {
    $compiled = $this->compile($schema);
    if (\is_string($compiled)) {
      return ['valid' => TRUE, 'errors' => [], 'unchecked' => $compiled];
    }
    try {
      $data = JsonShape::of($arguments, $schema);
      if ($data === []) {
        // No arguments: the object of a tool's arguments, whatever the schema.
        $data = new \stdClass();
      }
      $result = $this->validator->validate($data, $compiled);
      if ($result->isValid()) {
        return ['valid' => TRUE, 'errors' => []];
      }
      $error = $result->error();
      $errors = $error instanceof ValidationError ? $this->formatter->format($error) : [];
    }
    catch (\Throwable $e) {
      return ['valid' => TRUE, 'errors' => [], 'unchecked' => 'the JSON Schema validator failed: ' . $e->getMessage()];
    }
    if ($errors === []) {
      $errors[] = ['message' => 'arguments: do not match the tool\'s input schema', 'path' => NULL, 'keyword' => ''];
    }
    return ['valid' => FALSE, 'errors' => $errors];
  }

  /**
   * The patterns of the schemas validated so far that are not checked.
   *
   * @return array<string, string> pattern => why it is not translated
   */
  public function untranslatedPatterns(): array {
    return $this->untranslated->all();
  }

  /**
   * The schema compiled by opis, or why it does not compile.
   *
   * @param array<string, mixed> $schema
   */
  private function compile(array $schema): Schema|string {
    $json = json_encode($schema, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PARTIAL_OUTPUT_ON_ERROR);
    if ($json === FALSE) {
      return 'the schema is not JSON';
    }
    if (isset($this->compiled[$json])) {
      return $this->compiled[$json];
    }
    if (\count($this->compiled) >= self::CACHE_SIZE) {
      // opis's loader keeps every schema it parsed: start both afresh.
      $this->compiled = [];
      $this->validator->setLoader(new SchemaLoader($this->validator->loader()->parser(), NULL, TRUE));
    }
    try {
      $object = json_decode($json, FALSE, 512, JSON_THROW_ON_ERROR);
      $compiled = \is_object($object)
        ? $this->validator->loader()->loadObjectSchema($object)
        : 'the schema is not an object';
    }
    catch (\Throwable $e) {
      $compiled = 'the JSON Schema validator cannot compile the schema: ' . $e->getMessage();
    }
    return $this->compiled[$json] = $compiled;
  }

}
