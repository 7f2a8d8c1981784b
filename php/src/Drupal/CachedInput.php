<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

/**
 * @internal What InputSchemaCache keeps in memory for one input definition
 *   object during a request: its schema per options set, or why it has none,
 *   and what tells whether it still holds (the object unchanged, the site
 *   state behind its derived enums unchanged).
 */
final class CachedInput
{
    /** @var array<string, array<string, mixed>> options key => the input's schema */
    public array $schemas = [];

    /** @var array<string, string> options key => why normalize_schema() refused the definition */
    public array $errors = [];

    /**
     * @param list<array{object, array<mixed>}> $snapshot DefinitionSnapshot::of() / take()
     * @param list<Dependency> $dependencies
     * @param array<string, mixed>|null $array the definition array; null when
     *   it could not be built ($buildError), or is still in its tool's bin
     *   entry (CachedTool::$arrays)
     * @param string|null $buildError why the definition array could not be built
     */
    public function __construct(
        public readonly array $snapshot,
        public readonly array $dependencies,
        public ?array $array,
        public readonly ?string $buildError = null,
    ) {
    }

    public function valid(): bool
    {
        if (!DefinitionSnapshot::holds($this->snapshot)) {
            return false;
        }
        foreach ($this->dependencies as $dependency) {
            if (!$dependency->holds()) {
                return false;
            }
        }
        return true;
    }

    /** Does a dependency no longer hold (rather than the object having changed)? */
    public function siteStateChanged(): bool
    {
        foreach ($this->dependencies as $dependency) {
            if (!$dependency->holds()) {
                return true;
            }
        }
        return false;
    }
}
