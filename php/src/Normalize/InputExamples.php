<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Vocab;

/**
 * `input_examples` (issue 30; src/normalize/input_examples.rs, where the rule
 * is written): whole example inputs of a tool for Anthropic's tool
 * definitions, built from the examples of its input definitions, kept only
 * when they validate against the schema the tool is sent with (a keyword that
 * cannot be decided here drops the example; `format` is an annotation).
 */
final class InputExamples
{
    public const MAX = 3;

    private const ANNOTATIONS = ['description', 'title', 'default', 'examples', 'format'];

    /**
     * @param array<mixed> $def the tool's root definition
     * @param array<mixed>|\stdClass $schema the schema it is sent with
     * @return list<array<mixed>>|null
     */
    public static function build(array $def, array|\stdClass $schema): ?array
    {
        $properties = $def['properties'] ?? null;
        if (!\is_array($properties)) {
            return null;
        }
        $longest = 0;
        foreach ($properties as $p) {
            $e = \is_array($p) ? self::examples($p) : null;
            $longest = max($longest, $e === null ? 0 : \count($e));
        }
        $longest = min($longest, self::MAX);
        $out = [];
        for ($k = 0; $k < $longest; $k++) {
            $entries = [];
            foreach ($properties as $name => $p) {
                if (!\is_array($p)) {
                    continue;
                }
                [$has, $v] = self::pick($p, $k);
                if ($has) {
                    $entries[$name] = $v;
                }
            }
            if ($entries === [] || !self::objectValidates(self::arr($schema), $entries)) {
                continue;
            }
            $out[] = $entries;
        }
        return $out === [] ? null : $out;
    }

    /** @return list<mixed>|null a property's examples, when a non-empty list */
    private static function examples(array $p): ?array
    {
        $e = $p['examples'] ?? null;
        return \is_array($e) && $e !== [] && array_is_list($e) ? $e : null;
    }

    private static function required(array $p): bool
    {
        return ($p['required'] ?? null) !== false;
    }

    /** @return array{0: bool, 1: mixed} */
    private static function pick(array $p, int $k): array
    {
        $e = self::examples($p);
        if ($e !== null) {
            $n = \count($e);
            if ($k < $n) {
                return [true, $e[$k]];
            }
            return self::required($p) ? [true, $e[$n - 1]] : [false, null];
        }
        if (self::required($p) && isset($p['default'])) {
            return [true, $p['default']];
        }
        return [false, null];
    }

    /** A schema object as an array (`{}` is stdClass). */
    private static function arr(mixed $s): mixed
    {
        return $s instanceof \stdClass ? (array) $s : $s;
    }

    private static function and(?bool $a, ?bool $b): ?bool
    {
        if ($a === false || $b === false) {
            return false;
        }
        return $a === true && $b === true ? true : null;
    }

    /** @param array<mixed> $entries */
    private static function objectValidates(mixed $schema, array $entries): bool
    {
        if (!\is_array($schema)) {
            return false;
        }
        foreach ($schema as $key => $kw) {
            $kw = self::arr($kw);
            $ok = match ($key) {
                'type' => self::typeNames($kw, static fn (string $t): bool => $t === 'object'),
                'properties' => self::entriesValidate($kw, $entries),
                'required' => self::requiredIn($kw, $entries),
                'additionalProperties' => match (true) {
                    $kw === true => true,
                    $kw === false => self::onlyDeclared($schema['properties'] ?? null, $entries),
                    default => null,
                },
                'minProperties' => \is_int($kw) ? \count($entries) >= $kw : null,
                'maxProperties' => \is_int($kw) ? \count($entries) <= $kw : null,
                default => \in_array($key, self::ANNOTATIONS, true) ? true : null,
            };
            if ($ok !== true) {
                return false;
            }
        }
        return true;
    }

    /** @param array<mixed> $entries */
    private static function entriesValidate(mixed $props, array $entries): ?bool
    {
        $r = true;
        foreach ($entries as $name => $v) {
            $r = self::and($r, \is_array($props) && \array_key_exists($name, $props) ? self::validates($props[$name], $v) : false);
        }
        return $r;
    }

    /** @param array<mixed> $map */
    private static function requiredIn(mixed $kw, array $map): bool
    {
        if (!\is_array($kw)) {
            return false;
        }
        foreach ($kw as $n) {
            if (!\is_string($n) || !\array_key_exists($n, $map)) {
                return false;
            }
        }
        return true;
    }

    /** @param array<mixed> $entries */
    private static function onlyDeclared(mixed $props, array $entries): bool
    {
        $props = self::arr($props);
        foreach ($entries as $name => $_) {
            if (!\is_array($props) || !\array_key_exists($name, $props)) {
                return false;
            }
        }
        return true;
    }

