<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Vocab;

/**
 * One schema object, read into its parts, and the reader that fills it from
 * a schema (src/normalize/profile/parts.rs). Numbers are ints or floats as
 * written.
 */
final class Parts
{
    /** The parts that apply to one type only (split()). */
    private const OF_TYPE = [
        Profile::STRING => ['formats', 'patterns', 'minLength', 'maxLength'],
        Profile::INTEGER => ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf'],
        Profile::NUMBER => ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf'],
        Profile::ARRAY => ['items', 'hasItems', 'minItems', 'maxItems'],
        Profile::OBJECT => ['properties', 'required', 'additional', 'hasAdditional', 'minProperties', 'maxProperties'],
    ];

    /** The annotation keywords (a set). */
    private const ANNOTATIONS = ['title' => true, 'description' => true, 'default' => true, 'examples' => true];

    public mixed $title = null;
    public mixed $description = null;
    public mixed $default = null;
    public ?array $examples = null;
    /** Null is accepted (besides what the other parts accept). */
    public bool $nullable = false;
    /** The non-null types (`Profile::ALL` when there is no `type`). */
    public int $types = Profile::ALL;
    /** @var list<string> the node's own first, then those of `allOf` entries */
    public array $formats = [];
    /** @var list<string> */
    public array $patterns = [];
    /** @var list<mixed> */
    public array $nots = [];
    /** @var list<mixed>|null the allowed values, all enum/const intersected, null left out */
    public ?array $values = null;
    public bool $isConst = false;
    /** @var list<array{0: mixed, 1: bool}> every enum/const as written */
    public array $valueSets = [];
    public ?int $minLength = null;
    public ?int $maxLength = null;
    public int|float|null $minimum = null;
    public int|float|null $exclusiveMinimum = null;
    public int|float|null $maximum = null;
    public int|float|null $exclusiveMaximum = null;
    public int|float|null $multipleOf = null;
    public mixed $items = null;
    public bool $hasItems = false;
    public ?int $minItems = null;
    public ?int $maxItems = null;
    /** @var array<int|string, mixed>|null */
    public ?array $properties = null;
    public ?array $required = null;
    public mixed $additional = null;
    public bool $hasAdditional = false;
    public ?int $minProperties = null;
    public ?int $maxProperties = null;
    public ?array $anyOf = null;
    public ?array $oneOf = null;
    /**
     * @var list<array{0: int|string, 1: mixed, 2: bool}> anything else, in
     * order (2: an `allOf` entry that could not be merged)
     */
    public array $other = [];

    public static function isNullSchema(mixed $n): bool
    {
        $a = Profile::arr($n);
        return $a !== null && \count($a) === 1 && ($a['type'] ?? null) === 'null';
    }

    /**
     * The non-null branch of a nullable wrapper: a node whose only validation
     * keyword is `oneOf`/`anyOf` of two branches, one of them `{"type": "null"}`.
     */
    public static function nullWrapper(array $s): mixed
    {
        $list = null;
        foreach ($s as $k => $v) {
            if (isset(self::ANNOTATIONS[$k])) {
                continue;
            }
            if (($k === 'oneOf' || $k === 'anyOf') && $list === null) {
                $list = $v;
                continue;
            }
            return null;
        }
        $list = Profile::arr($list);
        if ($list === null || \count($list) !== 2 || !\array_is_list($list)) {
            return null;
        }
        [$a, $b] = $list;
        $na = self::isNullSchema($a);
        $other = $na === self::isNullSchema($b) ? null : ($na ? $b : $a);
        return Profile::arr($other) !== null ? $other : null;
    }

    /**
     * Reads a schema object into its parts, the nullable wrapper and `allOf`
     * entries of simple keywords included.
     */
    public static function read(array $s): Parts
    {
        $p = new Parts();
        $typeNull = false;
        $allOf = null;
        $inner = self::nullWrapper($s);
        $body = $s;
        if ($inner !== null) {
            // Annotations sit outside the wrapper.
            $p->title = $s['title'] ?? null;
            $p->description = $s['description'] ?? null;
            $p->default = $s['default'] ?? null;
            $p->examples = Profile::arr($s['examples'] ?? null);
            $body = Profile::arr($inner);
        }
        foreach ($body as $k => $v) {
            switch ($k) {
                case 'title':
                case 'description':
                    $taken = \is_string($v);
                    if ($taken) {
                        $p->$k ??= $v;
                    }
                    break;
                case 'default':
                    $p->default ??= $v;
                    $taken = true;
                    break;
                case 'type':
                    $taken = self::readType($v, $p->types, $typeNull);
                    break;
                case 'items':
                    $p->items = $v;
                    $p->hasItems = $taken = true;
                    break;
                case 'properties':
                    $map = Profile::arr($v);
                    $p->properties = $map ?? $p->properties;
                    $taken = $map !== null;
                    break;
                case 'additionalProperties':
                    $p->additional = $v;
                    $p->hasAdditional = $taken = true;
                    break;
                case 'examples':
                case 'allOf':
                case 'anyOf':
                case 'oneOf':
                case 'required':
                    $taken = self::listKeyword($p, $k, $v, $allOf);
                    break;
                default:
                    $taken = \is_string($k) && self::simple($p, $k, $v);
            }
            if (!$taken) {
                // Anything else, in order.
                $p->other[] = [$k, $v, false];
            }
        }
        foreach ($allOf ?? [] as $e) {
            if (!self::mergeEntry($p, $e)) {
                $p->other[] = ['allOf', $e, true];
            }
        }
        // Null: a `{"type": "null"}` branch, or `type` lets it in and every
        // enum/const holds it.
        $p->nullable = $inner !== null || ($typeNull && self::admitsNull($p->valueSets));
        if ($p->valueSets !== []) {
            self::intersectValues($p);
        }
        return $p;
    }

