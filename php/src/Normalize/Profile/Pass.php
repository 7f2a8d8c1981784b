<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Schema;
use ToolSchema\Php\Model\Vocab;

/**
 * The pass over one schema for the openai, anthropic, gemini and gemini_json
 * profiles (src/normalize/profile/pass.rs).
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

    /** The parts that apply to one type only (split()). */
    private const OF_TYPE = [
        Schema::STRING => ['formats', 'patterns', 'minLength', 'maxLength'],
        Schema::INTEGER => ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf'],
        Schema::NUMBER => ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf'],
        Schema::ARRAY => ['items', 'hasItems', 'minItems', 'maxItems'],
        Schema::OBJECT => ['properties', 'required', 'additional', 'hasAdditional', 'minProperties', 'maxProperties'],
    ];

    /** Annotation keywords of base schemas left out without a warning. */
    private const SILENT_ANNOTATIONS = [
        '$comment' => true, '$schema' => true, 'deprecated' => true, 'readOnly' => true,
        'writeOnly' => true, 'contentMediaType' => true, 'contentEncoding' => true,
    ];

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

    /** @var class-string<Provider> the provider of the profile */
    public readonly string $provider;

    public function __construct(public readonly Profile $profile)
    {
        $provider = $profile->provider();
        \assert(is_subclass_of($provider, Provider::class));
        $this->provider = $provider;
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
        $label = $this->profile->label();
        $this->warn(
            Profile::CONSTRAINT_DROPPED,
            "$label cannot state this constraint; the description says it and Drupal checks it: $note"
        );
        $notes[] = $note;
    }

    /** The profile's strict mode cannot state `$what`. */
    public function impossible(string $what): void
    {
        $label = $this->profile->label();
        $this->warn(Profile::STRICT_IMPOSSIBLE, "$label cannot state $what: send this tool without strict mode");
    }

    /**
     * Writes the schema `$s` found at the current path: a node the normalizer
     * filled (a Schema, used as it is: it is written once), or a schema as
     * written (a base schema's), read here.
     */
    public function node(mixed $s, int $place): mixed
    {
        if ($s instanceof Schema) {
            $p = $s;
        } elseif (($a = Profile::arr($s)) !== null) {
            $p = Reader::read($a);
        } else {
            // A boolean schema (from a base schema).
            if (!$this->profile->strict()) {
                $notes = [];
                $this->dropNote($notes, 'Must match the JSON schema ' . Text::json($s) . '.');
                return ['description' => implode(' ', $notes)];
            }
            $this->impossible('a boolean schema');
            return $s;
        }
        if ($place === self::ROOT) {
            // The root of a tool input is an object, never null.
            if ($p->types === Profile::OBJECT) {
                $p->nullable = false;
            } elseif ($this->profile->strict()) {
                $this->impossible('a root that is not an object');
            }
        }
        $notes = [];
        $body = $this->body($p, $notes);
        if ($place === self::OPTIONAL_PROPERTY) {
            $this->optionalProperties++;
        }
        return $this->provider::finish($this, $p, $body, $notes, $place);
    }

    /** The validation keywords of `$p`, for one type or as branches. */
    private function body(Schema $p, array &$notes): array
    {
        if ($p->nots !== [] || isset($p->formats[1]) || isset($p->patterns[1]) || $p->other !== [] || $p->oneOf !== null) {
            $this->dropUnwritable($p, $notes);
        }
        if ($p->values !== null) {
            $this->allowedValues($p, $notes);
        }
        // Several types: one branch per type.
        $types = $p->types;
        if ($types & Profile::NUMBER) {
            $types &= ~Profile::INTEGER;
        }
        if ($p->values === null && ($types & ($types - 1)) !== 0) {
            return $this->typeBranches($p, $types, $notes);
        }
        if ($p->values !== null) {
            $vt = 0;
            foreach ($p->values as $v) {
                $vt |= Profile::valueTypes($v);
            }
            // Values of several types: one branch per type.
            $of = $types & $vt;
            if (($of & ($of - 1)) !== 0 && $this->provider::VALUE_BRANCHES) {
                return ['branches', $this->branchList($p, $of, $notes)];
            }
            if ($of !== 0) {
                $types = $of;
            }
        }
        // The first of the types (Profile::TYPES is in the order of the bits).
        $bit = $types === 0 ? Profile::STRING : $types & -$types;
        return $this->provider::single($this, $p, $bit, $notes);
    }

    /**
     * Constraints no profile here can write, into the notes: `not`, the
     * second `format` and `pattern` on, keywords the parts do not hold,
     * `allOf` entries that could not be merged; `oneOf` as an `anyOf`.
     */
    private function dropUnwritable(Schema $p, array &$notes): void
    {
        $nots = $p->nots;
        $p->nots = [];
        foreach ($nots as $n) {
            $this->dropNote($notes, Text::notNote($n));
        }
        foreach (\array_slice($p->formats, 1) as $f) {
            $this->dropNote($notes, "Format: $f.");
        }
        $p->formats = \array_slice($p->formats, 0, 1);
        foreach (\array_slice($p->patterns, 1) as $pat) {
            $this->dropNote($notes, Text::patternNote($pat));
        }
        $p->patterns = \array_slice($p->patterns, 0, 1);
        $other = $p->other;
        $p->other = [];
        foreach ($other as [$k, $v, $entry]) {
            if (!$entry && isset(self::SILENT_ANNOTATIONS[$k])) {
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
    }

    /**
     * Allowed values: of the node's types; representable, or dropped; then
     * the keywords they make redundant are left out.
     */
    private function allowedValues(Schema $p, array &$notes): void
    {
        $values = $p->values;
        $p->values = null;
        $typed = array_values(array_filter(
            $values,
            static fn ($v) => (Profile::valueTypes($v) & $p->types) !== 0
        ));
        if ($typed !== [] && !$this->provider::valuesWritable($typed)) {
            $this->dropValues($p, $notes, false);
            return;
        }
        $p->values = $typed === [] ? [] : self::filterValues($p, $typed);
        if ($p->values === []) {
            $this->dropValues($p, $notes, true);
        }
    }

    /** Several types, without allowed values: one branch per type. */
    private function typeBranches(Schema $p, int $types, array &$notes): array
    {
        if ($p->anyOf !== null) {
            $this->dropNote($notes, 'Must also match one of the JSON schemas ' . Text::json($p->anyOf) . '.');
            $p->anyOf = null;
        }
        $any = ($p->types | Profile::INTEGER) === Profile::ALL;
        if ($any && $this->profile->strict()) {
            $this->impossible('a value of any JSON type');
        }
        $this->quiet += $any ? 1 : 0;
        $branches = $this->branchList($p, $types, $notes);
        $this->quiet -= $any ? 1 : 0;
        return ['branches', $branches];
    }

    /** One branch per type of `$types`, in the order of Profile::TYPES. */
    private function branchList(Schema $p, int $types, array &$notes): array
    {
        $branches = [];
        foreach (Profile::TYPES as $bit => $_) {
            if (($types & $bit) !== 0) {
                $branches[] = $this->close($this->provider::single($this, self::split($p, $bit), $bit, $notes));
            }
        }
        return $branches;
    }

    /** Leaves the allowed values out (warning and note). */
    private function dropValues(Schema $p, array &$notes, bool $none): void
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

    /** A body as a schema of its own (a branch). */
    public function close(array $body): array|\stdClass
    {
        if ($body[0] === 'values') {
            [$k, $v] = $this->values($body[1], $body[2], false);
            return [$k => $v];
        }
        return match ($body[0]) {
            'keys' => Vocab::object(array_column($body[1], 1, 0)),
            'branches' => ['anyOf' => $body[1]],
            default => ['enum' => $body[1]],
        };
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
            $isRequired = \in_array((string) $name, $required, true);
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
        return [Vocab::object($o), $names];
    }

    /** The `anyOf` of a base schema: each branch written for the profile. */
    public function branches(array $list): array
    {
        return array_map(fn (mixed $v): mixed => $this->node($v, self::INNER), array_values($list));
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

    /** Notes for `default` (when `$default`) and `examples` (when `$examples`). */
    public function annotationNotes(Schema $p, array &$notes, bool $default, bool $examples): void
    {
        if ($default && $p->default !== null) {
            $notes[] = 'Default: ' . Text::json($p->default) . '.';
        }
        if ($examples && $p->examples !== null && $p->examples !== []) {
            $notes[] = (\count($p->examples) === 1 ? 'Example: ' : 'Examples: ')
                . implode(', ', array_map([Text::class, 'json'], $p->examples)) . '.';
        }
    }

    /** Title and description (with the notes) into `$o`. */
    public function texts(array &$o, Schema $p, array $notes): void
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

    /** The parts of `$p` that apply to the type `$bit` (values of that type only). */
    private static function split(Schema $p, int $bit): Schema
    {
        $q = new Schema();
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
    private static function filterValues(Schema $p, array $values): array
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