    private static function typeNames(mixed $t, \Closure $is): bool
    {
        if (\is_string($t)) {
            return $is($t);
        }
        if (\is_array($t)) {
            foreach ($t as $n) {
                if (\is_string($n) && $is($n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static function hasType(mixed $v, string $t): bool
    {
        return match ($t) {
            'null' => $v === null,
            'boolean' => \is_bool($v),
            'string' => \is_string($v),
            'integer' => \is_int($v) || (\is_float($v) && is_finite($v) && floor($v) === $v),
            'number' => \is_int($v) || (\is_float($v) && is_finite($v)),
            'array' => \is_array($v) && ($v === [] || array_is_list($v)),
            'object' => \is_array($v) && $v !== [] && !array_is_list($v),
            default => false,
        };
    }

    private static function isNum(mixed $v): bool
    {
        return \is_int($v) || (\is_float($v) && is_finite($v));
    }

    private static function equal(mixed $v, mixed $s): bool
    {
        $s = self::arr($s);
        if ($v === null || \is_bool($v) || \is_string($v)) {
            return $v === $s;
        }
        if (\is_array($v)) {
            if (!\is_array($s) || \count($v) !== \count($s) || array_is_list($v) !== array_is_list($s)) {
                return false;
            }
            foreach ($v as $k => $x) {
                if (!\array_key_exists($k, $s) || !self::equal($x, $s[$k])) {
                    return false;
                }
            }
            return true;
        }
        return self::isNum($v) && self::isNum($s) && Vocab::cmp($v, $s) === 0;
    }

    /** UTF-8 code points of a string. */
    private static function chars(string $s): int
    {
        return \strlen($s) - (int) preg_match_all('/[\x80-\xBF]/', $s);
    }

    private static function count(mixed $kw, int $n, bool $atLeast): ?bool
    {
        if (!\is_int($kw)) {
            return null;
        }
        return $atLeast ? $n >= $kw : $n <= $kw;
    }

    /** Whether $v validates against $schema: true/false, or null when a keyword cannot be decided. */
    public static function validates(mixed $schema, mixed $v): ?bool
    {
        $schema = self::arr($schema);
        if (\is_bool($schema)) {
            return $schema;
        }
        if (!\is_array($schema)) {
            return null;
        }
        $ok = true;
        $isList = \is_array($v) && ($v === [] || array_is_list($v));
        $isMap = \is_array($v) && $v !== [] && !array_is_list($v);
        foreach ($schema as $key => $kw) {
            if ($ok === false) {
                break;
            }
            $kw = self::arr($kw);
            $r = match ($key) {
                'type' => self::typeNames($kw, static fn (string $t): bool => self::hasType($v, $t)),
                'enum' => \is_array($kw) ? self::inList($kw, $v) : null,
                'const' => self::equal($v, $kw),
                'anyOf' => self::anyOf($kw, $v),
                'oneOf' => self::oneOf($kw, $v),
                'allOf' => self::allOf($kw, $v),
                'not' => ($n = self::validates($kw, $v)) === null ? null : !$n,
                'minLength', 'maxLength' => !\is_int($kw) ? null
                    : (\is_string($v) ? ($key === 'minLength' ? self::chars($v) >= $kw : self::chars($v) <= $kw) : true),
                'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum' => !self::isNum($kw) ? null
                    : (self::isNum($v) ? self::bound($key, Vocab::cmp($v, $kw)) : true),
                'items' => $isList ? self::allItems($kw, $v) : true,
                'minItems', 'maxItems' => $isList ? self::count($kw, \count($v), $key === 'minItems') : true,
                'properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties' => $isMap
                    ? self::objectKeyword($schema, $key, $kw, $v) : true,
                default => \in_array($key, self::ANNOTATIONS, true) ? true : null,
            };
            $ok = self::and($ok, $r);
        }
        return $ok;
    }

    private static function bound(string $key, int $o): bool
    {
        return match ($key) {
            'minimum' => $o !== -1,
            'maximum' => $o !== 1,
            'exclusiveMinimum' => $o === 1,
            default => $o === -1,
        };
    }

    /** @param array<mixed> $list */
    private static function inList(array $list, mixed $v): bool
    {
        foreach ($list as $c) {
            if (self::equal($v, $c)) {
                return true;
            }
        }
        return false;
    }

    /** @param list<mixed> $v */
    private static function allItems(mixed $kw, array $v): ?bool
    {
        $r = true;
        foreach ($v as $x) {
            $r = self::and($r, self::validates($kw, $x));
        }
        return $r;
    }

    /** @param array<mixed> $schema @param array<mixed> $map */
    private static function objectKeyword(array $schema, string $key, mixed $kw, array $map): ?bool
    {
        switch ($key) {
            case 'properties':
                $r = true;
                foreach ($map as $k => $x) {
                    if (\is_array($kw) && \array_key_exists($k, $kw)) {
                        $r = self::and($r, self::validates($kw[$k], $x));
                    }
                }
                return $r;
            case 'required':
                return self::requiredIn($kw, $map);
            case 'additionalProperties':
                $props = self::arr($schema['properties'] ?? null);
                $r = true;
                foreach ($map as $k => $x) {
                    if (!\is_array($props) || !\array_key_exists($k, $props)) {
                        $r = self::and($r, self::validates($kw, $x));
                    }
                }
                return $r;
            case 'minProperties':
                return self::count($kw, \count($map), true);
            default:
                return self::count($kw, \count($map), false);
        }
    }

    private static function anyOf(mixed $kw, mixed $v): ?bool
    {
        if (!\is_array($kw)) {
            return null;
        }
        $r = false;
        foreach ($kw as $s) {
            $x = self::validates($s, $v);
            $r = ($r === true || $x === true) ? true : (($r === false && $x === false) ? false : null);
        }
        return $r;
    }

    private static function oneOf(mixed $kw, mixed $v): ?bool
    {
        if (!\is_array($kw)) {
            return null;
        }
        $yes = 0;
        $unknown = false;
        foreach ($kw as $s) {
            $x = self::validates($s, $v);
            if ($x === true) {
                $yes++;
            } elseif ($x === null) {
                $unknown = true;
            }
        }
        return $unknown ? null : $yes === 1;
    }

    private static function allOf(mixed $kw, mixed $v): ?bool
    {
        if (!\is_array($kw)) {
            return null;
        }
        $r = true;
        foreach ($kw as $s) {
            $r = self::and($r, self::validates($s, $v));
        }
        return $r;
    }
}
