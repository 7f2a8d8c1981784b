<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Entity;

/**
 * A value of an entity input that names no entity the caller can use.
 *
 * The message says why without the input's name ('no "user" entity with ID
 * "99" that you can view'); path() is where in the value, relative to the
 * input ("" for the value itself, "[2]" for the third item of a list).
 */
final class EntityInputException extends \InvalidArgumentException {

  public function __construct(string $message, private readonly string $path = '') {
    parent::__construct($message);
  }

  /** Where in the input's value: "" or "[i]". */
  public function path(): string {
    return $this->path;
  }

  /** The message for the input named $input: "input[2]: why". */
  public function describe(string $input): string {
    return $input . $this->path . ': ' . $this->getMessage();
  }

}
