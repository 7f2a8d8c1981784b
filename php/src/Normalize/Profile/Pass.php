<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Normalize\Normalizer;

/**
 * The pass over one schema for the openai, anthropic, gemini and gemini_json
 * profiles (`Pass` in src/normalize/profile/mod.rs).
 *
 * A body (what a node's validation keywords became, before annotations and
 * null) is one of: `['keys', list<array{0: string|int, 1: mixed}>]`,
 * `['branches', list<mixed>]`, `['values', list<mixed>, bool $isConst]`,
 * `['ints', list<int>]`.
 */
final class Pass
{
    // Where a node sits.
    public const ROOT = 0;
    /** The schema of a property that is not in its map's `required`. */
    public const OPTIONAL_PROPERTY = 1;
    public const REQUIRED_PROPERTY = 2;
    /** Anything else (list items, branches). */
    public const INNER = 3;

    /** @var list<array{code: string, path: string, message: string}> */
    public array $warnings = [];
    /** @var list<string|int> */
    public array $path = [];
    /** > 0 while writing the branches of `any`: no warnings of their own. */
    public int $quiet = 0;

    // Counts for the size limits.
    public int $properties = 0;
    public int $objectDepth = 0;
    public int $maxObjectDepth = 0;
    public int $enumValues = 0;
    public int $stringLength = 0;
    /** @var list<string> */
    public array $longEnums = [];
    public int $optionalProperties = 0;
    public int $unionProperties = 0;

    public function __construct(public readonly int $profile)
    {
    }

    public function renderPath(): string
    {
        return implode('.', $this->path);
    }

    /** A warning at the current path. */
    public function warn(string $code, string $message): void
    {
        if ($this->quiet > 0 && $code === Profile::STRICT_IMPOSSIBLE) {
            return;
        }
        $this->warnings[] = ['code' => $code, 'path' => $this->renderPath(), 'message' => $message];
    }

    /** A constraint the profile cannot state: warning, and a note for the description. */
    public function dropNote(array &$notes, string $note): void
    {
        $label = Profile::label($this->profile);
        $this->warn(
            Profile::CONSTRAINT_DROPPED,
            "$label cannot state this constraint; the description says it and Drupal checks it: $note"
        );
        $notes[] = $note;
    }

    /** The profile's strict mode cannot state `$what`. */
    public function impossible(string $what): void
    {
        $label = Profile::label($this->profile);
        $this->warn(Profile::STRICT_IMPOSSIBLE, "$label cannot state $what: send this tool without strict mode");
    }

    /** Writes the schema `$s` found at the current path. */
    public function node(mixed $s, int $place): mixed
    {
        $a = Profile::arr($s);
        if ($a === null) {
            // A boolean schema (from a base schema).
            if ($this->profile === Profile::GEMINI || $this->profile === Profile::GEMINI_JSON) {
                $notes = [];
                $this->dropNote($notes, 'Must match the JSON schema ' . Text::json($s) . '.');
                return ['description' => implode(' ', $notes)];
            }
            $this->impossible('a boolean schema');
            return $s;
        }
        $p = Profile::read($a);
        if ($place === self::ROOT) {
            // The root of a tool input is an object, never null.
            if ($p->types === Profile::OBJECT) {
                $p->nullable = false;
            } elseif ($this->profile !== Profile::GEMINI && $this->profile !== Profile::GEMINI_JSON) {
                $this->impossible('a root that is not an object');
            }
        }
        $notes = [];
        $body = $this->body($p, $notes);
        if ($place === self::OPTIONAL_PROPERTY) {
            $this->optionalProperties++;
        }
        return match ($this->profile) {
            Profile::OPENAI => OpenAi::finish($this, $p, $body, $notes, $place),
            Profile::ANTHROPIC => Anthropic::finish($this, $p, $body, $notes, $place),
            Profile::GEMINI_JSON => GeminiJson::finish($this, $p, $body, $notes),
            default => Gemini::finish($this, $p, $body, $notes),
        };
    }

