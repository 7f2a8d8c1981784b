<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Schema;

/**
 * `anthropic`: strict tool use (src/normalize/profile/anthropic.rs, where the
 * rules and their sources are).
 */
final class Anthropic extends Provider
{
    /** The formats `transform_schema` keeps (the guide lists the same). */
    public const FORMATS = [
        'date-time' => true, 'time' => true, 'date' => true, 'duration' => true, 'email' => true,
        'hostname' => true, 'uri' => true, 'ipv4' => true, 'ipv6' => true, 'uuid' => true,
    ];

    /** Integer bounds leaving fewer values than this become an `enum`. */
    public const LABEL = 'Anthropic strict tool use';
    public const STRICT = true;
    /** Anthropic's tool definitions take `input_examples` (issue 30). */
    public const INPUT_EXAMPLES = true;
    /** Allowed values without `type`: one `enum` of every type. */
    public const VALUE_BRANCHES = false;
    /** Strict tools per request. */
    public const MAX_STRICT_TOOLS = 20;
    public const MAX_RANGE_ENUM = 64;
    public const MAX_OPTIONAL = 24;
    public const MAX_UNIONS = 16;

    /** Allowed values are written as they are when none is an array or a map. */
    public static function valuesWritable(array $values): bool
    {
        foreach ($values as $v) {
            if (Profile::arr($v) !== null) {
                return false;
            }
        }
        return true;
    }

    /** The int a bound rounds to, up or down (none for a float too large). */
    private static function round(int|float $n, bool $up): ?int
    {
        if (\is_int($n)) {
            return $n;
        }
        return abs($n) < 9.0e15 ? (int) ($up ? ceil($n) : floor($n)) : null;
    }

    private static function satAdd(int $i, int $d): int
    {
        return ($d > 0 && $i === PHP_INT_MAX) || ($d < 0 && $i === PHP_INT_MIN) ? $i : $i + $d;
    }

    /** @return array{0: int, 1: int}|null the integers lo..hi the bounds allow */
    private static function integerRange(Schema $p): ?array
    {
        $los = [];
        if ($p->minimum !== null && ($x = self::round($p->minimum, true)) !== null) {
            $los[] = $x;
        }
        if ($p->exclusiveMinimum !== null && ($x = self::round($p->exclusiveMinimum, false)) !== null) {
            $los[] = self::satAdd($x, 1);
        }
        $his = [];
        if ($p->maximum !== null && ($x = self::round($p->maximum, false)) !== null) {
            $his[] = $x;
        }
        if ($p->exclusiveMaximum !== null && ($x = self::round($p->exclusiveMaximum, true)) !== null) {
            $his[] = self::satAdd($x, -1);
        }
        if ($los === [] || $his === []) {
            return null;
        }
        return [max($los), min($his)];
    }

    /**
     * An optional property is written without null (the model leaves it out,
     * and Drupal reads a missing optional input as null).
     */
    protected const OPTIONAL_NULL = false;

    private const NO_INTEGER = 'No value is allowed: no integer satisfies the bounds.';

    /** Notes for the bounds and `multipleOf` of a number, all dropped. */
    private function dropBounds(): void
    {
        $p = $this->p;
        foreach ([
            ['At least', $p->minimum],
            ['Greater than', $p->exclusiveMinimum],
            ['At most', $p->maximum],
            ['Less than', $p->exclusiveMaximum],
        ] as [$word, $n]) {
            if ($n !== null) {
                $this->dropNote("$word " . Text::num($n) . '.');
            }
        }
        if ($p->multipleOf !== null) {
            $this->dropMultiple($p->multipleOf);
        }
    }

    /**
     * Integer bounds that leave fewer than MAX_RANGE_ENUM values, as an
     * `enum` of them; other bounds and `multipleOf` into the notes.
     */
    private function integer(): ?array
    {
        $p = $this->p;
        $multiple = \is_int($p->multipleOf) ? $p->multipleOf : null;
        $range = self::integerRange($p);
        if ($range !== null && $range[1] >= $range[0] && $range[1] - $range[0] < self::MAX_RANGE_ENUM) {
            if ($multiple === null && $p->multipleOf !== null) {
                $this->dropMultiple($p->multipleOf);
            }
            $values = [];
            // Counted, not compared: $i++ past PHP_INT_MAX would be a float.
            for ($k = 0, $n = $range[1] - $range[0]; $k <= $n; $k++) {
                $i = $range[0] + $k;
                if ($multiple === null || $i % $multiple === 0) {
                    $values[] = $i;
                }
            }
            if ($values !== []) {
                return ['ints', $values];
            }
            $this->dropNote(self::NO_INTEGER);
        } elseif ($range !== null && $range[1] < $range[0]) {
            $this->dropNote(self::NO_INTEGER);
        } else {
            $this->dropBounds();
        }
        return null;
    }

    protected function valuesAlone(): ?array
    {
        $p = $this->p;
        // `transform_schema` drops `type` beside allowed values, and moves
        // every other keyword into the description.
        $values = $p->values;
        $p->values = null;
        if ($p->formats !== []) {
            $this->dropFormat($p->formats[0]);
        }
        if ($p->patterns !== []) {
            $this->dropPattern($p->patterns[0]);
        }
        if ($p->multipleOf !== null) {
            $this->dropMultiple($p->multipleOf);
        }
        $this->pass->countValues($values);
        return ['values', $values, $p->isConst];
    }

    protected function string(): void
    {
        $p = $this->p;
        $this->knownFormat(self::FORMATS);
        if ($p->patterns !== []) {
            $this->dropPattern($p->patterns[0]);
        }
        $this->dropCounts($p->minLength, $p->maxLength, 'character', 'characters');
    }

    protected function number(): ?array
    {
        if ($this->bit === Profile::INTEGER) {
            return $this->integer();
        }
        $this->dropBounds();
        return null;
    }

    protected function array(): void
    {
        $this->items();
        // A lower count of 0 or 1 only; the others in the notes.
        [$min, $max] = $this->p->counts($this->bit);
        $written = $min === 0 || $min === 1;
        if ($written) {
            $this->countInts([$min, null]);
        }
        $this->dropCounts($written ? null : $min, $max, 'item', 'items');
    }

    protected function object(): void
    {
        $this->strictProperties();
        // Optional properties stay optional (left out, not null).
        if ($this->p->required !== null) {
            $this->keys[] = ['required', $this->p->required];
        }
        $this->strictAdditional();
    }

    protected function anyOf(array $list): array
    {
        // `transform_schema` writes no `type` beside `anyOf`.
        $this->pass->impossible('anyOf beside other keywords');
        return $this->pass->branches($list);
    }

    /** The per-request counts, for this schema alone. */
    public static function limits(Pass $pass): array
    {
        $found = [];
        foreach ([
            [$pass->optionalProperties, self::MAX_OPTIONAL, 'optional parameters'],
            [$pass->unionProperties, self::MAX_UNIONS, 'parameters with union types'],
        ] as [$count, $max, $what]) {
            if ($count > $max) {
                $found[] = "Anthropic strict tool use allows at most $max $what per request; this tool alone has $count";
            }
        }
        return $found;
    }

    /** The per-request limits ("JSON Schema limitations" of strict tool use). */
    public static function budget(): array
    {
        return [
            [static fn (Pass $p): int => 1, self::MAX_STRICT_TOOLS, 'strict tools'],
            [static fn (Pass $p): int => $p->optionalProperties, self::MAX_OPTIONAL, 'optional parameters'],
            [static fn (Pass $p): int => $p->unionProperties, self::MAX_UNIONS, 'parameters with union types'],
        ];
    }
}
