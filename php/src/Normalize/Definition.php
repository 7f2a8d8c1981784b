<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Path;

/**
 * Reading one definition array: its type and the keys every type shares
 * (src/normalize/definition.rs).
 *
 * Checks run in a fixed order (type, label, description, required, default,
 * examples, base_schema, then constraints, then items/properties), the same as in
 * the Rust implementation, so that both report the same first error.
 */
final class Definition
{
    // Ty: a typed-data id.
    public const STRING = 0;
    public const TEXT = 1;
    public const INTEGER = 2;
    public const FLOAT = 3;
    public const DECIMAL = 4;
    public const BOOLEAN = 5;
    public const EMAIL = 6;
    public const URI = 7;
    public const TIMESTAMP = 8;
    public const DATETIME_ISO8601 = 9;
    public const DURATION_ISO8601 = 10;
    public const ANY = 11;
    public const LIST = 12;
    public const MAP = 13;
    /** Any other id (`entity:node`, ...). */
    public const OTHER = 14;
    /** Seconds (core's `timespan`). */
    public const TIMESPAN = 15;
    /** A text format id (core's `filter_format`). */
    public const FILTER_FORMAT = 16;
    /** `entity`, `entity:T`, `entity:T:B`. */
    public const ENTITY = 17;

    // Cat: which family of JSON Schema keywords applies.
    public const CAT_STR = 0;
    public const CAT_INT = 1;
    public const CAT_NUM = 2;
    public const CAT_BOOL = 3;
    public const CAT_LIST = 4;
    public const CAT_MAP = 5;
    public const CAT_ANY = 6;

    private const IDS = [
        'string' => self::STRING,
        'text' => self::TEXT,
        'integer' => self::INTEGER,
        'float' => self::FLOAT,
        'decimal' => self::DECIMAL,
        'boolean' => self::BOOLEAN,
        'email' => self::EMAIL,
        'uri' => self::URI,
        'timestamp' => self::TIMESTAMP,
        'datetime_iso8601' => self::DATETIME_ISO8601,
        'duration_iso8601' => self::DURATION_ISO8601,
        'timespan' => self::TIMESPAN,
        'filter_format' => self::FILTER_FORMAT,
        'any' => self::ANY,
        'list' => self::LIST,
        'map' => self::MAP,
    ];

    /** Ty => Cat. */
    private const CATS = [
        self::STRING => self::CAT_STR,
        self::TEXT => self::CAT_STR,
        self::INTEGER => self::CAT_INT,
        self::FLOAT => self::CAT_NUM,
        self::DECIMAL => self::CAT_STR,
        self::BOOLEAN => self::CAT_BOOL,
        self::EMAIL => self::CAT_STR,
        self::URI => self::CAT_STR,
        self::TIMESTAMP => self::CAT_INT,
        self::DATETIME_ISO8601 => self::CAT_STR,
        self::DURATION_ISO8601 => self::CAT_STR,
        self::ANY => self::CAT_ANY,
        self::LIST => self::CAT_LIST,
        self::MAP => self::CAT_MAP,
        self::OTHER => self::CAT_ANY,
        self::TIMESPAN => self::CAT_INT,
        self::FILTER_FORMAT => self::CAT_STR,
        self::ENTITY => self::CAT_ANY,
    ];

    public int $ty = self::OTHER;
    public int $cat = self::CAT_ANY;
    public string $typeId = '';
    public ?string $label = null;
    public ?string $description = null;
    public bool $required = true;
    /** Absent or null: no default. */
    public mixed $default = null;
    /** @var list<mixed>|null */
    public ?array $examples = null;
    public ?array $baseSchema = null;
    public ?array $constraints = null;
    public ?array $items = null;
    public ?array $properties = null;

    public static function tyFromId(string $id): int
    {
        return self::IDS[$id] ?? ($id === 'entity' || \str_starts_with($id, 'entity:') ? self::ENTITY : self::OTHER);
    }

    public static function cat(int $ty): int
    {
        return self::CATS[$ty];
    }

    /** The Cat of a typed-data id. */
    public static function catOf(string $id): int
    {
        return self::CATS[self::tyFromId($id)];
    }

    /** A string that must be valid UTF-8; null when absent, null or empty. */
    private static function text(array $def, string $key, Path $path): ?string
    {
        $v = $def[$key] ?? null;
        if ($v === null || $v === '') {
            return null;
        }
        if (!\is_string($v)) {
            throw $path->error([$key], 'must be a string');
        }
        if (!Vocab::validUtf8($v)) {
            throw $path->error([$key], 'must be valid UTF-8');
        }
        return $v;
    }

    private static function arrayOrAbsent(array $def, string $key, Path $path): ?array
    {
        if (!\array_key_exists($key, $def)) {
            return null;
        }
        $v = $def[$key];
        if (!\is_array($v)) {
            throw $path->error([$key], 'must be an array');
        }
        return $v;
    }

    public static function read(array $def, Path $path): self
    {
        $t = $def['type'] ?? null;
        if (!\is_string($t)) {
            throw $path->error(['type'], $t === null ? 'is required' : 'must be a string');
        }
        if ($t === '') {
            throw $path->error(['type'], 'must not be empty');
        }
        if (!Vocab::validUtf8($t)) {
            throw $path->error(['type'], 'must be valid UTF-8');
        }
        $d = new self();
        $d->typeId = $t;
        $ty = self::tyFromId($t);
        $d->ty = $ty;
        $d->cat = self::CATS[$ty];
        $d->label = self::text($def, 'label', $path);
        $d->description = self::text($def, 'description', $path);
        $r = $def['required'] ?? null;
        if ($r !== null) {
            if (!\is_bool($r)) {
                throw $path->error(['required'], 'must be a boolean');
            }
            $d->required = $r;
        }
        $v = $def['default'] ?? null;
        if ($v !== null) {
            ValueCheck::checkValue($v, $path, 'default');
            $d->default = $v;
        }
        $v = $def['examples'] ?? null;
        if ($v !== null) {
            if (!\is_array($v) || !\array_is_list($v)) {
                throw $path->error(['examples'], 'must be a list');
            }
            ValueCheck::checkValue($v, $path, 'examples');
            $d->examples = $v;
        }
        if ($ty === self::OTHER || $ty === self::ENTITY) {
            $b = self::arrayOrAbsent($def, 'base_schema', $path);
            if ($b !== null) {
                BaseSchema::check($b, $path);
                $d->baseSchema = $b;
            }
        }
        $d->constraints = self::arrayOrAbsent($def, 'constraints', $path);
        if ($ty === self::LIST) {
            $d->items = self::arrayOrAbsent($def, 'items', $path);
        } elseif ($ty === self::MAP) {
            $d->properties = self::arrayOrAbsent($def, 'properties', $path);
        }
        return $d;
    }
}