    /** The validation keywords of `$p`, for one type or as branches. */
    private function body(Parts $p, array &$notes): array
    {
        // Constraints no profile here can write.
        $nots = $p->nots;
        $p->nots = [];
        foreach ($nots as $n) {
            $this->dropNote($notes, Profile::notNote($n));
        }
        foreach (\array_slice($p->formats, 1) as $f) {
            $this->dropNote($notes, "Format: $f.");
        }
        $p->formats = \array_slice($p->formats, 0, 1);
        foreach (\array_slice($p->patterns, 1) as $pat) {
            $this->dropNote($notes, "Must match the regular expression `$pat`.");
        }
        $p->patterns = \array_slice($p->patterns, 0, 1);
        $other = $p->other;
        $p->other = [];
        foreach ($other as [$k, $v, $entry]) {
            if (!$entry && Profile::isSilentAnnotation($k)) {
                continue;
            }
            $this->dropNote($notes, $entry
                ? 'Must also match the JSON schema ' . Text::json($v) . '.'
                : "$k: " . Text::json($v) . '.');
        }
        if ($p->oneOf !== null) {
            $oneOf = $p->oneOf;
            $p->oneOf = null;
            $this->dropNote($notes, 'Exactly one of the alternatives must match.');
            if ($p->anyOf === null) {
                $p->anyOf = $oneOf;
            } else {
                $this->dropNote($notes, 'Must also match one of the JSON schemas ' . Text::json($oneOf) . '.');
            }
        }
        // Allowed values: of the node's types; representable, or dropped; then
        // the keywords they make redundant are left out.
        if ($p->values !== null) {
            $values = $p->values;
            $p->values = null;
            $typed = array_values(array_filter(
                $values,
                static fn ($v) => (Profile::valueTypes($v) & $p->types) !== 0
            ));
            if ($typed === []) {
                $this->dropValues($p, $notes, true);
            } elseif (!$this->valuesWritable($typed)) {
                $this->dropValues($p, $notes, false);
            } else {
                $kept = Profile::filterValues($p, $typed);
                if ($kept === []) {
                    $this->dropValues($p, $notes, true);
                } else {
                    $p->values = $kept;
                }
            }
        }
        // Several types: one branch per type.
        $types = $p->types;
        if ($types & Profile::NUMBER) {
            $types &= ~Profile::INTEGER;
        }
        if ($p->values === null && self::bits($types) > 1) {
            if ($p->anyOf !== null) {
                $this->dropNote($notes, 'Must also match one of the JSON schemas ' . Text::json($p->anyOf) . '.');
                $p->anyOf = null;
            }
            $any = ($p->types | Profile::INTEGER) === Profile::ALL;
            if ($any && $this->profile !== Profile::GEMINI && $this->profile !== Profile::GEMINI_JSON) {
                $this->impossible('a value of any JSON type');
            }
            $this->quiet += $any ? 1 : 0;
            $branches = [];
            foreach (Profile::TYPES as $bit => $_) {
                if (($types & $bit) === 0) {
                    continue;
                }
                $q = Profile::split($p, $bit);
                $branches[] = $this->close($this->single($q, $bit, $notes));
            }
            $this->quiet -= $any ? 1 : 0;
            return ['branches', $branches];
        }
        if ($p->values !== null) {
            $vt = 0;
            foreach ($p->values as $v) {
                $vt |= Profile::valueTypes($v);
            }
            // Values of several types: one branch per type.
            $bits = [];
            foreach (Profile::TYPES as $bit => $_) {
                if (($types & $bit) !== 0 && ($vt & $bit) !== 0
                    && !($bit === Profile::INTEGER && ($types & Profile::NUMBER) !== 0)) {
                    $bits[] = $bit;
                }
            }
            if (\count($bits) > 1 && $this->profile !== Profile::ANTHROPIC) {
                $branches = [];
                foreach ($bits as $bit) {
                    $q = Profile::split($p, $bit);
                    $branches[] = $this->close($this->single($q, $bit, $notes));
                }
                return ['branches', $branches];
            }
            if ($bits !== []) {
                $types = $bits[0];
            }
        }
        $bit = Profile::STRING;
        foreach (Profile::TYPES as $b => $_) {
            if (($types & $b) !== 0) {
                $bit = $b;
                break;
            }
        }
        return $this->single($p, $bit, $notes);
    }

