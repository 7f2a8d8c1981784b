<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

/**
 * `gemini`: the `parameters` of a Gemini function declaration, an OpenAPI 3.0
 * `Schema` subset (src/normalize/profile/gemini.rs, where the rules and their
 * sources are).
 */
final class Gemini
{
    /** RFC 4122's string form of a UUID (JSON Schema's `format: uuid`). */
    public const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

    /** Integers beyond this lose precision as the floats `minimum`/`maximum` are. */
    private const EXACT_FLOAT_INT = 9007199254740992.0;

    public static function typeName(int $bit): string
    {
        return match ($bit) {
            Profile::STRING => 'STRING',
            Profile::INTEGER => 'INTEGER',
            Profile::NUMBER => 'NUMBER',
            Profile::BOOLEAN => 'BOOLEAN',
            Profile::ARRAY => 'ARRAY',
            default => 'OBJECT',
        };
    }

    /**
     * Allowed values can be written when they are strings, numbers that floats
     * hold exactly, or both booleans (which say nothing beyond the type).
     */
    public static function valuesWritable(array $values): bool
    {
        $t = $f = $bools = false;
        foreach ($values as $v) {
            if (\is_string($v)) {
                continue;
            }
            if ((\is_int($v) || \is_float($v)) && abs((float) $v) <= self::EXACT_FLOAT_INT) {
                continue;
            }
            if ($v === true) {
                $t = $bools = true;
                continue;
            }
            if ($v === false) {
                $f = $bools = true;
                continue;
            }
            return false;
        }
        return !$bools || ($t && $f);
    }

    /** The keywords of one type. */
    public static function single(Pass $pass, Parts $p, int $bit, array &$notes): array
    {
        $keys = [['type', self::typeName($bit)]];
        $values = $p->values;
        $p->values = null;
        switch ($bit) {
            case Profile::STRING:
                $pattern = $p->patterns[0] ?? null;
                if ($p->formats !== []) {
                    $f = $p->formats[0];
                    if ($f === 'date-time') {
                        $keys[] = ['format', $f];
                    } elseif ($f === 'uuid' && $pattern === null) {
                        $pattern = self::UUID_PATTERN;
                    } else {
                        $pass->dropNote($notes, "Format: $f.");
                    }
                }
                if ($pattern !== null) {
                    $keys[] = ['pattern', $pattern];
                }
                if ($values !== null) {
                    $keys[] = ['enum', $values];
                }
                foreach (['minLength' => $p->minLength, 'maxLength' => $p->maxLength] as $k => $v) {
                    if ($v !== null) {
                        $keys[] = [$k, $v];
                    }
                }
                break;
            case Profile::INTEGER:
            case Profile::NUMBER:
                if ($p->multipleOf !== null) {
                    $pass->dropNote($notes, 'A multiple of ' . Text::num($p->multipleOf) . '.');
                }
                if ($values !== null) {
                    $ranges = self::ranges($values, $bit === Profile::INTEGER);
                    if (\count($ranges) > 1) {
                        $branches = [];
                        foreach ($ranges as [$lo, $hi]) {
                            $branches[] = ['type' => self::typeName($bit), 'minimum' => $lo, 'maximum' => $hi];
                        }
                        return ['branches', $branches];
                    }
                    if ($ranges !== []) {
                        $keys[] = ['minimum', $ranges[0][0]];
                        $keys[] = ['maximum', $ranges[0][1]];
                    }
                } else {
                    self::bounds($pass, $p, $bit, $notes, $keys);
                }
                break;
            case Profile::ARRAY:
                self::arrayKeys($pass, $p, $keys);
                break;
            case Profile::OBJECT:
                self::objectKeys($pass, $p, $keys);
                break;
        }
        if ($p->anyOf !== null) {
            $list = $p->anyOf;
            $p->anyOf = null;
            $keys[] = ['anyOf', $pass->branches($list)];
        }
        return ['keys', $keys];
    }

    /** A list's `items`, `minItems`, `maxItems` (GeminiJson too). */
    public static function arrayKeys(Pass $pass, Parts $p, array &$keys): void
    {
        if ($p->hasItems) {
            $keys[] = ['items', $pass->items($p->items)];
        }
        foreach (['minItems' => $p->minItems, 'maxItems' => $p->maxItems] as $k => $v) {
            if ($v !== null) {
                $keys[] = [$k, $v];
            }
        }
    }

    /**
     * A map's `properties`, `required`, `additionalProperties` (a schema one
     * written for the profile), `minProperties`, `maxProperties` (GeminiJson
     * too).
     */
    public static function objectKeys(Pass $pass, Parts $p, array &$keys): void
    {
        if ($p->properties !== null) {
            $keys[] = ['properties', $pass->properties($p->properties, $p->required)[0]];
        }
        if ($p->required !== null) {
            $keys[] = ['required', $p->required];
        }
        if ($p->hasAdditional) {
            if (Profile::arr($p->additional) !== null) {
                $pass->path[] = 'additionalProperties';
                $v = $pass->node($p->additional, Pass::INNER);
                array_pop($pass->path);
            } else {
                $v = $p->additional;
            }
            $keys[] = ['additionalProperties', $v];
        }
        foreach (['minProperties' => $p->minProperties, 'maxProperties' => $p->maxProperties] as $k => $v) {
            if ($v !== null) {
                $keys[] = [$k, $v];
            }
        }
    }

