<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

/**
 * One schema node as the profiles write it: filled by the normalizer from
 * what it computed (Normalize\Fill), or read from a base schema
 * (Normalize\Profile\Reader), the only place a schema is read
 * (src/model/schema.rs). Numbers are ints or floats as written; a child
 * (`items`, a value of `properties`) is its own Schema when the normalizer
 * filled it, the schema as written when it was read. The count keywords of
 * a list and a map are named here once (COUNT_KEYS), for every writer: the
 * normalizer's `mcp` schema, Fill and each provider.
 */
final class Schema
{
    // JSON types as bits.
    public const STRING = 1;
    public const INTEGER = 2;
    public const NUMBER = 4;
    public const BOOLEAN = 8;
    public const ARRAY = 16;
    public const OBJECT = 32;
    public const ALL = 63;

    /** The types in the order branches are written. */
    public const TYPES = [
        self::STRING => 'string',
        self::INTEGER => 'integer',
        self::NUMBER => 'number',
        self::BOOLEAN => 'boolean',
        self::ARRAY => 'array',
        self::OBJECT => 'object',
    ];

    public mixed $title = null;
    public mixed $description = null;
    public mixed $default = null;
    public ?array $examples = null;
    /** Null is accepted (besides what the other parts accept). */
    public bool $nullable = false;
    /** The non-null types (`ALL` when there is no `type`). */
    public int $types = self::ALL;
    /** @var list<string> the node's own first, then those of `allOf` entries */
    public array $formats = [];
    /** @var list<string> */
    public array $patterns = [];
    /** @var list<mixed> */
    public array $nots = [];
    /** @var list<mixed>|null the allowed values, all enum/const intersected, null left out */
    public ?array $values = null;
    public bool $isConst = false;
    /** @var list<array{0: mixed, 1: bool}> every enum/const as written */
    public array $valueSets = [];
    public ?int $minLength = null;
    public ?int $maxLength = null;
    public int|float|null $minimum = null;
    public int|float|null $exclusiveMinimum = null;
    public int|float|null $maximum = null;
    public int|float|null $exclusiveMaximum = null;
    public int|float|null $multipleOf = null;
    public mixed $items = null;
    public bool $hasItems = false;
    public ?int $minItems = null;
    public ?int $maxItems = null;
    /** @var array<int|string, mixed>|null */
    public ?array $properties = null;
    public ?array $required = null;
    public mixed $additional = null;
    public bool $hasAdditional = false;
    public ?int $minProperties = null;
    public ?int $maxProperties = null;
    public ?array $anyOf = null;
    public ?array $oneOf = null;
    /**
     * @var list<array{0: int|string, 1: mixed, 2: bool}> anything else, in
     * order (2: an `allOf` entry that could not be merged)
     */
    public array $other = [];

    /**
     * The count keywords of each container type, lower then upper: a list's
     * `minItems`/`maxItems`, a map's `minProperties`/`maxProperties`. How a
     * count (`Count`, `Length` on a map, NotNull's one) is written, by every
     * profile (countKeys(); named here only; the per-node writers, the
     * normalizer, Fill and Provider::countInts(), read the table inline: a
     * static call per list or map costs the `mcp` path 0.3 %).
     */
    public const COUNT_KEYS = [
        self::ARRAY => ['minItems', 'maxItems'],
        self::OBJECT => ['minProperties', 'maxProperties'],
    ];

    /** The type bit of a list's and a map's category (containerBit()). */
    public const CONTAINER_BITS = [Ty::CAT_LIST => self::ARRAY, Ty::CAT_MAP => self::OBJECT];

    /**
     * The count keywords of the type `$bit`, lower then upper (COUNT_KEYS);
     * null for a type without counts.
     *
     * @return array{0: string, 1: string}|null
     */
    public static function countKeys(int $bit): ?array
    {
        return self::COUNT_KEYS[$bit] ?? null;
    }

    /**
     * The type bit of a definition's category (a list's, a map's; 0 for the
     * others, which have no counts).
     */
    public static function containerBit(int $cat): int
    {
        return self::CONTAINER_BITS[$cat] ?? 0;
    }

    /**
     * The lower and upper count of the type `$bit` (countKeys()).
     *
     * @return array{0: ?int, 1: ?int}
     */
    public function counts(int $bit): array
    {
        return match ($bit) {
            self::ARRAY => [$this->minItems, $this->maxItems],
            self::OBJECT => [$this->minProperties, $this->maxProperties],
            default => [null, null],
        };
    }

    /** `{"type": "null"}` exactly (schema.rs's is_null_schema). */
    public static function isNullSchema(mixed $n): bool
    {
        $a = self::arr($n);
        return $a !== null && \count($a) === 1 && ($a['type'] ?? null) === 'null';
    }

    /**
     * The container keyword of a `not` that every empty list (`items`) or
     * map (`additionalProperties`) satisfies: `{items: S}` or
     * `{additionalProperties: S}`, alone or beside the container's `type`
     * (schema.rs's guard_count).
     */
    public static function guardKey(mixed $n): ?string
    {
        $a = self::arr($n);
        if ($a === null) {
            return null;
        }
        [$key, $type] = match (true) {
            \array_key_exists('items', $a) => ['items', 'array'],
            \array_key_exists('additionalProperties', $a) => ['additionalProperties', 'object'],
            default => [null, null],
        };
        if ($key === null) {
            return null;
        }
        $n = \count($a);
        return $n === 1 || ($n === 2 && ($a['type'] ?? null) === $type) ? $key : null;
    }

    /** An array, or a stdClass read as its array (Profile::arr()). */
    private static function arr(mixed $v): ?array
    {
        if ($v instanceof \stdClass) {
            return (array) $v;
        }
        return \is_array($v) ? $v : null;
    }
}