    private static function bits(int $types): int
    {
        $n = 0;
        for (; $types !== 0; $types &= $types - 1) {
            $n++;
        }
        return $n;
    }

    /** Leaves the allowed values out (warning and note). */
    private function dropValues(Parts $p, array &$notes, bool $none): void
    {
        $p->values = null;
        if ($none) {
            $this->dropNote($notes, 'No value is allowed: the allowed values contradict the other constraints.');
            return;
        }
        $sets = $p->valueSets;
        $p->valueSets = [];
        foreach ($sets as [$set, $isConst]) {
            $this->dropNote($notes, $isConst ? 'Exactly ' . Text::json($set) . '.' : 'One of: ' . Text::json($set) . '.');
        }
    }

    private function valuesWritable(array $values): bool
    {
        return match ($this->profile) {
            Profile::ANTHROPIC => Anthropic::valuesWritable($values),
            Profile::GEMINI => Gemini::valuesWritable($values),
            default => true,
        };
    }

    /** The keywords of one type. */
    private function single(Parts $p, int $bit, array &$notes): array
    {
        return match ($this->profile) {
            Profile::OPENAI => OpenAi::single($this, $p, $bit, $notes),
            Profile::ANTHROPIC => Anthropic::single($this, $p, $bit, $notes),
            Profile::GEMINI_JSON => GeminiJson::single($this, $p, $bit, $notes),
            default => Gemini::single($this, $p, $bit, $notes),
        };
    }

    /** A body as a schema of its own (a branch). */
    public function close(array $body): array|\stdClass
    {
        switch ($body[0]) {
            case 'keys':
                $o = [];
                foreach ($body[1] as [$k, $v]) {
                    $o[$k] = $v;
                }
                return Normalizer::object($o);
            case 'branches':
                return ['anyOf' => $body[1]];
            case 'values':
                [$k, $v] = $this->values($body[1], $body[2], false);
                return [$k => $v];
            default:
                return ['enum' => Anthropic::intList($body[1], false)];
        }
    }

    /**
     * `enum` (or `const` for one value from a `const`), null appended when `$null`.
     *
     * @return array{0: string, 1: mixed}
     */
    public function values(array $values, bool $isConst, bool $null): array
    {
        if ($isConst && \count($values) === 1 && !$null) {
            return ['const', $values[0]];
        }
        if ($null) {
            $values[] = null;
        }
        return ['enum', $values];
    }

    /** The schema of `items`, at `<path>.items`. */
    public function items(mixed $items): mixed
    {
        $this->path[] = 'items';
        $v = $this->node($items, self::INNER);
        array_pop($this->path);
        return $v;
    }

    /**
     * The `properties` map, each at `<path>.properties.<name>`; with the names
     * in order.
     *
     * @return array{0: array|\stdClass, 1: list<int|string>}
     */
    public function properties(array $props, ?array $required): array
    {
        $required ??= [];
        $names = [];
        $o = [];
        $this->objectDepth++;
        $this->maxObjectDepth = max($this->maxObjectDepth, $this->objectDepth);
        foreach ($props as $name => $schema) {
            $isRequired = false;
            foreach ($required as $r) {
                if (\is_string($r) && $r === (string) $name) {
                    $isRequired = true;
                    break;
                }
            }
            $this->properties++;
            $this->stringLength += Text::chars((string) $name);
            $this->path[] = 'properties';
            $this->path[] = $name;
            $v = $this->node($schema, $isRequired ? self::REQUIRED_PROPERTY : self::OPTIONAL_PROPERTY);
            array_pop($this->path);
            array_pop($this->path);
            $o[$name] = $v;
            $names[] = $name;
        }
        $this->objectDepth--;
        return [Normalizer::object($o), $names];
    }

