<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Normalize\Profile\Profile;
use ToolSchema\Php\Path;

/** The `$options` array of `normalize_schema()` (src/normalize/options.rs). */
final class Options
{
    // NullStyle: how an optional input lets null through.
    /** `"type": ["string", "null"]` (Drupal 10 path). */
    public const TYPE_ARRAY = 0;
    /** `"oneOf": [{...}, {"type": "null"}]` (Drupal 11.1+ core path). */
    public const ONE_OF = 1;
    /** `"anyOf": [{...}, {"type": "null"}]`. */
    public const ANY_OF = 2;

    public int $nullable = self::TYPE_ARRAY;
    /** `title: "split"`: label in `title`, description in `description`. */
    public bool $splitTitle = false;
    public int $derivedEnumLimit = 50;
    /** The consumer the schema is written for. */
    public Profile $profile = Profile::Mcp;

    private static function bad(string $key, string $message): \ValueError
    {
        return Path::valueError('options.' . $key, $message);
    }

    /**
     * Reads and checks the options array. Unknown keys are an error, so that a
     * misspelt option is not silently ignored.
     */
    public static function read(array $options): self
    {
        $o = new self();
        foreach ($options as $key => $value) {
            if ($key === 'nullable') {
                $o->nullable = match ($value) {
                    'type_array' => self::TYPE_ARRAY,
                    'one_of' => self::ONE_OF,
                    'any_of' => self::ANY_OF,
                    default => throw self::bad('nullable', 'must be "type_array", "one_of" or "any_of"'),
                };
            } elseif ($key === 'title') {
                $o->splitTitle = match ($value) {
                    'merged' => false,
                    'split' => true,
                    default => throw self::bad('title', 'must be "merged" or "split"'),
                };
            } elseif ($key === 'derived_enum_limit') {
                if (!\is_int($value) || $value < 0) {
                    throw self::bad('derived_enum_limit', 'must be a non-negative integer');
                }
                $o->derivedEnumLimit = $value;
            } elseif ($key === 'profile') {
                $o->profile = (\is_string($value) ? Profile::tryFrom($value) : null)
                    ?? throw self::bad('profile', 'must be "mcp", "openai", "anthropic", "gemini" or "gemini_json"');
            } else {
                throw self::bad(Path::key($key), 'unknown option');
            }
        }
        return $o;
    }
}
