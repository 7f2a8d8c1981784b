<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;


/**
 * `anthropic`: strict tool use (src/normalize/profile/anthropic.rs, where the
 * rules and their sources are).
 */
final class Anthropic
{
    /** The formats `transform_schema` keeps (the guide lists the same). */
    public const FORMATS = [
        'date-time' => true, 'time' => true, 'date' => true, 'duration' => true, 'email' => true,
        'hostname' => true, 'uri' => true, 'ipv4' => true, 'ipv6' => true, 'uuid' => true,
    ];

    /** Integer bounds leaving fewer values than this become an `enum`. */
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

    private static function floor(int|float $n): ?int
    {
        if (\is_int($n)) {
            return $n;
        }
        return abs($n) < 9.0e15 ? (int) floor($n) : null;
    }

    private static function ceil(int|float $n): ?int
    {
        if (\is_int($n)) {
            return $n;
        }
        return abs($n) < 9.0e15 ? (int) ceil($n) : null;
    }

    private static function satAdd(int $i, int $d): int
    {
        if ($d > 0 && $i === PHP_INT_MAX) {
            return $i;
        }
        if ($d < 0 && $i === PHP_INT_MIN) {
            return $i;
        }
        return $i + $d;
    }

    /** @return array{0: int, 1: int}|null the integers lo..hi the bounds allow */
    private static function integerRange(Parts $p): ?array
    {
        $los = [];
        if ($p->minimum !== null && ($x = self::ceil($p->minimum)) !== null) {
            $los[] = $x;
        }
        if ($p->exclusiveMinimum !== null && ($x = self::floor($p->exclusiveMinimum)) !== null) {
            $los[] = self::satAdd($x, 1);
        }
        $his = [];
        if ($p->maximum !== null && ($x = self::floor($p->maximum)) !== null) {
            $his[] = $x;
        }
        if ($p->exclusiveMaximum !== null && ($x = self::ceil($p->exclusiveMaximum)) !== null) {
            $his[] = self::satAdd($x, -1);
        }
        if ($los === [] || $his === []) {
            return null;
        }
        return [max($los), min($his)];
    }

    private static function dropBounds(Pass $pass, Parts $p, array &$notes): void
    {
        foreach ([
            ['At least', $p->minimum],
            ['Greater than', $p->exclusiveMinimum],
            ['At most', $p->maximum],
            ['Less than', $p->exclusiveMaximum],
        ] as [$word, $n]) {
            if ($n !== null) {
                $pass->dropNote($notes, "$word " . Text::num($n) . '.');
            }
        }
    }

