<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

use Drupal\Component\Plugin\Context\ContextDefinitionInterface;
use Drupal\tool_schema\Definition\DefinitionArrayBuilder;
use Psr\Log\LoggerInterface;

/**
 * The JSON Schema of a Tool API input definition through
 * ToolSchema\normalize_schema() (the extension when it is loaded, the pure-PHP
 * implementation otherwise), with the nullable style of the running Drupal
 * core and the warnings handed to a logger (the tool_schema channel).
 * Nothing is kept: each call builds and normalizes (the
 * tool_schema.input_schema service; InputSchemaCache keeps them).
 */
final class InputSchemaGenerator implements InputDefinitionSchemasInterface {

  /** @var array<string, mixed> */
  private readonly array $options;

  /**
   * @param string|null $coreVersion Drupal core version that picks the
   *   nullable style (NullableStyle::forCoreVersion()); null: \Drupal::VERSION,
   *   or "type_array" outside Drupal.
   * @param array<string, mixed> $options More normalize_schema() options
   *   (`title`, `derived_enum_limit`); a `nullable` here wins over the version.
   * @param string|null $profile The consumer the schemas are for: `mcp`
   *   (the default), `openai`, `anthropic`, `gemini` or `gemini_json`
   *   (normalize_schema()'s `profile` option; one generator service per
   *   consumer). Wins over a `profile` in $options.
   * @throws \InvalidArgumentException on an unknown profile
   */
  public function __construct(
    private readonly DefinitionArrayBuilder $builder,
    private readonly ?LoggerInterface $logger = NULL,
    ?string $coreVersion = NULL,
    array $options = [],
    ?string $profile = NULL,
  ) {
    $this->options = self::defaultOptions($coreVersion, $options, $profile);
  }

  /**
   * The normalize_schema() options of a site: $options, the nullable style
   * of the core version unless $options has one, and the profile when one
   * is given (it wins over a `profile` in $options).
   *
   * @param array<string, mixed> $options
   * @return array<string, mixed>
   * @throws \InvalidArgumentException on an unknown profile
   */
  public static function defaultOptions(?string $coreVersion = NULL, array $options = [], ?string $profile = NULL): array {
    $coreVersion ??= NullableStyle::runningCoreVersion();
    $options = $options + [
      'nullable' => $coreVersion === NULL ? NullableStyle::TYPE_ARRAY : NullableStyle::forCoreVersion($coreVersion),
    ];
    if ($profile !== NULL) {
      if (!self::knownProfile($profile)) {
        throw new \InvalidArgumentException(sprintf('tool_schema: unknown profile "%s" (mcp, openai, anthropic, gemini or gemini_json)', $profile));
      }
      $options['profile'] = $profile;
    }
    return $options;
  }

  /**
   * Whether the library knows the profile: asked of normalize_schema() itself
   * (the extension or the PHP twin), which refuses an unknown one.
   */
  private static function knownProfile(string $profile): bool {
    try {
      \ToolSchema\normalize_schema(['type' => 'string'], ['profile' => $profile]);
      return TRUE;
    }
    catch (\ValueError) {
      return FALSE;
    }
  }

  /** @return array<string, mixed> the normalize_schema() options in use */
  public function options(): array {
    return $this->options;
  }

  /**
   * The property name an input of no known name is normalized under
   * (inputSchema()): one no label restates (normalize_schema() leaves out of
   * the description a label that only restates its property's name, issue
   * 30; `_` is empty once spaces, underscores and hyphens are removed, so no
   * label does), so that such an input keeps its label.
   */
  public const INPUT = '_';

  /**
   * normalize_schema() of one input's definition array, as the input sits
   * in a tool: a property of the tool's input map, not the root. The root of
   * normalize_schema() is the whole tool (closed, never required to be
   * non-empty); an input is a value inside it (a free-form map input stays
   * open, a required list or map input must not be empty). Warning paths
   * are relative to the input. With its $name, the schema is the property
   * of the whole tool's schema exactly (a label that only restates the name
   * is left out of the description); without, the label stays (INPUT).
   *
   * @param array<string, mixed> $input a definition array (DefinitionArrayBuilder::build())
   * @param array<string, mixed> $options normalize_schema() options
   * @param (callable(array, array, ?array&): array)|null $normalize the
   *   implementation (default: \ToolSchema\normalize_schema, native when the
   *   extension is loaded)
   * @return array<string, mixed>
   */
  public static function inputSchema(array $input, array $options, ?array &$warnings = NULL, ?callable $normalize = NULL, ?string $name = NULL): array {
    $w = [];
    $key = $name ?? self::INPUT;
    $tool = ['type' => 'map', 'properties' => [$key => $input]];
    $schema = $normalize === NULL ? \ToolSchema\normalize_schema($tool, $options, $w) : $normalize($tool, $options, $w);
    $warnings = [];
    $prefix = 'properties.' . $key;
    foreach ($w as $warning) {
      $path = $warning['path'];
      if ($path === $prefix) {
        $warning['path'] = '';
      }
      elseif (str_starts_with($path, $prefix . '.')) {
        $warning['path'] = substr($path, \strlen($prefix) + 1);
      }
      $warnings[] = $warning;
    }
    return $schema['properties'][$key];
  }

  /**
   * The schema of $definition, an input of a tool (inputSchema()). Each
   * warning is logged once per call, at warning level, as
   * "tool_schema: @code at @path: @warning".
   *
   * @param (\Closure(object): array)|null $fallback Called with $definition when the definition
   *   cannot be normalized (it cannot be turned into a definition array, or
   *   normalize_schema() rejects it); the error is logged. Without a
   *   fallback the exception is thrown.
   * @param string|null $name the input's name in its tool, when known (a
   *   label that only restates it is left out, as in the tool's schema)
   * @return array<string, mixed>
   */
  public function schema(ContextDefinitionInterface $definition, ?\Closure $fallback = NULL, ?string $name = NULL): array {
    $warnings = [];
    try {
      $array = $this->builder->build($definition);
      $schema = self::inputSchema($array, $this->options, $warnings, NULL, $name);
    }
    catch (\ValueError | \InvalidArgumentException $e) {
      if ($fallback === NULL) {
        throw $e;
      }
      InputWarnings::logError($this->logger, $definition, $e->getMessage());
      return $fallback($definition);
    }
    InputWarnings::logInput($this->logger, $definition, $warnings);
    return $schema;
  }

  /** Nothing is kept: always null. */
  public function cached(ContextDefinitionInterface $definition): ?array {
    return NULL;
  }

}
