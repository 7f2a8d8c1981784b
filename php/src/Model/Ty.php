<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

/**
 * What a definition's type id is (Ty) and which family of keywords applies
 * to it (Cat), read by the catalogue, coercion and normalization alike
 * (src/model/ty.rs).
 */
final class Ty
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

    /** Ty => Cat (cat(); read directly where a call per definition shows). */
    public const CATS = [
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

    public static function fromId(string $id): int
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
        return self::CATS[self::fromId($id)];
    }
}