    /** A keyword whose value is a list: `examples`, `allOf`, `anyOf`, `oneOf`, `required`. */
    private static function listKeyword(Parts $p, string $k, mixed $v, ?array &$allOf): bool
    {
        $list = Profile::arr($v);
        if ($list === null || !\array_is_list($list) || ($list === [] && ($k === 'anyOf' || $k === 'oneOf'))) {
            return false;
        }
        if ($k === 'allOf') {
            $allOf = $list;
        } elseif ($k === 'examples') {
            $p->examples ??= $list;
        } else {
            $p->$k = $list;
        }
        return true;
    }

    /** The allowed values: every enum/const intersected, null left out. */
    private static function intersectValues(Parts $p): void
    {
        $values = [];
        foreach ($p->valueSets as $i => [$set, $isConst]) {
            $list = $isConst ? [$set] : Profile::arr($set);
            $list = array_values(array_filter($list, static fn ($v) => $v !== null));
            if ($i === 0) {
                foreach ($list as $v) {
                    // A string equals only the same string (in_array is exact there).
                    if (\is_string($v) ? !\in_array($v, $values, true) : !self::holds($values, $v)) {
                        $values[] = $v;
                    }
                }
            } else {
                $values = array_values(array_filter($values, static fn ($w) => self::holds($list, $w)));
            }
        }
        $p->isConst = \count($p->valueSets) === 1 && $p->valueSets[0][1];
        $p->values = $values;
    }

    /** Whether `$list` holds a value JSON-equal to `$v`. */
    private static function holds(array $list, mixed $v): bool
    {
        foreach ($list as $w) {
            if (Text::eq($w, $v)) {
                return true;
            }
        }
        return false;
    }

    /** @param list<array{0: mixed, 1: bool}> $sets every enum/const as written */
    private static function admitsNull(array $sets): bool
    {
        foreach ($sets as [$set, $isConst]) {
            if ($isConst ? $set !== null : !\in_array(null, Profile::arr($set) ?? [], true)) {
                return false;
            }
        }
        return true;
    }

    private static function readType(mixed $v, int &$types, bool &$null): bool
    {
        $list = \is_string($v) ? [$v] : (Profile::isList($v) ? Profile::arr($v) : null);
        if ($list === null) {
            return false;
        }
        $types = 0;
        foreach ($list as $t) {
            if ($t === 'null') {
                $null = true;
            } elseif (\is_string($t) && ($bit = array_search($t, Profile::TYPES, true)) !== false) {
                $types |= $bit;
            }
        }
        return true;
    }

    /**
     * Reads one of the simple keywords, or `multipleOf`: a bound keeps the
     * tighter of the node's and its `allOf` entries' (each Parts property is
     * named as its keyword).
     */
    private static function simple(Parts $p, string $k, mixed $v): bool
    {
        $fits = match ($k) {
            'format', 'pattern' => \is_string($v),
            'not', 'const' => true,
            'enum' => Profile::isList($v),
            'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties' =>
                \is_int($v) && $v >= 0,
            'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum' => \is_int($v) || \is_float($v),
            'multipleOf' => $p->multipleOf === null && (\is_int($v) || \is_float($v)) && $v > 0,
            default => false,
        };
        if (!$fits) {
            return false;
        }
        match ($k) {
            'format' => $p->formats[] = $v,
            'pattern' => $p->patterns[] = $v,
            'not' => $p->nots[] = self::guardCount($p, $v),
            'enum', 'const' => $p->valueSets[] = [$v, $k === 'const'],
            'minLength', 'minItems', 'minProperties' => $p->$k = Facets::raise($p->$k, $v),
            'maxLength', 'maxItems', 'maxProperties' => $p->$k = Facets::lower($p->$k, $v),
            'minimum', 'exclusiveMinimum' => $p->$k = Facets::raiseNum($p->$k, $v),
            'maximum', 'exclusiveMaximum' => $p->$k = Facets::lowerNum($p->$k, $v),
            'multipleOf' => $p->multipleOf = $v,
        };
        return true;
    }

