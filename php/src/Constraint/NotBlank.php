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

    public static function apply(Rule $rule, mixed $opts, Facets $f): void
    {
        $allowNull = false;
        $normalizer = null;
        if (\is_array($opts)) {
            $allowNull = Choice::flag($rule, $opts, 'allowNull', false);
            $normalizer = $opts['normalizer'] ?? null;
            if ($normalizer !== null && !\is_string($normalizer)) {
                throw $rule->error(['normalizer'], 'must be the name of a function');
            }
        }
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

    /** Whether null fails: no `allowNull` as the constraint object holds it. */
    public static function refusesNull(mixed $options): bool
    {
        return !(\is_array($options) && Value::optionFlag($options, 'allowNull', false, false) === true);
    }

    /** Symfony's NotBlank: `false === $v || (empty($v) && '0' != $v)` after the normalizer. */
    public static function rejects(mixed $options, mixed $v): bool
    {
        if ($v === null) {
            return self::refusesNull($options);
        }
        if (\is_string($v)) {
            if (\is_array($options) && ($options['normalizer'] ?? null) === 'trim') {
                $v = \trim($v, Value::TRIM);
            }
            return $v === '';
        }
        return $v === false || $v === [];
    }
}
