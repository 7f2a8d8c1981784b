<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

/**
 * @internal What InputSchemaCache keeps in memory for one tool plugin during
 *   a request: the inputs it normalized in one call and the results per
 *   options set.
 */
final class CachedTool
{
    /**
     * @var array<string, array{tool: array<string, mixed>|null, warnings: list<array<string, string>>, error: string|null,
     *   inputs?: array<string, array<string, mixed>>, input_warnings?: array<string, list<array<string, string>>>, input_errors?: array<string, string>}>
     *   options key => the result of normalizing the tool's inputs; `tool` is
     *   the whole tool's schema, or null when normalize_schema() refused one
     *   input, in which case each input was normalized on its own (`inputs`,
     *   `input_warnings`, `input_errors`)
     */
    public array $results = [];

    /** @var array<string, string> options key => the result, serialize()d (as the bin entry holds it) */
    public array $serialized = [];

    /**
     * @param object $definition the plugin definition
     * @param array<mixed> $all its input definitions, locked ones included, as read
     * @param array<string, object> $objects the input definition objects normalized (the unlocked ones)
     * @param array<string, CachedInput> $inputs the same, name => what is kept
     * @param list<string> $refined the inputs the Tool module may refine in place
     * @param string|null $variant the refined-definition variant
     *   (InputSchemaCache::variant()), null until it is needed
     * @param string|null $arrays the definition arrays, serialize()d (as the
     *   bin entry holds them), when known
     * @param bool $loaded whether the inputs hold their definition arrays
     *   (read from the bin, they stay in $arrays until they are needed)
     */
    public function __construct(
        public readonly object $definition,
        public readonly array $all,
        public readonly array $objects,
        public readonly array $inputs,
        public readonly array $refined,
        public ?string $variant,
        public ?string $arrays = null,
        public bool $loaded = true,
    ) {
    }

    public function valid(): bool
    {
        foreach ($this->inputs as $input) {
            if (!$input->valid()) {
                return false;
            }
        }
        return true;
    }

    public function siteStateChanged(): bool
    {
        foreach ($this->inputs as $input) {
            if ($input->siteStateChanged()) {
                return true;
            }
        }
        return false;
    }
}
