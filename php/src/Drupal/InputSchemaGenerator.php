<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

use ToolSchema\Php\Normalize\Profile\Profile;

/**
 * The JSON Schema of a Tool API input definition through
 * ToolSchema\normalize_schema() (the extension when it is loaded, the pure-PHP
 * implementation otherwise), with the nullable style of the running Drupal
 * core and the warnings handed to a logger.
 *
 * No Drupal class is needed: the logger is anything with
 * warning($message, $context) and error($message, $context) (PSR-3, Drupal's
 * logger channels).
 */
final class InputSchemaGenerator implements InputSchemas
{
    /** @var array<string, mixed> */
    private readonly array $options;

    /**
     * @param string|null $coreVersion Drupal core version that picks the
     *   nullable style (NullableStyle::forCoreVersion()); null: \Drupal::VERSION,
     *   or "type_array" outside Drupal.
     * @param array<string, mixed> $options More normalize_schema() options
     *   (`title`, `derived_enum_limit`); a `nullable` here wins over the version.
     * @param string|null $profile The consumer the schemas are for: `mcp`
     *   (the default), `openai`, `anthropic` or `gemini` (normalize_schema()'s
     *   `profile` option; one generator service per consumer). Wins over a
     *   `profile` in $options.
     * @throws \InvalidArgumentException on an unknown profile
     */
    public function __construct(
        private readonly DefinitionArrayBuilder $builder,
        private readonly ?object $logger = null,
        ?string $coreVersion = null,
        array $options = [],
        ?string $profile = null,
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
    public static function defaultOptions(?string $coreVersion = null, array $options = [], ?string $profile = null): array
    {
        $coreVersion ??= NullableStyle::runningCoreVersion();
        $options = $options + [
            'nullable' => $coreVersion === null ? NullableStyle::TYPE_ARRAY : NullableStyle::forCoreVersion($coreVersion),
        ];
        if ($profile !== null) {
            if (Profile::parse($profile) === null) {
                throw new \InvalidArgumentException(sprintf('tool_schema: unknown profile "%s" (mcp, openai, anthropic or gemini)', $profile));
            }
            $options['profile'] = $profile;
        }
        return $options;
    }

    /** @return array<string, mixed> the normalize_schema() options in use */
    public function options(): array
    {
        return $this->options;
    }

    /** The property name an input is normalized under (inputSchema()). */
    public const INPUT = 'input';

    /**
     * normalize_schema() of one input's definition array, as the input sits
     * in a tool: a property of the tool's input map, not the root. The root of
     * normalize_schema() is the whole tool (closed, never required to be
     * non-empty); an input is a value inside it (a free-form map input stays
     * open, a required list or map input must not be empty). Warning paths
     * are relative to the input.
     *
     * @param array<string, mixed> $input a definition array (DefinitionArrayBuilder::build())
     * @param array<string, mixed> $options normalize_schema() options
     * @param (callable(array, array, ?array&): array)|null $normalize the
     *   implementation (default: \ToolSchema\normalize_schema, native when the
     *   extension is loaded)
     * @return array<string, mixed>
     */
    public static function inputSchema(array $input, array $options, ?array &$warnings = null, ?callable $normalize = null): array
    {
        $w = [];
        $tool = ['type' => 'map', 'properties' => [self::INPUT => $input]];
        $schema = $normalize === null ? \ToolSchema\normalize_schema($tool, $options, $w) : $normalize($tool, $options, $w);
        $warnings = [];
        $prefix = 'properties.' . self::INPUT;
        foreach ($w as $warning) {
            $path = $warning['path'];
            if ($path === $prefix) {
                $warning['path'] = '';
            } elseif (str_starts_with($path, $prefix . '.')) {
                $warning['path'] = substr($path, \strlen($prefix) + 1);
            }
            $warnings[] = $warning;
        }
        return $schema['properties'][self::INPUT];
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
     * @return array<string, mixed>
     */
    public function schema(object $definition, ?\Closure $fallback = null): array
    {
        $warnings = [];
        try {
            $array = $this->builder->build($definition);
            $schema = self::inputSchema($array, $this->options, $warnings);
        } catch (\ValueError | \InvalidArgumentException $e) {
            if ($fallback === null) {
                throw $e;
            }
            self::logError($this->logger, $definition, $e->getMessage());
            return $fallback($definition);
        }
        self::logWarnings($this->logger, $definition, $warnings);
        return $schema;
    }

    /** Nothing is kept: always null. */
    public function cached(object $definition): ?array
    {
        return null;
    }

    /**
     * Logs each warning of an input's schema at warning level, as
     * "tool_schema: @code at @path: @warning" (@label: the input's label).
     *
     * @param list<array{code: string, path: string, message: string}> $warnings paths relative to the input
     */
    public static function logWarnings(?object $logger, object $definition, array $warnings): void
    {
        foreach ($warnings as $w) {
            $logger?->warning('tool_schema: @code at @path: @warning', [
                '@code' => $w['code'],
                '@path' => $w['path'] === '' ? '(root)' : $w['path'],
                '@warning' => $w['message'],
                '@label' => self::label($definition),
            ]);
        }
    }

    /** Logs that an input definition cannot be normalized and the Tool module's own schema is used. */
    public static function logError(?object $logger, object $definition, string $error): void
    {
        $logger?->error('tool_schema: cannot normalize the @label input definition (@error); the Tool module\'s own schema is used', [
            '@label' => self::label($definition),
            '@error' => $error,
        ]);
    }

    private static function label(object $definition): string
    {
        $label = method_exists($definition, 'getLabel') ? $definition->getLabel() : null;
        return \is_string($label) || $label instanceof \Stringable ? (string) $label : '';
    }
}