    /**
     * `minimum`/`maximum`: integer exclusive bounds as inclusive ones; a
     * number's exclusive bound as an inclusive one, with a warning (GeminiJson
     * too).
     */
    public static function bounds(Pass $pass, Parts $p, int $bit, array &$notes, array &$keys): void
    {
        $minimum = $p->minimum;
        $maximum = $p->maximum;
        if ($p->exclusiveMinimum !== null) {
            $x = $p->exclusiveMinimum;
            if ($bit === Profile::INTEGER) {
                $lo = \is_int($x) ? ($x === PHP_INT_MAX ? $x : $x + 1) : floor($x) + 1.0;
                if ($minimum === null || Text::cmp($minimum, $lo) < 0) {
                    $minimum = $lo;
                }
            } elseif ($minimum === null || Text::cmp($minimum, $x) <= 0) {
                $pass->dropNote($notes, 'Greater than ' . Text::num($x) . '.');
                $minimum = $x;
            }
        }
        if ($p->exclusiveMaximum !== null) {
            $x = $p->exclusiveMaximum;
            if ($bit === Profile::INTEGER) {
                $hi = \is_int($x) ? ($x === PHP_INT_MIN ? $x : $x - 1) : ceil($x) - 1.0;
                if ($maximum === null || Text::cmp($maximum, $hi) > 0) {
                    $maximum = $hi;
                }
            } elseif ($maximum === null || Text::cmp($maximum, $x) >= 0) {
                $pass->dropNote($notes, 'Less than ' . Text::num($x) . '.');
                $maximum = $x;
            }
        }
        if ($minimum !== null) {
            $keys[] = ['minimum', self::exactFloat($minimum, true)];
        }
        if ($maximum !== null) {
            $keys[] = ['maximum', self::exactFloat($maximum, false)];
        }
    }

    /**
     * `minimum`/`maximum` are floats: an int bound a float cannot hold exactly
     * (beyond 2^53) is moved inward to the nearest one that it can (up for a
     * minimum, down for a maximum).
     */
    public static function exactFloat(int|float $n, bool $up): int|float
    {
        if (!\is_int($n) || $n === PHP_INT_MIN) {
            return $n;
        }
        $a = abs($n);
        $bits = \strlen(decbin($a));
        if ($bits <= 53) {
            return $n;
        }
        $mask = (1 << ($bits - 53)) - 1;
        if (($a & $mask) === 0) {
            return $n;
        }
        $towardZero = $a & ~$mask;
        $awayOverflows = $towardZero > PHP_INT_MAX - ($mask + 1);
        if ($up === ($n > 0)) {
            if ($awayOverflows) {
                // 2^63: no int64 is that large (or -2^63, the smallest one).
                return $n > 0 ? 9223372036854775808.0 : PHP_INT_MIN;
            }
            $magnitude = $towardZero + $mask + 1;
        } else {
            $magnitude = $towardZero;
        }
        return $n > 0 ? $magnitude : -$magnitude;
    }

    /**
     * The values as [min, max] ranges, ascending: runs of consecutive integers
     * for an integer, one range per value for a number.
     *
     * @return list<array{0: int|float, 1: int|float}>
     */
    private static function ranges(array $values, bool $integer): array
    {
        $nums = [];
        foreach ($values as $v) {
            if ((Profile::valueTypes($v) & Profile::NUMBER) === 0) {
                continue;
            }
            if ($integer && \is_float($v) && fmod($v, 1.0) == 0.0) {
                $v = (int) $v;
            }
            $nums[] = $v;
        }
        usort($nums, [Text::class, 'cmp']);
        $unique = [];
        foreach ($nums as $n) {
            if ($unique === [] || Text::cmp($unique[\count($unique) - 1], $n) !== 0) {
                $unique[] = $n;
            }
        }
        $out = [];
        foreach ($unique as $n) {
            $last = \count($out) - 1;
            if ($integer && $last >= 0 && \is_int($n) && \is_int($out[$last][1])
                && $out[$last][1] !== PHP_INT_MAX && $out[$last][1] + 1 === $n) {
                $out[$last][1] = $n;
                continue;
            }
            $out[] = [$n, $n];
        }
        return $out;
    }

    /** The finished node: annotations, `nullable`, `default`, `example`. */
    public static function finish(Pass $pass, Parts $p, array $body, array $notes): array
    {
        $o = [];
        $pass->texts($o, $p, $notes);
        if ($body[0] === 'keys') {
            foreach ($body[1] as [$k, $v]) {
                $o[$k] = $v;
            }
        } elseif ($body[0] === 'branches') {
            $o['anyOf'] = $body[1];
        } else {
            $o['anyOf'] = [$pass->close($body)];
        }
        if ($p->nullable) {
            $o['nullable'] = true;
        }
        if ($p->default !== null) {
            $o['default'] = $p->default;
        }
        if ($p->examples !== null && $p->examples !== []) {
            $o['example'] = $p->examples[array_key_first($p->examples)];
        }
        return $o;
    }
}