    /** The keywords of one type. */
    public static function single(Pass $pass, Parts $p, int $bit, array &$notes): array
    {
        if ($p->values !== null) {
            // `transform_schema` drops `type` beside allowed values, and moves
            // every other keyword into the description.
            $values = $p->values;
            $p->values = null;
            if ($p->formats !== []) {
                $pass->dropNote($notes, "Format: {$p->formats[0]}.");
            }
            if ($p->patterns !== []) {
                $pass->dropNote($notes, "Must match the regular expression `{$p->patterns[0]}`.");
            }
            if ($p->multipleOf !== null) {
                $pass->dropNote($notes, 'A multiple of ' . Text::num($p->multipleOf) . '.');
            }
            $pass->countValues($values);
            return ['values', $values, $p->isConst];
        }
        $keys = [];
        switch ($bit) {
            case Profile::STRING:
                $pass->knownFormat($p, self::FORMATS, $keys, $notes);
                if ($p->patterns !== []) {
                    $pass->dropNote($notes, "Must match the regular expression `{$p->patterns[0]}`.");
                }
                if ($p->minLength !== null) {
                    $pass->dropNote($notes, "At least {$p->minLength} " . self::chars($p->minLength) . '.');
                }
                if ($p->maxLength !== null) {
                    $pass->dropNote($notes, "At most {$p->maxLength} " . self::chars($p->maxLength) . '.');
                }
                break;
            case Profile::INTEGER:
                $bounded = $p->minimum !== null || $p->exclusiveMinimum !== null
                    || $p->maximum !== null || $p->exclusiveMaximum !== null;
                $multiple = \is_int($p->multipleOf) ? $p->multipleOf : null;
                $range = self::integerRange($p);
                if ($range !== null && $range[1] >= $range[0] && $range[1] - $range[0] < self::MAX_RANGE_ENUM) {
                    if ($multiple === null && $p->multipleOf !== null) {
                        $pass->dropNote($notes, 'A multiple of ' . Text::num($p->multipleOf) . '.');
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
                    $pass->dropNote($notes, 'No value is allowed: no integer satisfies the bounds.');
                } elseif ($range !== null && $range[1] < $range[0]) {
                    $pass->dropNote($notes, 'No value is allowed: no integer satisfies the bounds.');
                } else {
                    if ($bounded) {
                        self::dropBounds($pass, $p, $notes);
                    }
                    if ($p->multipleOf !== null) {
                        $pass->dropNote($notes, 'A multiple of ' . Text::num($p->multipleOf) . '.');
                    }
                }
                break;
            case Profile::NUMBER:
                self::dropBounds($pass, $p, $notes);
                if ($p->multipleOf !== null) {
                    $pass->dropNote($notes, 'A multiple of ' . Text::num($p->multipleOf) . '.');
                }
                break;
        }
        array_unshift($keys, ['type', Profile::TYPES[$bit]]);
        if ($bit === Profile::ARRAY) {
            if ($p->hasItems) {
                $keys[] = ['items', $pass->items($p->items)];
            }
            if ($p->minItems === 0 || $p->minItems === 1) {
                $keys[] = ['minItems', $p->minItems];
            } elseif ($p->minItems !== null) {
                $pass->dropNote($notes, "At least {$p->minItems} " . self::items($p->minItems) . '.');
            }
            if ($p->maxItems !== null) {
                $pass->dropNote($notes, "At most {$p->maxItems} " . self::items($p->maxItems) . '.');
            }
        }
        if ($bit === Profile::OBJECT) {
            $props = $pass->strictProperties($p);
            if ($props !== null) {
                $keys[] = ['properties', $props[0]];
            }
            // Optional properties stay optional (left out, not null).
            if ($p->required !== null) {
                $keys[] = ['required', $p->required];
            }
            $pass->strictAdditional($p, $keys, $notes);
        }
        if ($p->anyOf !== null) {
            // `transform_schema` writes no `type` beside `anyOf`.
            $list = $p->anyOf;
            $p->anyOf = null;
            $pass->impossible('anyOf beside other keywords');
            $keys[] = ['anyOf', $pass->branches($list)];
        }
        return ['keys', $keys];
    }

    private static function chars(int $n): string
    {
        return Text::plural($n, 'character', 'characters');
    }

    private static function items(int $n): string
    {
        return Text::plural($n, 'item', 'items');
    }

    /** An `enum` of ints, null appended when `$null`. */
    public static function intList(array $values, bool $null): array
    {
        if ($null) {
            $values[] = null;
        }
        return $values;
    }

    /**
     * The finished node: annotations, and null as an `enum` value or an
     * `anyOf` branch (none for an optional property).
     */
    public static function finish(Pass $pass, Parts $p, array $body, array $notes, int $place): array
    {
        $pass->annotationNotes($p, $notes);
        $nullable = $p->nullable && $place !== Pass::OPTIONAL_PROPERTY;
        $o = [];
        $pass->texts($o, $p, $notes);
        $union = false;
        switch ($body[0]) {
            case 'keys':
                if (!$nullable) {
                    foreach ($body[1] as [$k, $v]) {
                        $union = $union || $k === 'anyOf';
                        $o[$k] = $v;
                    }
                } else {
                    $union = true;
                    $o['anyOf'] = [$pass->close($body), ['type' => 'null']];
                }
                break;
            case 'ints':
                $o['enum'] = self::intList($body[1], $nullable);
                break;
            case 'branches':
                $union = true;
                $branches = $body[1];
                if ($nullable) {
                    $branches[] = ['type' => 'null'];
                }
                $o['anyOf'] = $branches;
                break;
            default:
                [$k, $v] = $pass->values($body[1], $body[2], $nullable);
                $o[$k] = $v;
        }
        if ($union && ($place === Pass::OPTIONAL_PROPERTY || $place === Pass::REQUIRED_PROPERTY)) {
            $pass->unionProperties++;
        }
        return $o;
    }

    /** The per-request counts, for this schema alone. */
    public static function limits(Pass $pass): void
    {
        if ($pass->optionalProperties > self::MAX_OPTIONAL) {
            $pass->warn(
                Profile::LIMIT_EXCEEDED,
                'Anthropic strict tool use allows at most ' . self::MAX_OPTIONAL
                . " optional parameters per request; this tool alone has {$pass->optionalProperties}"
            );
        }
        if ($pass->unionProperties > self::MAX_UNIONS) {
            $pass->warn(
                Profile::LIMIT_EXCEEDED,
                'Anthropic strict tool use allows at most ' . self::MAX_UNIONS
                . " parameters with union types per request; this tool alone has {$pass->unionProperties}"
            );
        }
    }
}
