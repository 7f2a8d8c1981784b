<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

/**
 * Provider profiles: a pass over the canonical schema that writes the schema
 * one consumer accepts as it is (src/normalize/profile/mod.rs, where the rules
 * are explained). `mcp` (the default) only makes the root of a tool input a
 * plain `"type": "object"`; `openai`, `anthropic`, `gemini` and `gemini_json`
 * read the whole schema back into Parts per node and write it again (Pass).
 */
final class Profile
{
    public const MCP = 0;
    public const OPENAI = 1;
    public const ANTHROPIC = 2;
    public const GEMINI = 3;
    public const GEMINI_JSON = 4;

    public const CONSTRAINT_DROPPED = 'profile_constraint_dropped';
    public const STRICT_IMPOSSIBLE = 'profile_strict_impossible';
    public const LIMIT_EXCEEDED = 'profile_limit_exceeded';

    // JSON types as bits.
    public const STRING = 1;
    public const INTEGER = 2;
    public const NUMBER = 4;
    public const BOOLEAN = 8;
    public const ARRAY = 16;
    public const OBJECT = 32;
    public const ALL = 63;

    /** The types in the order branches are written. */
    public const TYPES = [
        self::STRING => 'string',
        self::INTEGER => 'integer',
        self::NUMBER => 'number',
        self::BOOLEAN => 'boolean',
        self::ARRAY => 'array',
        self::OBJECT => 'object',
    ];

    private const SILENT_ANNOTATIONS = [
        '$comment' => true, '$schema' => true, 'deprecated' => true, 'readOnly' => true,
        'writeOnly' => true, 'contentMediaType' => true, 'contentEncoding' => true,
    ];

    /** The option value, or null when unknown. */
    public static function parse(mixed $v): ?int
    {
        return match ($v) {
            'mcp' => self::MCP,
            'openai' => self::OPENAI,
            'anthropic' => self::ANTHROPIC,
            'gemini' => self::GEMINI,
            'gemini_json' => self::GEMINI_JSON,
            default => null,
        };
    }

    /** How warnings name the consumer. */
    public static function label(int $profile): string
    {
        return match ($profile) {
            self::MCP => 'MCP',
            self::OPENAI => 'OpenAI strict mode',
            self::ANTHROPIC => 'Anthropic strict tool use',
            self::GEMINI_JSON => 'Gemini (parametersJsonSchema)',
            default => 'Gemini',
        };
    }

    /**
     * Applies `$profile` to the canonical `$schema`; warnings are appended.
     * `$unions`: where the normalizer may have written a `type` union (site()
     * of each; `mcp` reads no further than the root and these places).
     *
     * @param array<string, mixed> $schema
     * @param list<array{code: string, path: string, message: string}> $warnings
     * @return array<string, mixed>
     */
    public static function apply(array $schema, int $profile, array &$warnings, array $unions = []): array
    {
        return self::applyCounted($schema, $profile, $warnings, $unions)[0];
    }

    /**
     * apply(), with the pass that holds the counts of the size limits (null
     * for `mcp`, which counts nothing): fit_budget() sums them over a tool list.
     *
     * @param array<string, mixed> $schema
     * @param list<array{code: string, path: string, message: string}> $warnings
     * @return array{0: array<string, mixed>, 1: ?Pass}
     */
    public static function applyCounted(array $schema, int $profile, array &$warnings, array $unions = []): array
    {
        if ($profile === self::MCP) {
            return [Mcp::apply($schema, $unions) ?? $schema, null];
        }
        $pass = new Pass($profile);
        $out = $pass->node($schema, Pass::ROOT);
        if ($profile === self::OPENAI) {
            OpenAi::limits($pass);
        } elseif ($profile === self::ANTHROPIC) {
            Anthropic::limits($pass);
        }
        foreach ($pass->warnings as $w) {
            $warnings[] = $w;
        }
        return [$out instanceof \stdClass ? (array) $out : $out, $pass];
    }

    /**
     * A definition's place in the schema, from its path's segments: `true` for
     * a step into `items`, the name for a step into a property.
     *
     * @param list<string|int> $segs
     * @return list<true|int|string>
     */
    public static function site(array $segs): array
    {
        $steps = [];
        $n = \count($segs);
        for ($i = 0; $i < $n; $i++) {
            if ($segs[$i] === 'properties' && $i + 1 < $n) {
                $steps[] = $segs[++$i];
            } elseif ($segs[$i] === 'items') {
                $steps[] = true;
            }
        }
        return $steps;
    }

    /** An array, or a stdClass read as its array. */
    public static function arr(mixed $v): ?array
    {
        if ($v instanceof \stdClass) {
            return (array) $v;
        }
        return \is_array($v) ? $v : null;
    }

