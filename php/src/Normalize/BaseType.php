<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Model\Ty;

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
        Ty::BOOLEAN => 'boolean',
        Ty::INTEGER => 'integer',
        Ty::TIMESTAMP => 'integer',
        Ty::TIMESPAN => 'integer',
        Ty::FLOAT => 'number',
        Ty::STRING => 'string',
        Ty::TEXT => 'string',
        Ty::EMAIL => 'string',
        Ty::URI => 'string',
        Ty::DECIMAL => 'string',
        Ty::DATETIME_ISO8601 => 'string',
        Ty::DURATION_ISO8601 => 'string',
        Ty::FILTER_FORMAT => 'string',
        Ty::ENTITY => 'string',
        Ty::LIST => 'array',
        Ty::MAP => 'object',
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
            Ty::EMAIL => 'email',
            Ty::URI => 'uri',
            Ty::DURATION_ISO8601 => 'duration',
            Ty::DATETIME_ISO8601 => DateTime::format($ty),
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
        if ($ty !== Ty::ANY || $baseSchema !== null || $constraints === null) {
            return $ty;
        }
        return Constraint::onlyStrings($constraints) || Constraint::readsStringForm($constraints) ? Ty::STRING : $ty;
    }
}