    /**
     * NotNull's guard (`not: {items: ...}`, `not: {additionalProperties:
     * ...}`) refuses the empty list or map: the count it implies, for a
     * profile that drops the `not` (parts.rs's guard_count); returns `$v`.
     */
    private static function guardCount(Parts $p, mixed $v): mixed
    {
        $key = self::guardKey($v);
        if ($key === 'items') {
            $p->minItems = Facets::raise($p->minItems, 1);
        } elseif ($key === 'additionalProperties') {
            $p->minProperties = Facets::raise($p->minProperties, 1);
        }
        return $v;
    }

    /**
     * The container keyword of a `not` that every empty list (`items`) or
     * map (`additionalProperties`) satisfies: `{items: S}` or
     * `{additionalProperties: S}`, alone or beside the container's `type`.
     */
    public static function guardKey(mixed $n): ?string
    {
        $a = Profile::arr($n);
        if ($a === null) {
            return null;
        }
        [$key, $type] = match (true) {
            \array_key_exists('items', $a) => ['items', 'array'],
            \array_key_exists('additionalProperties', $a) => ['additionalProperties', 'object'],
            default => [null, null],
        };
        if ($key === null) {
            return null;
        }
        $n = \count($a);
        return $n === 1 || ($n === 2 && ($a['type'] ?? null) === $type) ? $key : null;
    }

    /**
     * Merges an `allOf` entry made only of simple keywords (annotations in it
     * are left out); false when it holds anything else.
     */
    private static function mergeEntry(Parts $p, mixed $e): bool
    {
        $e = Profile::arr($e);
        if ($e === null || $e === []) {
            return false;
        }
        // Mergeable when simple() takes every keyword but the annotations
        // (tried on a copy; `multipleOf` is not merged).
        $q = clone $p;
        foreach ($e as $k => $v) {
            if (!isset(self::ANNOTATIONS[$k]) && ($k === 'multipleOf' || !\is_string($k) || !self::simple($q, $k, $v))) {
                return false;
            }
        }
        foreach ($e as $k => $v) {
            if (!isset(self::ANNOTATIONS[$k])) {
                self::simple($p, $k, $v);
            }
        }
        return true;
    }

    /** The parts of `$p` that apply to the type `$bit` (values of that type only). */
    public static function split(Parts $p, int $bit): Parts
    {
        $q = new Parts();
        $q->types = $bit;
        if ($p->values !== null) {
            $q->values = array_values(array_filter(
                $p->values,
                static fn ($v) => (Profile::valueTypes($v) & $bit) !== 0
            ));
        }
        $q->isConst = $p->isConst;
        $q->valueSets = $p->valueSets;
        foreach (self::OF_TYPE[$bit] ?? [] as $k) {
            $q->$k = $p->$k;
        }
        return $q;
    }

    /**
     * Keeps the values that satisfy the length, bound and count keywords, and
     * leaves those keywords out (the values say it all).
     *
     * @param list<mixed> $values
     * @return list<mixed>
     */
    public static function filterValues(Parts $p, array $values): array
    {
        $kept = [];
        foreach ($values as $v) {
            if (\is_string($v)) {
                $n = Text::chars($v);
                $ok = ($p->minLength === null || $n >= $p->minLength)
                    && ($p->maxLength === null || $n <= $p->maxLength);
            } elseif (\is_int($v) || \is_float($v)) {
                $ok = ($p->minimum === null || Vocab::cmp($v, $p->minimum) >= 0)
                    && ($p->exclusiveMinimum === null || Vocab::cmp($v, $p->exclusiveMinimum) > 0)
                    && ($p->maximum === null || Vocab::cmp($v, $p->maximum) <= 0)
                    && ($p->exclusiveMaximum === null || Vocab::cmp($v, $p->exclusiveMaximum) < 0);
            } elseif (($a = Profile::arr($v)) !== null) {
                $n = \count($a);
                $ok = \array_is_list($a)
                    ? ($p->minItems === null || $n >= $p->minItems) && ($p->maxItems === null || $n <= $p->maxItems)
                    : ($p->minProperties === null || $n >= $p->minProperties)
                        && ($p->maxProperties === null || $n <= $p->maxProperties);
            } else {
                $ok = true;
            }
            if ($ok) {
                $kept[] = $v;
            }
        }
        $p->minLength = $p->maxLength = null;
        $p->minimum = $p->exclusiveMinimum = $p->maximum = $p->exclusiveMaximum = null;
        $p->minItems = $p->maxItems = $p->minProperties = $p->maxProperties = null;
        return $kept;
    }
}
