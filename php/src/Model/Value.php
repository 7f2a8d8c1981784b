<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

/**
 * PHP values as the rules read them (src/model/value.rs): a boolean option of
 * a Symfony constraint as its object holds it (optionFlag()), PHP's trim()
 * padding (TRIM) and the numbers a string spells (parseInteger(),
 * parseFloat()). Below the constraint catalogue, coercion and normalization,
 * and reads none of them.
 */
final class Value
{
    /** The padding PHP's trim() strips (its default set). */
    public const TRIM = " \t\n\r\0\x0B";

    /** The longest string read as a number, in bytes. */
    public const MAX_NUMBER_LEN = 64;

    /**
     * A boolean option of a Symfony constraint, as the constraint object holds
     * it (Symfony's code is not strict_types): $default when absent, else the
     * value cast to bool. $typed: the property is declared bool (Choice's
     * `match`), where null or an array is a TypeError: Drupal rejects every
     * value (null: undecided); an untyped property (`multiple`, `allowNull`)
     * reads null as false and an array by its emptiness.
     *
     * @param array<mixed> $options
     */
    public static function optionFlag(array $options, string $key, bool $default, bool $typed): ?bool
    {
        if (!\array_key_exists($key, $options)) {
            return $default;
        }
        $v = $options[$key];
        return \is_scalar($v) || !$typed ? (bool) $v : null;
    }

    /**
     * The int a string spells as -?(0|[1-9][0-9]*)(\.0+)? within int64 (no
     * `+`, padding, leading zeros, exponent, hex, `_` or separators).
     */
    public static function parseInteger(string $s): ?int
    {
        if (\strlen($s) > self::MAX_NUMBER_LEN || !\preg_match('/^(-?)(0|[1-9][0-9]*)(?:\.0+)?$/D', $s, $m)) {
            return null;
        }
        $digits = $m[2];
        $len = \strlen($digits);
        if ($len > 19 || ($len === 19 && \strcmp($digits, $m[1] === '-' ? '9223372036854775808' : '9223372036854775807') > 0)) {
            return null;
        }
        return (int) ($m[1] . $digits);
    }

    /** The finite float a number of JSON's grammar spells. */
    public static function parseFloat(string $s): ?float
    {
        if (\strlen($s) > self::MAX_NUMBER_LEN || \preg_match('/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/D', $s) !== 1) {
            return null;
        }
        $f = (float) $s;
        return \is_finite($f) ? $f : null;
    }
}
