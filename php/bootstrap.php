<?php

declare(strict_types=1);

// Defines ToolSchema\normalize_schema(), ToolSchema\fit_budget(),
// ToolSchema\coerce_input() and the
// constants with the pure-PHP implementation, only when the tool_schema
// extension is not loaded (in the style of symfony/polyfill). The classes under
// ToolSchema\Php\ can always be called directly, extension or not.

namespace ToolSchema;

if (!\extension_loaded('tool_schema') && !\function_exists('ToolSchema\normalize_schema')) {
    \define('ToolSchema\IMPLEMENTATION', 'php');
    \define('ToolSchema\VERSION', \ToolSchema\Php\Version::VERSION);

    /**
     * @param array<mixed> $definition
     * @param array<string, mixed> $options
     * @param list<array{code: string, path: string, message: string}>|null $warnings
     * @return array<string, mixed>
     */
    function normalize_schema(array $definition, array $options = [], ?array &$warnings = null): array
    {
        // A user function accepts extra arguments silently: refuse them in the
        // extension's (PHP's internal functions') words.
        if (\func_num_args() > 3) {
            throw new \ArgumentCountError('ToolSchema\normalize_schema() expects at most 3 arguments, ' . \func_num_args() . ' given');
        }
        return \ToolSchema\Php\Normalize\Normalizer::normalize($definition, $options, $warnings);
    }

    /**
     * @param array<mixed> $tools
     * @param array<string, mixed> $options
     * @param list<array{code: string, path: string, message: string}>|null $warnings
     * @return array<array{schema: array<string, mixed>, strict: bool}>
     */
    function fit_budget(array $tools, array $options = [], ?array &$warnings = null): array
    {
        if (\func_num_args() > 3) {
            throw new \ArgumentCountError('ToolSchema\fit_budget() expects at most 3 arguments, ' . \func_num_args() . ' given');
        }
        return \ToolSchema\Php\Normalize\Budget::fit($tools, $options, $warnings);
    }

    /**
     * @param array<mixed> $definition
     * @param array<string, mixed> $options
     */
    function coerce_input(mixed $value, array $definition, array $options = []): mixed
    {
        if (\func_num_args() > 3) {
            throw new \ArgumentCountError('ToolSchema\coerce_input() expects at most 3 arguments, ' . \func_num_args() . ' given');
        }
        return \ToolSchema\Php\Coerce\Coercer::coerce($value, $definition, $options);
    }
}
