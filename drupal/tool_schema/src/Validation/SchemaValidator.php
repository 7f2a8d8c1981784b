<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation;

use Opis\JsonSchema\Errors\ValidationError;
use Opis\JsonSchema\Validator;

/**
 * Tool arguments against a JSON Schema, with opis/json-schema (what
 * mcp_tools requires; this class is only loaded where mcp_tools is): the
 * arguments as the schema reads them (JsonShape: `[]` is `{}` where an
 * object is asked for), the verdict the validator's, each violation one line
 * (ViolationFormatter).
 */
final class SchemaValidator {

  /** Violations reported at most per call. */
  public const MAX_ERRORS = 20;

  private readonly Validator $validator;

  public function __construct(
    private readonly ViolationFormatter $formatter = new ViolationFormatter(),
  ) {
    $this->validator = new Validator();
    $this->validator->setStopAtFirstError(FALSE);
    $this->validator->setMaxErrors(self::MAX_ERRORS);
  }

  /**
   * @param array<string, mixed> $schema the schema (an empty `properties` may be an \stdClass)
   * @param array<string, mixed> $arguments the arguments, decoded JSON as PHP arrays
   *
   * @return array{valid: bool, errors: list<array{message: string, path: string|null, keyword: string}>}
   */
  public function validate(array $schema, array $arguments): array {
    $schemaObject = json_decode((string) json_encode($schema, JSON_PRESERVE_ZERO_FRACTION));
    $data = JsonShape::of($arguments, $schema);
    if ($data === []) {
      // No arguments: the object of a tool's arguments, whatever the schema.
      $data = new \stdClass();
    }
    $result = $this->validator->validate($data, $schemaObject);
    if ($result->isValid()) {
      return ['valid' => TRUE, 'errors' => []];
    }
    $error = $result->error();
    $errors = $error instanceof ValidationError ? $this->formatter->format($error) : [];
    if ($errors === []) {
      $errors[] = ['message' => 'arguments: do not match the tool\'s input schema', 'path' => NULL, 'keyword' => ''];
    }
    return ['valid' => FALSE, 'errors' => $errors];
  }

}
