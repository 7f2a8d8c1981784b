<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Constraint;

/**
 * Typed-data id → JSON Schema `type` (and `format`): boolean→boolean,
 * integer→integer, float→number, string/text→string, email→string+email,
 * uri→string+uri, duration_iso8601→string+duration; `any` and unknown ids → any
 * non-null JSON type (unknown ids with a warning unless `base_schema` is given).
 * decimal, timestamp and datetime_iso8601 have their own rules
 * (src/normalize/base_type.rs).
 */
final class BaseType
{
    public const UNKNOWN = 'base_type_unknown';

    /** The JSON types of `any`: everything but null. */
    public const ANY = ['string', 'number', 'boolean', 'array', 'object'];

    private const JSON_TYPES = [
        Definition::BOOLEAN => 'boolean',
        Definition::INTEGER => 'integer',
        Definition::TIMESTAMP => 'integer',
        Definition::TIMESPAN => 'integer',
        Definition::FLOAT => 'number',
        Definition::STRING => 'string',
        Definition::TEXT => 'string',
        Definition::EMAIL => 'string',
        Definition::URI => 'string',
        Definition::DECIMAL => 'string',
        Definition::DATETIME_ISO8601 => 'string',
        Definition::DURATION_ISO8601 => 'string',
        Definition::FILTER_FORMAT => 'string',
        Definition::ENTITY => 'string',
        Definition::LIST => 'array',
        Definition::MAP => 'object',
    ];

    /** The single JSON type of `$ty`, or null for `any`/unknown ids. */
    public static function jsonType(int $ty): ?string
    {
        return self::JSON_TYPES[$ty] ?? null;
    }

    /** The `format` a type implies. */
    public static function format(int $ty): ?string
    {
        return match ($ty) {
            Definition::EMAIL => 'email',
            Definition::URI => 'uri',
            Definition::DURATION_ISO8601 => 'duration',
            Definition::DATETIME_ISO8601 => DateTime::format($ty),
            default => null,
        };
    }

    /**
     * `any` whose constraints only a string can meet is a string
     * (src/normalize/base_type.rs): the formats of Constraint\Format::onlyStrings();
     * since issue 30 also `any` with Length or Regex, which read a number's
     * string form (Constraint::readsStringForm()): narrowed to a string.
     *
     * @param array<mixed>|null $baseSchema
     * @param array<mixed>|null $constraints
     */
    public static function stringsOnly(int $ty, ?array $baseSchema, ?array $constraints): int
    {
        if ($ty !== Definition::ANY || $baseSchema !== null || $constraints === null) {
            return $ty;
        }
        return Constraint::onlyStrings($constraints) || Constraint::readsStringForm($constraints) ? Definition::STRING : $ty;
    }
}
