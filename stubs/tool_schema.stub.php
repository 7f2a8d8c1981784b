<?php

/**
 * Stubs for the tool_schema extension (IDEs, static analysis). Kept by hand:
 * tests/phpunit/StubTest.php compares this file with Reflection of the loaded
 * extension (names, parameter types, defaults, by-reference parameters, return
 * types, constants). Never include it at run time: with the extension loaded it
 * would redeclare its functions, and without it php/bootstrap.php defines them.
 */

namespace ToolSchema;

/**
 * Which implementation of the functions is active: "native" (the extension)
 * or "php" (the pure-PHP library in php/, which defines this constant as "php").
 */
const IMPLEMENTATION = 'native';

/**
 * The version of tool_schema: the same string as phpversion('tool_schema'),
 * Cargo.toml, composer.json and ToolSchema\Php\Version::VERSION.
 */
const VERSION = '0.1.0';

/**
 * Turns a tool input definition into the JSON Schema (2020-12) that an LLM
 * function-calling or MCP client sees.
 *
 * @param array<string, mixed> $definition The definition array: `type`
 *   (required), `label`, `description`, `required` (default true), `default`,
 *   `constraints`, `examples`, `items` (list), `properties` (map),
 *   `base_schema`. Nothing in it is an object or a callable.
 * @param array<string, mixed> $options `nullable`: "type_array" (default),
 *   "one_of" or "any_of"; `title`: "merged" (default) or "split";
 *   `derived_enum_limit`: int (default 50); `profile`: "mcp" (default),
 *   "openai", "anthropic", "gemini" or "gemini_json" (the consumer the schema
 *   is for).
 * @param list<array{code: string, path: string, message: string}>|null $warnings
 *   Out parameter: always set to a list (empty when there is nothing to say),
 *   also when the call throws.
 *
 * @return array<string, mixed> The schema; empty JSON objects are stdClass.
 *
 * @throws \ValueError A malformed definition or option; the message starts
 *   with the path (`properties.tags.items.constraints.Length.min: ...`).
 */
function normalize_schema(array $definition, array $options = [], ?array &$warnings = null): array {}

/**
 * The schemas of a whole tool list for one request, within the per-request
 * limits of the profile's strict mode (Anthropic: 20 strict tools, 24
 * optional parameters, 16 parameters with union types; OpenAI: 5,000 object
 * properties, 1,000 enum values, 120,000 characters of property names and
 * enum values, all strict tools together). First-fit in list order: a tool
 * stays strict when it can be strict on its own and fits beside the strict
 * tools before it; otherwise it gets the `mcp` profile's schema and
 * `strict: false`, with one warning `profile_budget_exceeded` (path: the
 * tool's name) naming the limits, or its own `profile_strict_impossible` /
 * `profile_limit_exceeded`. Profiles without strict mode (`mcp`, `gemini`):
 * every tool `strict: false`, nothing counted. With the `anthropic` profile a
 * tool also gets `input_examples` (Anthropic's tool definitions take them
 * beside `input_schema`): up to 3 whole example inputs built from its
 * properties' `examples`, only those that validate against its schema; the
 * key is there only when there is one.
 *
 * @param array<string|int, array<string, mixed>> $tools Tool name =>
 *   input definition (as for normalize_schema()), in the order they are sent.
 * @param array<string, mixed> $options As for normalize_schema(); `profile`
 *   names the consumer.
 * @param list<array{code: string, path: string, message: string}>|null $warnings
 *   Out parameter: always set to a list; each tool's warnings have its name
 *   in front of their path (`node_create.properties.title`).
 *
 * @return array<string|int, array{schema: array<string, mixed>, strict: bool, input_examples?: list<array<string, mixed>>}>
 *   Per tool, in the order of `$tools`.
 *
 * @throws \ValueError A malformed definition (the message starts with the
 *   tool's name, then normalize_schema()'s message) or option.
 */
function fit_budget(array $tools, array $options = [], ?array &$warnings = null): array {}

/**
 * Repairs a value sent by an LLM for a tool input when the repair is
 * unambiguous (JSON strings for lists/maps, numeric and boolean strings, a
 * scalar for a list, case of a choice, dates, ...); otherwise returns it
 * unchanged so that validation reports it. Idempotent. Never throws for a bad
 * value.
 *
 * @param mixed $value The value as the client sent it (decoded JSON).
 * @param array<string, mixed> $definition The definition array, as for
 *   normalize_schema().
 * @param array<string, mixed> $options No options are defined yet; an unknown
 *   key is a \ValueError.
 *
 * @return mixed The repaired value, or $value unchanged.
 *
 * @throws \ValueError A malformed definition or an unknown option.
 */
function coerce_input(mixed $value, array $definition, array $options = []): mixed {}