    /**
     * The `properties` of a map in strict mode (openai, anthropic), with the
     * names in order: `{}` for a closed map without any; null for an open map
     * without properties, which is written as it is (non-strict).
     *
     * @return array{0: array|\stdClass, 1: list<int|string>}|null
     */
    public function strictProperties(Parts $p): ?array
    {
        $closed = $p->hasAdditional && $p->additional === false;
        if ($p->properties !== null) {
            return $this->properties($p->properties, $p->required);
        }
        return $closed ? [new \stdClass(), []] : null;
    }

    /**
     * The rest of a map in strict mode (openai, anthropic):
     * `additionalProperties: false`, or strict mode cannot state the map;
     * `minProperties`/`maxProperties` dropped into the notes.
     */
    public function strictAdditional(Parts $p, array &$keys, array &$notes): void
    {
        if ($p->hasAdditional && $p->additional === false) {
            $keys[] = ['additionalProperties', false];
        } elseif ($p->hasAdditional) {
            $this->impossible('a map that accepts other keys (additionalProperties)');
            $keys[] = ['additionalProperties', $p->additional];
        } else {
            $this->impossible('a map that accepts any keys');
        }
        foreach (['At least' => $p->minProperties, 'At most' => $p->maxProperties] as $word => $n) {
            if ($n !== null) {
                $this->dropNote($notes, "$word $n " . Text::plural($n, 'property', 'properties') . '.');
            }
        }
    }

    /**
     * The first `format`, when it is one of the consumer's `$known` formats
     * (a set: format => true); dropped into the notes when it is not.
     */
    public function knownFormat(Parts $p, array $known, array &$keys, array &$notes): void
    {
        if ($p->formats !== []) {
            $f = $p->formats[0];
            if (isset($known[$f])) {
                $keys[] = ['format', $f];
            } else {
                $this->dropNote($notes, "Format: $f.");
            }
        }
    }

    /** The `anyOf` of a base schema: each branch written for the profile. */
    public function branches(array $list): array
    {
        $out = [];
        foreach ($list as $v) {
            $out[] = $this->node($v, self::INNER);
        }
        return $out;
    }

    /** Counts allowed values for the size limits. */
    public function countValues(array $values): void
    {
        $this->enumValues += \count($values);
        $strings = 0;
        $length = 0;
        foreach ($values as $v) {
            if (\is_string($v)) {
                $strings++;
                $length += Text::chars($v);
            }
        }
        $this->stringLength += $length;
        if ($strings > 250 && $length > 15000) {
            $this->longEnums[] = $this->renderPath();
        }
    }

    /** Notes for `default` and `examples`, for profiles that cannot write them. */
    public function annotationNotes(Parts $p, array &$notes): void
    {
        if ($p->default instanceof \stdClass && (array) $p->default === []) {
            // The schema's `{}` (an empty map's default), not PHP's `[]`.
            $notes[] = 'Default: {}.';
        } elseif ($p->default !== null) {
            $notes[] = 'Default: ' . Text::json($p->default) . '.';
        }
        if ($p->examples !== null) {
            $list = array_values($p->examples);
            if (\count($list) === 1) {
                $notes[] = 'Example: ' . Text::json($list[0]) . '.';
            } elseif (\count($list) > 1) {
                $notes[] = 'Examples: ' . implode(', ', array_map([Text::class, 'json'], $list)) . '.';
            }
        }
    }

    /** Title and description (with the notes) into `$o`. */
    public function texts(array &$o, Parts $p, array $notes): void
    {
        if ($p->title !== null) {
            $o['title'] = $p->title;
        }
        if ($notes === []) {
            if ($p->description !== null) {
                $o['description'] = $p->description;
            }
            return;
        }
        $s = '';
        if ($p->description !== null) {
            $s = \is_string($p->description) ? $p->description : Text::json($p->description);
            if ($s !== '') {
                $s .= "\n\n";
            }
        }
        $o['description'] = $s . implode(' ', $notes);
    }
}
