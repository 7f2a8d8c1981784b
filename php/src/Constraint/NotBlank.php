<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\Value;

/**
 * `NotBlank`, as Symfony's NotBlank decides blank (`false`, `""`, `[]`, null;
 * `"0"` and `0` are not blank): `minLength: 1` on strings, `minItems: 1` on
 * lists, `minProperties: 1` on maps, `const: true` on booleans, and
 * `not: {enum: [false, "", [], {}]}` on `any`. Numbers are never blank
 * (src/constraint/not_blank.rs).
 *
 * Options: unless `allowNull` is true, null is refused below the input level.
 * A `normalizer` runs on strings first: `trim` → a `pattern` asking for a
 * character trim() keeps; any other function is not stated
 * (Constraint::UNSTATED).
 *
 * A value is rejected as Symfony's NotBlank decides (options as the
 * constraint object holds them): false, "", an empty array, null unless
 * allowNull; the `trim` normalizer trims strings first. Its validator refuses
 * null (unless allowNull): coercion never makes it null.
 */
final class NotBlank
{
    /** NotBlank with normalizer trim: a character that trim() keeps. */
    public const TRIM_PATTERN = '[^\t\n\x0B\r \x00]';

    /**
     * Reads the options once, as the constraint object holds them:
     * [allowNull (default false), normalizer (when a string), problem: the
     * first option normalize_schema refuses ([path, message]) or null].
     *
     * @return array{0: bool, 1: ?string, 2: array{0: list<string>, 1: string}|null}
     */
    public static function read(mixed $opts): array
    {
        if (!\is_array($opts)) {
            return [false, null, null];
        }
        $allowNull = $opts['allowNull'] ?? null;
        $normalizer = $opts['normalizer'] ?? null;
        return [
            Value::optionFlag($opts, 'allowNull', false, false) === true,
            \is_string($normalizer) ? $normalizer : null,
            match (true) {
                $allowNull !== null && !\is_bool($allowNull) => [['allowNull'], 'must be a boolean'],
                $normalizer !== null && !\is_string($normalizer) => [['normalizer'], 'must be the name of a function'],
                default => null,
            },
        ];
    }

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        [$allowNull, $normalizer, $problem] = self::read($opts);
        $problem === null || throw $rule->error(...$problem);
        if (!$allowNull) {
            $f->nullRefusedNested = true;
        }
        switch ($rule->cat) {
            case Ty::CAT_STR:
                $f->minLength = Facets::raise($f->minLength, 1);
                break;
            case Ty::CAT_LIST:
            case Ty::CAT_MAP:
                $f->minCount = Facets::raise($f->minCount, 1);
                break;
            case Ty::CAT_BOOL:
                $f->enums[] = ['true', null];
                break;
            case Ty::CAT_ANY:
                // An entity with a fixed type is already a non-empty string
                // (`minLength: 1`, Normalize\Entity): nothing blank passes.
                if ($rule->ty !== Ty::ENTITY || $f->minLength === null) {
                    $f->nots[] = ['blank', null];
                }
                break;
        }
        if ($normalizer !== null && ($rule->cat === Ty::CAT_STR || $rule->cat === Ty::CAT_ANY)) {
            if ($normalizer === 'trim') {
                $f->patterns[] = self::TRIM_PATTERN;
            } else {
                $rule->unstated('the normalizer is not stated: a blank value after it may pass the schema');
            }
        }
    }

    /**
     * Symfony's NotBlank: `false === $v || (empty($v) && '0' != $v)` after the
     * normalizer; null passes with `allowNull`.
     *
     * @param array{0: bool, 1: ?string, 2: mixed} $o what read() gives
     */
    public static function rejects(array $o, mixed $v): bool
    {
        if ($v === null) {
            return !$o[0];
        }
        if (\is_string($v)) {
            return ($o[1] === 'trim' ? \trim($v, Value::TRIM) : $v) === '';
        }
        return $v === false || $v === [];
    }
}
