<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

/**
 * The typed-data id, as far as coercion cares (Rust: definition::Kind).
 */
final class Kind
{
    public const STRING = 'string';
    public const INTEGER = 'integer';
    public const FLOAT = 'float';
    public const DECIMAL = 'decimal';
    public const BOOLEAN = 'boolean';
    public const TIMESTAMP = 'timestamp';
    public const DATETIME = 'datetime';
    public const ANY = 'any';
    public const LIST = 'list';
    public const MAP = 'map';
    public const OTHER = 'other';

    private const TYPES = [
        'string' => self::STRING,
        'text' => self::STRING,
        'email' => self::STRING,
        'uri' => self::STRING,
        'duration_iso8601' => self::STRING,
        'integer' => self::INTEGER,
        'float' => self::FLOAT,
        'decimal' => self::DECIMAL,
        'boolean' => self::BOOLEAN,
        'timestamp' => self::TIMESTAMP,
        'datetime_iso8601' => self::DATETIME,
        'any' => self::ANY,
        'list' => self::LIST,
        'map' => self::MAP,
    ];

    public static function fromType(string $type): string
    {
        return self::TYPES[$type] ?? self::OTHER;
    }
}
