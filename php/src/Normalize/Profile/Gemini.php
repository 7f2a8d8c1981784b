<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Schema;
use ToolSchema\Php\Model\Vocab;

/**
 * `gemini`: the `parameters` of a Gemini function declaration, an OpenAPI 3.0
 * `Schema` subset (src/normalize/profile/gemini.rs, where the rules and their
 * sources are).
 */
final class Gemini extends Provider
{
    /** RFC 4122's string form of a UUID (JSON Schema's `format: uuid`). */
    public const LABEL = 'Gemini';
    public const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

    /** Integers beyond this lose precision as the floats `minimum`/`maximum` are. */
    private const EXACT_FLOAT_INT = 9007199254740992.0;

    /**
     * Allowed values can be written when they are strings, numbers that floats
     * hold exactly, or both booleans (which say nothing beyond the type).
     */
    public static function valuesWritable(array $values): bool
    {
        foreach ($values as $v) {
            $number = (\is_int($v) || \is_float($v)) && abs((float) $v) <= self::EXACT_FLOAT_INT;
            if (!$number && !\is_string($v) && !\is_bool($v)) {
                return false;
            }
        }
        $bools = array_filter($values, 'is_bool');
        return $bools === [] || (\in_array(true, $bools, true) && \in_array(false, $bools, true));
    }

    /** `default` and `examples[0]` (as `example`) are written, after `nullable: true`. */
    protected const DEFAULT_NOTE = false;
    protected const EXAMPLES_NOTES = false;
    protected const NULL_AFTER = true;
    protected const AFTER = true;
    protected const TYPE_NAMES = [
        Profile::STRING => 'STRING',
        Profile::INTEGER => 'INTEGER',
        Profile::NUMBER => 'NUMBER',
        Profile::BOOLEAN => 'BOOLEAN',
        Profile::ARRAY => 'ARRAY',
        Profile::OBJECT => 'OBJECT',
    ];

    protected static function after(array &$o, Schema $p): void
    {
        if ($p->nullable) {
            $o['nullable'] = true;
        }
        if ($p->default !== null) {
            $o['default'] = $p->default;
        }
        if ($p->examples !== null && $p->examples !== []) {
            $o['example'] = $p->examples[array_key_first($p->examples)];
        }
    }

    protected function string(): void
    {
        $p = $this->p;
        $pattern = $p->patterns[0] ?? null;
        if ($p->formats !== []) {
            $f = $p->formats[0];
            if ($f === 'date-time') {
                $this->keys[] = ['format', $f];
            } elseif ($f === 'uuid' && $pattern === null) {
                $pattern = self::UUID_PATTERN;
            } else {
                $this->dropFormat($f);
            }
        }
        if ($pattern !== null) {
            $this->keys[] = ['pattern', $pattern];
        }
        $this->values(false, false, false);
        $this->lengths();
    }

    /** Allowed numbers as ranges: one, or an `anyOf` of them. */
    protected function number(): ?array
    {
        $p = $this->p;
        if ($p->multipleOf !== null) {
            $this->dropMultiple($p->multipleOf);
        }
        if ($p->values === null) {
            self::bounds($this);
            return null;
        }
        $values = $p->values;
        $p->values = null;
        $ranges = self::ranges($values, $this->bit === Profile::INTEGER);
        if (\count($ranges) > 1) {
            $branches = [];
            foreach ($ranges as [$lo, $hi]) {
                $branches[] = ['type' => self::TYPE_NAMES[$this->bit], 'minimum' => $lo, 'maximum' => $hi];
            }
            return ['branches', $branches];
        }
        if ($ranges !== []) {
            $this->put(['minimum' => $ranges[0][0], 'maximum' => $ranges[0][1]]);
        }
        return null;
    }

    protected function array(): void
    {
        self::arrayKeys($this);
    }

    protected function object(): void
    {
        self::objectKeys($this);
    }

    /** A list's `items`, `minItems`, `maxItems` (GeminiJson too). */
    public static function arrayKeys(Provider $o): void
    {
        $o->items();
        $o->counts();
    }

    /**
     * A map's `properties`, `required`, `additionalProperties` (a schema one
     * written for the profile), `minProperties`, `maxProperties` (GeminiJson
     * too).
     */
    public static function objectKeys(Provider $o): void
    {
        $p = $o->p;
        if ($p->properties !== null) {
            $o->keys[] = ['properties', $o->pass->properties($p->properties, $p->required)[0]];
        }
        if ($p->required !== null) {
            $o->keys[] = ['required', $p->required];
        }
        if ($p->hasAdditional) {
            $v = $p->additional;
            if (Profile::arr($v) !== null) {
                $o->pass->path[] = 'additionalProperties';
                $v = $o->pass->node($v, Pass::INNER);
                array_pop($o->pass->path);
            }
            $o->keys[] = ['additionalProperties', $v];
        }
        $o->counts();
    }

    public static function bounds(Provider $o): void
    {
        $p = $o->p;
        $bit = $o->bit;
        $minimum = $p->minimum;
        $maximum = $p->maximum;
        if ($p->exclusiveMinimum !== null) {
            $x = $p->exclusiveMinimum;
            if ($bit === Profile::INTEGER) {
                $lo = \is_int($x) ? ($x === PHP_INT_MAX ? $x : $x + 1) : floor($x) + 1.0;
                if ($minimum === null || Vocab::cmp($minimum, $lo) < 0) {
                    $minimum = $lo;
                }
            } elseif ($minimum === null || Vocab::cmp($minimum, $x) <= 0) {
                $o->dropNote('Greater than ' . Text::num($x) . '.');
                $minimum = $x;
            }
        }
        if ($p->exclusiveMaximum !== null) {
            $x = $p->exclusiveMaximum;
            if ($bit === Profile::INTEGER) {
                $hi = \is_int($x) ? ($x === PHP_INT_MIN ? $x : $x - 1) : ceil($x) - 1.0;
                if ($maximum === null || Vocab::cmp($maximum, $hi) > 0) {
                    $maximum = $hi;
                }
            } elseif ($maximum === null || Vocab::cmp($maximum, $x) >= 0) {
                $o->dropNote('Less than ' . Text::num($x) . '.');
                $maximum = $x;
            }
        }
        $o->put([
            'minimum' => $minimum === null ? null : self::exactFloat($minimum, true),
            'maximum' => $maximum === null ? null : self::exactFloat($maximum, false),
        ]);
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
        usort($nums, [Vocab::class, 'cmp']);
        $out = [];
        foreach ($nums as $n) {
            $last = \count($out) - 1;
            if ($last >= 0 && Vocab::cmp($out[$last][1], $n) === 0) {
                // The same number again (sorted: the last range ends at the number before).
                continue;
            }
            if ($integer && $last >= 0 && \is_int($n) && \is_int($out[$last][1])
                && $out[$last][1] !== PHP_INT_MAX && $out[$last][1] + 1 === $n) {
                $out[$last][1] = $n;
                continue;
            }
            $out[] = [$n, $n];
        }
        return $out;
    }

}
