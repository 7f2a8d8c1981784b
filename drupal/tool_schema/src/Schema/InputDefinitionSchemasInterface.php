<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

use Drupal\Component\Plugin\Context\ContextDefinitionInterface;

/**
 * Where InputDefinitionNormalizer gets the JSON Schema of an input
 * definition: InputSchemaGenerator (built on every call) or InputSchemaCache
 * (built once per tool, kept for the request and in a cache bin).
 */
interface InputDefinitionSchemasInterface {

  /**
   * The schema of $definition as an input of a tool (a property of the
   * tool's input map, InputSchemaGenerator::inputSchema()).
   *
   * @param (\Closure(ContextDefinitionInterface): array)|null $fallback Called with
   *   $definition when the definition cannot be normalized (the error is
   *   logged); without one the exception is thrown. (A closure that takes
   *   no argument will do: PHP passes the extra one unused.)
   * @return array<string, mixed>
   */
  public function schema(ContextDefinitionInterface $definition, ?\Closure $fallback = NULL): array;

  /**
   * The schema of $definition when it is at hand without building anything
   * (a cache hit that is still valid), else null: the hot path of the
   * serializer, which then calls schema().
   *
   * @return array<string, mixed>|null
   */
  public function cached(ContextDefinitionInterface $definition): ?array;

}
