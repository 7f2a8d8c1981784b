<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Schema;

/**
 * The reader of a schema object into a Model\Schema
 * (src/normalize/profile/reader.rs), the nullable wrapper and `allOf` entries
 * of simple keywords included: the one place a schema is read (a base schema
 * and what it holds; the normalizer fills its own nodes, Normalize\Fill,
 * through the per-keyword readers here). Numbers are ints or floats as
 * written.
 */
final class Reader
{
    /** The annotation keywords (a set). */
    private const ANNOTATIONS = ['title' => true, 'description' => true, 'default' => true, 'examples' => true];

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
        $na = Schema::isNullSchema($a);
        $other = $na === Schema::isNullSchema($b) ? null : ($na ? $b : $a);
        return Profile::arr($other) !== null ? $other : null;
    }

    /**
     * Reads a schema object into its parts, the nullable wrapper and `allOf`
     * entries of simple keywords included.
     */
    public static function read(array $s): Schema
    {
        $p = new Schema();
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
    private static function listKeyword(Schema $p, string $k, mixed $v, ?array &$allOf): bool
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

    /**
     * The allowed values: every enum/const intersected, null left out (also
     * the last step of Fill).
     */
    public static function intersectValues(Schema $p): void
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
            } elseif (\is_string($t) && ($bit = array_search($t, Schema::TYPES, true)) !== false) {
                $types |= $bit;
            }
        }
        return true;
    }

    /**
     * Reads one of the simple keywords, or `multipleOf`: a bound keeps the
     * tighter of the node's and its `allOf` entries' (each Schema property is
     * named as its keyword); false, and `$p` unchanged, when `$v` does not fit
     * (Fill feeds the normalizer's keywords through it).
     */
    public static function simple(Schema $p, string $k, mixed $v): bool
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
     * profile that drops the `not` (reader.rs's guard_count); returns `$v`.
     */
    private static function guardCount(Schema $p, mixed $v): mixed
    {
        $key = Schema::guardKey($v);
        if ($key === 'items') {
            $p->minItems = Facets::raise($p->minItems, 1);
        } elseif ($key === 'additionalProperties') {
            $p->minProperties = Facets::raise($p->minProperties, 1);
        }
        return $v;
    }

    /**
     * Merges an `allOf` entry made only of simple keywords (annotations in it
     * are left out); false when it holds anything else (also Fill's, for the
     * normalizer's `allOf` entries).
     */
    public static function mergeEntry(Schema $p, mixed $e): bool
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
}
