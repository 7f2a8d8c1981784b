<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\ValueCheck;

/**
 * How an optional input lets null through, in the three styles
 * (src/normalize/nullable.rs): `type_array` adds `"null"` to `type` (and to
 * `enum`; a `const` becomes an `enum`; a `not` gets a type guard so null passes
 * it); `one_of`/`any_of` put the schema in a branch beside `{"type": "null"}`. A
 * required input never lets null through: its `type` never includes `"null"`.
 */
final class Nullable
{
    /** `[inner, {"type": "null"}]`. */
    public static function branches(array $inner): array
    {
        return [$inner, ['type' => 'null']];
    }

    /** The `type` keyword of a type. */
    public static function typeValue(int $ty, bool $nullOk): string|array
    {
        $t = BaseType::jsonType($ty);
        if ($t !== null) {
            return $nullOk ? [$t, 'null'] : $t;
        }
        $any = BaseType::ANY;
        if ($nullOk) {
            $any[] = 'null';
        }
        return $any;
    }

    /**
     * The schema under `not` (a [kind, value] of Facets::$nots). With
     * `$nullOk`, the schemas that null would satisfy get a type guard, so
     * that null still passes the `not`.
     *
     * @param array{0: string, 1: mixed} $not
     */
    public static function notSchema(array $not, bool $nullOk): array
    {
        [$kind, $v] = $not;
        return match ($kind) {
            'pattern' => self::notPattern($v, $nullOk),
            'enum' => ['enum' => ValueCheck::plain($v)],
            'blank' => ['enum' => [false, '', [], new \stdClass()]],
            'empty_items' => NotNull::notEmptyItems($v, $nullOk),
            default => NotNull::notNullValues($nullOk),
        };
    }

    /** The schema under `not` for a `match: false` Regex. */
    private static function notPattern(string $p, bool $nullOk): array
    {
        return $nullOk ? ['type' => 'string', 'pattern' => $p] : ['pattern' => $p];
    }

    private static function hasNull(array $list): bool
    {
        return \in_array(null, $list, true);
    }

    /** A copy of `$list` (its values) with null appended. */
    private static function withNull(array $list): array
    {
        $out = \array_values(ValueCheck::plain($list));
        $out[] = null;
        return $out;
    }

    /**
     * `enum` or `const`, with null let in when `$nullOk`.
     *
     * @param array{0: string, 1: mixed} $e [kind, value] (Facets::$enums)
     * @return array{0: string, 1: mixed} [keyword, value]
     */
    public static function enumeration(array $e, bool $nullOk): array
    {
        [$kind, $v] = $e;
        switch ($kind) {
            case 'list':
                return ['enum', $nullOk && !self::hasNull($v) ? self::withNull($v) : ValueCheck::plain($v)];
            case 'const':
                $v = ValueCheck::plain($v);
                if ($nullOk) {
                    return ['enum', $v === null ? [null] : [$v, null]];
                }
                return ['const', $v];
            case 'ints':
                $kept = \array_values(\array_filter($v, static fn (mixed $c): bool => !\is_float($c)));
                // Nothing left is as 'nothing': `[null]`.
                if ($kept === [] || ($nullOk && !self::hasNull($kept))) {
                    $kept[] = null;
                }
                return ['enum', $kept];
            case 'nothing':
                // With null let in, only null; without, nothing at all (the
                // type has no null), written without `enum: []`.
                return ['enum', [null]];
            default:
                return $nullOk ? ['enum', [true, null]] : ['const', true];
        }
    }

    /** Copies a base schema's keywords into `$out`. */
    public static function baseSchema(array $base, bool $nullOk, array &$out): void
    {
        foreach ($base as $k => $v) {
            if (BaseSchema::isAnnotation($k)) {
                continue;
            }
            if ($nullOk) {
                if ($k === 'type') {
                    if (\is_string($v)) {
                        $v = [$v, 'null'];
                    } elseif (\is_array($v)) {
                        $v = array_values(ValueCheck::plain($v));
                        $v[] = 'null';
                    }
                    $out[$k] = $v;
                    continue;
                } elseif ($k === 'enum') {
                    if (\is_array($v) && !self::hasNull($v)) {
                        $out[$k] = self::withNull($v);
                        continue;
                    }
                } elseif ($k === 'const') {
                    $out['enum'] = self::enumeration(['const', $v], true)[1];
                    continue;
                }
            }
            $out[$k] = BaseSchema::copyValue($k, $v);
        }
    }
}