    /** True for a list (a stdClass read as its array). */
    public static function isList(mixed $v): bool
    {
        $a = self::arr($v);
        return $a !== null && \array_is_list($a);
    }

    /** The JSON types a value has (an integral float is also an integer). */
    public static function valueTypes(mixed $v): int
    {
        if (\is_string($v)) {
            return self::STRING;
        }
        if (\is_int($v)) {
            return self::INTEGER | self::NUMBER;
        }
        if (\is_float($v)) {
            return fmod($v, 1.0) == 0.0 ? self::INTEGER | self::NUMBER : self::NUMBER;
        }
        if (\is_bool($v)) {
            return self::BOOLEAN;
        }
        $a = self::arr($v);
        if ($a !== null) {
            return \array_is_list($a) ? self::ARRAY : self::OBJECT;
        }
        return 0;
    }

    public static function isNullSchema(mixed $n): bool
    {
        $a = self::arr($n);
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
            if ($k === 'title' || $k === 'description' || $k === 'default' || $k === 'examples') {
                continue;
            }
            if (($k === 'oneOf' || $k === 'anyOf') && $list === null) {
                $list = $v;
                continue;
            }
            return null;
        }
        $list = self::arr($list);
        if ($list === null || \count($list) !== 2 || !\array_is_list($list)) {
            return null;
        }
        [$a, $b] = $list;
        $na = self::isNullSchema($a);
        $nb = self::isNullSchema($b);
        if (!$na && $nb && self::arr($a) !== null) {
            return $a;
        }
        if ($na && !$nb && self::arr($b) !== null) {
            return $b;
        }
        return null;
    }

    private static function nonNegative(mixed $v): ?int
    {
        return \is_int($v) && $v >= 0 ? $v : null;
    }

    private static function tighterMin(int|float|null $a, int|float $b): int|float
    {
        return $a !== null && Text::cmp($a, $b) >= 0 ? $a : $b;
    }

    private static function tighterMax(int|float|null $a, int|float $b): int|float
    {
        return $a !== null && Text::cmp($a, $b) <= 0 ? $a : $b;
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
            $p->examples = self::arr($s['examples'] ?? null);
            $body = self::arr($inner);
        }
        foreach ($body as $k => $v) {
            $taken = true;
            switch ($k) {
                case 'title':
                    if (\is_string($v)) {
                        $p->title ??= $v;
                    } else {
                        $taken = false;
                    }
                    break;
                case 'description':
                    if (\is_string($v)) {
                        $p->description ??= $v;
                    } else {
                        $taken = false;
                    }
                    break;
                case 'default':
                    $p->default ??= $v;
                    break;
                case 'examples':
                    if (self::isList($v)) {
                        $p->examples ??= self::arr($v);
                    } else {
                        $taken = false;
                    }
                    break;
                case 'type':
                    $taken = self::readType($v, $p->types, $typeNull);
                    break;
                case 'allOf':
                    if (self::isList($v)) {
                        $allOf = self::arr($v);
                    } else {
                        $taken = false;
                    }
                    break;
                case 'anyOf':
                case 'oneOf':
                    if (self::isList($v) && self::arr($v) !== []) {
                        if ($k === 'anyOf') {
                            $p->anyOf = self::arr($v);
                        } else {
                            $p->oneOf = self::arr($v);
                        }
                    } else {
                        $taken = false;
                    }
                    break;
                case 'items':
                    $p->items = $v;
                    $p->hasItems = true;
                    break;
                case 'properties':
                    if (self::arr($v) !== null) {
                        $p->properties = self::arr($v);
                    } else {
                        $taken = false;
                    }
                    break;
                case 'required':
                    if (self::isList($v)) {
                        $p->required = self::arr($v);
                    } else {
                        $taken = false;
                    }
                    break;
                case 'additionalProperties':
                    $p->additional = $v;
                    $p->hasAdditional = true;
                    break;
                default:
                    $taken = \is_string($k) && self::simple($p, $k, $v);
            }
            if (!$taken) {
                $p->other[] = [$k, $v, false];
            }
        }
        if ($allOf !== null) {
            foreach ($allOf as $e) {
                if (!self::mergeEntry($p, $e)) {
                    $p->other[] = ['allOf', $e, true];
                }
            }
        }
        // Null: a `{"type": "null"}` branch, or `type` lets it in and every
        // enum/const holds it.
        $nullable = $inner !== null;
        if (!$nullable && $typeNull) {
            $nullable = true;
            foreach ($p->valueSets as [$set, $isConst]) {
                if (!self::admitsNull($set, $isConst)) {
                    $nullable = false;
                }
            }
        }
        $p->nullable = $nullable;
        if ($p->valueSets !== []) {
            $values = [];
            foreach ($p->valueSets as $i => [$set, $isConst]) {
                $list = $isConst ? [$set] : self::arr($set);
                $list = array_values(array_filter($list, static fn ($v) => $v !== null));
                if ($i === 0) {
                    foreach ($list as $v) {
                        $dup = false;
                        foreach ($values as $w) {
                            if (Text::eq($w, $v)) {
                                $dup = true;
                                break;
                            }
                        }
                        if (!$dup) {
                            $values[] = $v;
                        }
                    }
                } else {
                    $kept = [];
                    foreach ($values as $w) {
                        foreach ($list as $v) {
                            if (Text::eq($w, $v)) {
                                $kept[] = $w;
                                break;
                            }
                        }
                    }
                    $values = $kept;
                }
            }
            $p->isConst = \count($p->valueSets) === 1 && $p->valueSets[0][1];
            $p->values = $values;
        }
        return $p;
    }

    private static function admitsNull(mixed $set, bool $isConst): bool
    {
        if ($isConst) {
            return $set === null;
        }
        foreach (self::arr($set) ?? [] as $v) {
            if ($v === null) {
                return true;
            }
        }
        return false;
    }

    private static function readType(mixed $v, int &$types, bool &$null): bool
    {
        $one = static function (mixed $name, int &$acc) use (&$null): void {
            if ($name === 'null') {
                $null = true;
            } elseif (\is_string($name)) {
                $bit = array_search($name, self::TYPES, true);
                if ($bit !== false) {
                    $acc |= $bit;
                }
            }
        };
        if (\is_string($v)) {
            $acc = 0;
            $one($v, $acc);
            $types = $acc;
            return true;
        }
        if (self::isList($v)) {
            $acc = 0;
            foreach (self::arr($v) as $t) {
                if (\is_string($t)) {
                    $one($t, $acc);
                }
            }
            $types = $acc;
            return true;
        }
        return false;
    }

    /** Reads one of the simple keywords (those an `allOf` entry may hold too). */
    private static function simple(Parts $p, string $k, mixed $v): bool
    {
        $num = \is_int($v) || \is_float($v) ? $v : null;
        $count = self::nonNegative($v);
        switch ($k) {
            case 'format':
                if (!\is_string($v)) {
                    return false;
                }
                $p->formats[] = $v;
                return true;
            case 'pattern':
                if (!\is_string($v)) {
                    return false;
                }
                $p->patterns[] = $v;
                return true;
            case 'not':
                $p->nots[] = $v;
                return true;
            case 'enum':
                if (!self::isList($v)) {
                    return false;
                }
                $p->valueSets[] = [$v, false];
                return true;
            case 'const':
                $p->valueSets[] = [$v, true];
                return true;
            // The bounds: each Parts property is named as its keyword, and
            // keeps the tightest value of the node and its `allOf` entries.
            case 'minLength':
            case 'minItems':
            case 'minProperties':
                if ($count === null) {
                    return false;
                }
                $p->$k = max($p->$k ?? $count, $count);
                return true;
            case 'maxLength':
            case 'maxItems':
            case 'maxProperties':
                if ($count === null) {
                    return false;
                }
                $p->$k = min($p->$k ?? $count, $count);
                return true;
            case 'minimum':
            case 'exclusiveMinimum':
                if ($num === null) {
                    return false;
                }
                $p->$k = self::tighterMin($p->$k, $num);
                return true;
            case 'maximum':
            case 'exclusiveMaximum':
                if ($num === null) {
                    return false;
                }
                $p->$k = self::tighterMax($p->$k, $num);
                return true;
            case 'multipleOf':
                if ($p->multipleOf !== null || $num === null || $num <= 0) {
                    return false;
                }
                $p->multipleOf = $num;
                return true;
        }
        return false;
    }

    /**
     * Merges an `allOf` entry made only of simple keywords (annotations in it
     * are left out); false when it holds anything else.
     */
    private static function mergeEntry(Parts $p, mixed $e): bool
    {
        $e = self::arr($e);
        if ($e === null || $e === []) {
            return false;
        }
        foreach ($e as $k => $v) {
            $ok = match ($k) {
                'title', 'description', 'default', 'examples', 'not', 'const' => true,
                'format', 'pattern' => \is_string($v),
                'enum' => self::isList($v),
                'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties' =>
                    self::nonNegative($v) !== null,
                'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum' => \is_int($v) || \is_float($v),
                default => false,
            };
            if (!$ok) {
                return false;
            }
        }
        foreach ($e as $k => $v) {
            if ($k !== 'title' && $k !== 'description' && $k !== 'default' && $k !== 'examples') {
                self::simple($p, $k, $v);
            }
        }
        return true;
    }

    /** Annotation keywords of base schemas left out without a warning. */
    public static function isSilentAnnotation(int|string $k): bool
    {
        return \is_string($k) && isset(self::SILENT_ANNOTATIONS[$k]);
    }

    /**
     * What a `not` says, for the description: the canonical forms in words (a
     * `match: false` Regex, excluded values, NotNull's empty containers), any
     * other as JSON.
     */
    public static function notNote(mixed $n): string
    {
        $pat = self::notPattern($n);
        if ($pat !== null) {
            return "Must not match the regular expression `$pat`.";
        }
        $a = self::arr($n) ?? [];
        $ty = $a['type'] ?? null;
        if (\count($a) === 1) {
            if (\array_key_exists('enum', $a)) {
                return 'Must not be one of: ' . Text::json($a['enum']) . '.';
            }
            if (\array_key_exists('const', $a)) {
                return 'Must not be ' . Text::json($a['const']) . '.';
            }
        }
        if (\count($a) === 2) {
            if ($ty === 'object' && \array_key_exists('additionalProperties', $a)
                && self::isNullSchema($a['additionalProperties'])) {
                return 'At least one property must not be null.';
            }
            if ($ty === 'array' && \array_key_exists('items', $a)) {
                return 'At least one item must not be empty.';
            }
        }
        return 'Must not match the JSON schema ' . Text::json($n) . '.';
    }

    /** The pattern of a `not` written for a `match: false` Regex. */
    public static function notPattern(mixed $n): ?string
    {
        $n = self::arr($n);
        if ($n === null || !\is_string($n['pattern'] ?? null)) {
            return null;
        }
        $typed = ($n['type'] ?? null) === 'string';
        return \count($n) === 1 || (\count($n) === 2 && $typed) ? $n['pattern'] : null;
    }

    /** The parts of `$p` that apply to the type `$bit` (values of that type only). */
    public static function split(Parts $p, int $bit): Parts
    {
        $q = new Parts();
        $q->types = $bit;
        if ($p->values !== null) {
            $q->values = array_values(array_filter(
                $p->values,
                static fn ($v) => (self::valueTypes($v) & $bit) !== 0
            ));
        }
        $q->isConst = $p->isConst;
        $q->valueSets = $p->valueSets;
        switch ($bit) {
            case self::STRING:
                $q->formats = $p->formats;
                $q->patterns = $p->patterns;
                $q->minLength = $p->minLength;
                $q->maxLength = $p->maxLength;
                break;
            case self::INTEGER:
            case self::NUMBER:
                $q->minimum = $p->minimum;
                $q->exclusiveMinimum = $p->exclusiveMinimum;
                $q->maximum = $p->maximum;
                $q->exclusiveMaximum = $p->exclusiveMaximum;
                $q->multipleOf = $p->multipleOf;
                break;
            case self::ARRAY:
                $q->items = $p->items;
                $q->hasItems = $p->hasItems;
                $q->minItems = $p->minItems;
                $q->maxItems = $p->maxItems;
                break;
            case self::OBJECT:
                $q->properties = $p->properties;
                $q->required = $p->required;
                $q->additional = $p->additional;
                $q->hasAdditional = $p->hasAdditional;
                $q->minProperties = $p->minProperties;
                $q->maxProperties = $p->maxProperties;
                break;
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
                $ok = ($p->minimum === null || Text::cmp($v, $p->minimum) >= 0)
                    && ($p->exclusiveMinimum === null || Text::cmp($v, $p->exclusiveMinimum) > 0)
                    && ($p->maximum === null || Text::cmp($v, $p->maximum) <= 0)
                    && ($p->exclusiveMaximum === null || Text::cmp($v, $p->exclusiveMaximum) < 0);
            } elseif (($a = self::arr($v)) !== null) {
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

    /** Lookarounds and backreferences: constructs the strict modes refuse. */
    public static function hasLookaroundOrBackref(string $p): bool
    {
        $n = \strlen($p);
        $class = false;
        for ($i = 0; $i < $n; $i++) {
            $c = $p[$i];
            if ($c === '\\') {
                if (!$class && $i + 1 < $n) {
                    $d = $p[$i + 1];
                    if (($d >= '1' && $d <= '9') || $d === 'k') {
                        return true;
                    }
                }
                $i++;
                continue;
            }
            if ($c === '[') {
                $class = true;
            } elseif ($c === ']') {
                $class = false;
            } elseif ($c === '(' && !$class) {
                $rest = substr($p, $i + 1, 3);
                if (str_starts_with($rest, '?=') || str_starts_with($rest, '?!')
                    || str_starts_with($rest, '?<=') || str_starts_with($rest, '?<!')) {
                    return true;
                }
            }
        }
        return false;
    }
}
