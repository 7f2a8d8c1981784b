<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

use Psr\Log\LoggerInterface;

/**
 * @internal Normalizes the inputs of a tool kept by InputSchemaCache, in one
 *   normalize_schema() call (each input alone when that call refuses one of
 *   them), and hands the result to the tool's inputs: each input's schema,
 *   its warnings (InputWarnings: taken from their paths, logged once when
 *   built), its error.
 */
final class ToolNormalizer {

  /**
   * normalize_schema() calls made, for InputSchemaCache::stats().
   */
  public int $calls = 0;

  /**
   * @param (\Closure(array, array, ?array&): array)|null $normalize
   *   The implementation (default: \ToolSchema\normalize_schema, native when
   *   the extension is loaded).
   */
  public function __construct(
    private readonly ?\Closure $normalize,
    private readonly ?LoggerInterface $logger,
  ) {
  }

  /**
   * normalize_schema() of a map as the implementation in use gives it.
   *
   * @param array<string, mixed> $map
   * @param array<string, mixed> $options
   *
   * @return array<string, mixed>
   */
  public function schema(array $map, array $options, ?array &$warnings = NULL): array {
    $warnings = [];
    return $this->normalize === NULL ? \ToolSchema\normalize_schema($map, $options, $warnings) : ($this->normalize)($map, $options, $warnings);
  }

  /**
   * normalize_schema() of the tool's inputs as one map (its definition
   * arrays, in the order of its inputs, those that could not be built
   * left out); when it refuses the map (one input's definition array),
   * each input alone. The result handed to the inputs (apply()).
   *
   * @param array<string, mixed> $options
   */
  public function normalize(CachedTool $tool, array $options, string $key): void {
    $properties = $tool->arrays;
    $this->calls++;
    $warnings = [];
    try {
      $map = ['type' => 'map', 'properties' => $properties];
      $schema = $this->schema($map, $options, $warnings);
      $result = ['tool' => $schema, 'warnings' => $warnings, 'error' => NULL];
    }
    catch (\ValueError $e) {
      $result = ['tool' => NULL, 'warnings' => [], 'error' => $e->getMessage(), 'inputs' => [], 'input_warnings' => [], 'input_errors' => []];
      foreach ($properties as $name => $array) {
        $this->calls++;
        try {
          $result['inputs'][$name] = InputSchemaGenerator::inputSchema($array, $options, $warnings, $this->normalize, (string) $name);
          $result['input_warnings'][$name] = $warnings;
        }
        catch (\ValueError $e) {
          $result['input_errors'][$name] = $e->getMessage();
        }
      }
    }
    $this->apply($tool, $key, $result, TRUE);
  }

  /**
   * Hands a result to the tool's inputs (each input's schema and
   * warnings), logging them when it was just built. Each warning belongs
   * to the input its path names (InputWarnings::split()); one of the tool
   * as a whole (a profile's size limit, counted per schema: here the
   * tool's, the schema a consumer is sent) is logged once, for the tool.
   *
   * @param array<string, mixed> $result
   * @param bool $log just built (false: read from the bin, logged already)
   */
  public function apply(CachedTool $tool, string $key, array $result, bool $log): void {
    $tool->results[$key] = $result;
    if ($result['tool'] !== NULL && $tool->buildErrors === [] && $result['warnings'] === []) {
      // Every input has its schema, nothing to log: the map's
      // properties are the inputs' schemas.
      $tool->schemas[$key] = $result['tool']['properties'] ?? [];
      return;
    }
    if ($result['tool'] !== NULL) {
      $schemas = $result['tool']['properties'] ?? [];
      [$split, $whole] = InputWarnings::split($result['warnings'], array_map('strval', array_keys($tool->objects)));
      if ($log && $whole !== []) {
        InputWarnings::logTool($this->logger, $tool->id ?? InputSchemaGenerator::INPUT, $whole);
      }
    }
    else {
      $schemas = $result['inputs'] ?? [];
      $split = $result['input_warnings'] ?? [];
    }
    $tool->schemas[$key] = [];
    foreach ($tool->objects as $name => $object) {
      if (isset($tool->buildErrors[$name])) {
        continue;
      }
      if (isset($schemas[$name]) && \is_array($schemas[$name])) {
        $tool->schemas[$key][$name] = $schemas[$name];
        if ($log && isset($split[$name])) {
          InputWarnings::logInput($this->logger, $object, $split[$name]);
        }
      }
      else {
        $error = $result['input_errors'][$name] ?? "normalize_schema() gave no schema for the input \"$name\"";
        $tool->errors[$key][$name] = $error;
        if ($log) {
          InputWarnings::logError($this->logger, $object, $error, $tool->id);
        }
      }
    }
  }

}
