<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Schema;

/**
 * `gemini_json`: the `parametersJsonSchema` of a Gemini function declaration,
 * JSON Schema within google-genai's `types.JSONSchema`
 * (src/normalize/profile/gemini_json.rs, where the rules and their sources
 * are).
 */
final class GeminiJson extends Provider
{
    /** A nullable node's own keys carry null in their type list. */
    public const LABEL = 'Gemini (parametersJsonSchema)';
    protected const NULL_IN_TYPE = true;
    protected const AFTER = true;
    protected const TYPE_NAMES = null;

    /** `type` lists `"null"` (and `enum` holds null) when the node is nullable. */
    protected function typeValue(): string|array
    {
        $name = Profile::TYPES[$this->bit] ?? 'string';
        return $this->p->nullable ? [$name, 'null'] : $name;
    }

    protected function string(): void
    {
        $p = $this->p;
        if ($p->formats !== []) {
            $this->keys[] = ['format', $p->formats[0]];
        }
        if ($p->patterns !== []) {
            $this->keys[] = ['pattern', $p->patterns[0]];
        }
        $this->values(false, false, $this->p->nullable);
        $this->lengths();
    }

    protected function number(): ?array
    {
        $this->values(false, false, $this->p->nullable);
        if ($this->p->multipleOf !== null) {
            $this->dropMultiple($this->p->multipleOf);
        }
        Gemini::bounds($this);
        return null;
    }

    protected function array(): void
    {
        $this->values(false, false, $this->p->nullable);
        Gemini::arrayKeys($this);
    }

    protected function object(): void
    {
        $this->values(false, false, $this->p->nullable);
        Gemini::objectKeys($this);
    }

    protected function boolean(): void
    {
        $this->values(false, false, $this->p->nullable);
    }

    protected function anyOf(array $list): array
    {
        $branches = $this->pass->branches($list);
        if ($this->p->nullable) {
            // The type list lets null in; the alternatives must too.
            $branches[] = ['type' => 'null'];
        }
        return $branches;
    }

    /** `default` stays a keyword (after the body): only `examples` goes into the notes. */
    protected const DEFAULT_NOTE = false;

    protected static function after(array &$o, Schema $p): void
    {
        if ($p->default !== null) {
            $o['default'] = $p->default;
        }
    }
}
