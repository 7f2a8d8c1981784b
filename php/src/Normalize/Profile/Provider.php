<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize\Profile;

use ToolSchema\Php\Model\Schema;

/**
 * The skeleton of one type's keywords, shared by every provider
 * (src/normalize/profile/provider.rs): allowed values written alone (where
 * the provider does), then the keywords of the type, `type` first, an `anyOf`
 * of the node's own last. A provider extends this class with its hooks; an
 * instance is one type's keywords being written (Rust's `One`): the pass, the
 * parts of the type `$bit`, the keywords so far and the notes.
 */
abstract class Provider
{
    // Who the provider is (Profile::provider() names its class).
    /** Whether it has a strict mode. */
    public const STRICT = false;
    /** fit_budget() gives each tool its `input_examples`. */
    public const INPUT_EXAMPLES = false;
    /** Allowed values of several types are written as one branch per type (not: one `enum` of them all). */
    public const VALUE_BRANCHES = true;

    /**
     * The size limits of one schema: a message for each one the pass's
     * counts pass.
     *
     * @return list<string>
     */
    public static function limits(Pass $pass): array
    {
        return [];
    }

    /**
     * The per-request limits fit_budget() sums over the strict tools:
     * [count, max, what].
     *
     * @return list<array{0: \Closure(Pass): int, 1: int, 2: string}>
     */
    public static function budget(): array
    {
        return [];
    }

    /** @var list<array{0: string|int, 1: mixed}> the keywords so far, in order, `type` first */
    public array $keys = [];

    /** @var list<string> the notes for the description (the caller's, by reference) */
    public array $notes = [];

    // Set by single() (no constructor: one of these is made per schema node).
    public Pass $pass;
    /** The parts of the type $bit. */
    public Schema $p;
    public int $bit;

    /** The keywords of one type. */
    public static function single(Pass $pass, Schema $p, int $bit, array &$notes): array
    {
        $o = new static();
        $o->pass = $pass;
        $o->p = $p;
        $o->bit = $bit;
        $o->notes = &$notes;
        $body = $p->values === null ? null : $o->valuesAlone();
        if ($body !== null) {
            return $body;
        }
        $o->keys[] = ['type', static::TYPE_NAMES === null ? $o->typeValue() : static::TYPE_NAMES[$bit]];
        if ($bit === Profile::STRING) {
            $o->string();
        } elseif ($bit === Profile::ARRAY) {
            $o->array();
        } elseif ($bit === Profile::OBJECT) {
            $o->object();
        } elseif ($bit === Profile::BOOLEAN) {
            $o->boolean();
        } elseif (($body = $o->number()) !== null) {
            return $body;
        }
        if ($p->anyOf !== null) {
            $list = $p->anyOf;
            $p->anyOf = null;
            $o->keys[] = ['anyOf', $o->anyOf($list)];
        }
        return ['keys', $o->keys];
    }

    /** A nullable node's own keywords carry its null (in a `type` list). */
    protected const NULL_IN_TYPE = false;

    /** An optional property's null is written (not: it is left out). */
    protected const OPTIONAL_NULL = true;

    /** The null is written by after(), not in the body. */
    protected const NULL_AFTER = false;

    // Whether after() is the provider's own (else it is not called: one call
    // less per node in the pure-PHP twin), and the value of `type` of each
    // type (null: typeValue() says it).
    protected const AFTER = false;
    protected const TYPE_NAMES = Profile::TYPES;

    /** `default` goes into the description (the provider cannot write it). */
    protected const DEFAULT_NOTE = true;

    /** `examples` go into the description (the provider cannot write them). */
    protected const EXAMPLES_NOTES = true;

    /**
     * The finished node: title and description (with the notes), the body and
     * the node's null.
     */
    public static function finish(Pass $pass, Schema $p, array $body, array $notes, int $place): array
    {
        if (static::DEFAULT_NOTE || static::EXAMPLES_NOTES) {
            $pass->annotationNotes($p, $notes, static::DEFAULT_NOTE, static::EXAMPLES_NOTES);
        }
        // The node's null in its body (an `anyOf` branch, an `enum` value).
        $null = $p->nullable && !static::NULL_AFTER && (static::OPTIONAL_NULL || $place !== Pass::OPTIONAL_PROPERTY);
        $o = [];
        $pass->texts($o, $p, $notes);
        $union = false;
        if ($body[0] === 'keys' && (!$null || static::NULL_IN_TYPE)) {
            foreach ($body[1] as [$k, $v]) {
                $union = $union || $k === 'anyOf';
                $o[$k] = $v;
            }
        } elseif ($body[0] === 'ints') {
            $o['enum'] = $null ? [...$body[1], null] : $body[1];
        } elseif ($body[0] === 'values') {
            [$k, $v] = $pass->values($body[1], $body[2], $null);
            $o[$k] = $v;
        } else {
            $union = true;
            $branches = $body[0] === 'branches' ? $body[1] : [$pass->close($body)];
            if ($null) {
                $branches[] = ['type' => 'null'];
            }
            $o['anyOf'] = $branches;
        }
        if ($union && ($place === Pass::OPTIONAL_PROPERTY || $place === Pass::REQUIRED_PROPERTY)) {
            $pass->unionProperties++;
        }
        if (static::AFTER) {
            static::after($o, $p);
        }
        return $o;
    }

    /** Whether the provider can write these values as allowed values. */
    public static function valuesWritable(array $values): bool
    {
        return true;
    }

    /** What follows the body in the finished node. */
    protected static function after(array &$o, Schema $p): void
    {
    }

    /**
     * The body for allowed values (there are some) written without `type`;
     * null: they are written with the type's keywords (by its hook).
     */
    protected function valuesAlone(): ?array
    {
        return null;
    }

    /** The value of `type`. */
    protected function typeValue(): string|array
    {
        return Profile::TYPES[$this->bit];
    }

    abstract protected function string(): void;

    /** Non-null: the body is this (written another way than as keywords). */
    abstract protected function number(): ?array;

    abstract protected function array(): void;

    abstract protected function object(): void;

    /** A boolean: nothing but the type, unless the provider writes its values. */
    protected function boolean(): void
    {
    }

    /** The branches of an `anyOf` beside the type's keywords. */
    protected function anyOf(array $list): array
    {
        return $this->pass->branches($list);
    }

    /**
     * Each bound or count that is set, as its keyword.
     *
     * @param array<string, int|float|null> $values
     */
    public function put(array $values): void
    {
        foreach ($values as $k => $v) {
            if ($v !== null) {
                $this->keys[] = [$k, $v];
            }
        }
    }

    /**
     * The counts of the type (a list's `minItems`/`maxItems`, a map's
     * `minProperties`/`maxProperties`: Schema::countKeys()), when set.
     */
    public function counts(): void
    {
        $this->countInts($this->p->counts($this->bit));
    }

    /**
     * The counts `[lower, upper]` given, as the type's count keywords.
     *
     * @param array{0: ?int, 1: ?int} $counts
     */
    public function countInts(array $counts): void
    {
        // Schema::countKeys() and put(), inline: two calls less per list and
        // map.
        $keys = Schema::COUNT_KEYS[$this->bit] ?? null;
        if ($keys !== null) {
            if ($counts[0] !== null) {
                $this->keys[] = [$keys[0], $counts[0]];
            }
            if ($counts[1] !== null) {
                $this->keys[] = [$keys[1], $counts[1]];
            }
        }
    }

    /** `minLength` and `maxLength`, when set. */
    public function lengths(): void
    {
        $this->put(['minLength' => $this->p->minLength, 'maxLength' => $this->p->maxLength]);
    }

    /** A constraint the profile cannot state (warning and note). */
    public function dropNote(string $note): void
    {
        $this->pass->dropNote($this->notes, $note);
    }

    public function dropPattern(string $pat): void
    {
        $this->dropNote(Text::patternNote($pat));
    }

    public function dropMultiple(int|float $m): void
    {
        $this->dropNote('A multiple of ' . Text::num($m) . '.');
    }

    public function dropFormat(string $f): void
    {
        $this->dropNote("Format: $f.");
    }

    /**
     * The allowed values, as `enum` (or `const` for one from a `const` when
     * `$allowConst`); counted for the size limits when `$count`; with null
     * added when `$null`.
     */
    public function values(bool $allowConst, bool $count, bool $null): void
    {
        if ($this->p->values !== null) {
            $values = $this->p->values;
            $this->p->values = null;
            if ($count) {
                $this->pass->countValues($values);
            }
            $this->keys[] = $this->pass->values($values, $allowConst && $this->p->isConst, $null);
        }
    }

    /** The schema of `items`, when there is one. */
    public function items(): bool
    {
        if (!$this->p->hasItems) {
            return false;
        }
        $this->keys[] = ['items', $this->pass->items($this->p->items)];
        return true;
    }

    /**
     * The first `format`, when it is one of the consumer's `$known` formats
     * (a set: format => true); dropped into the notes when it is not.
     */
    public function knownFormat(array $known): void
    {
        if ($this->p->formats !== []) {
            $f = $this->p->formats[0];
            if (isset($known[$f])) {
                $this->keys[] = ['format', $f];
            } else {
                $this->dropFormat($f);
            }
        }
    }

    /**
     * The `properties` of a map in strict mode (openai, anthropic), with the
     * names in order: `{}` for a closed map without any; nothing (null) for
     * an open map without properties, which is written as it is (non-strict).
     *
     * @return list<string|int>|null
     */
    public function strictProperties(): ?array
    {
        $p = $this->p;
        if ($p->properties !== null) {
            [$v, $names] = $this->pass->properties($p->properties, $p->required);
        } elseif ($p->hasAdditional && $p->additional === false) {
            [$v, $names] = [new \stdClass(), []];
        } else {
            return null;
        }
        $this->keys[] = ['properties', $v];
        return $names;
    }

    /**
     * The rest of a map in strict mode (openai, anthropic):
     * `additionalProperties: false`, or strict mode cannot state the map;
     * `minProperties`/`maxProperties` dropped into the notes.
     */
    public function strictAdditional(): void
    {
        $p = $this->p;
        if ($p->hasAdditional && $p->additional === false) {
            $this->keys[] = ['additionalProperties', false];
        } elseif ($p->hasAdditional) {
            $this->pass->impossible('a map that accepts other keys (additionalProperties)');
            $this->keys[] = ['additionalProperties', $p->additional];
        } else {
            $this->pass->impossible('a map that accepts any keys');
        }
        [$min, $max] = $p->counts($this->bit);
        $this->dropCounts($min, $max, 'property', 'properties');
    }

    /** Drops count bounds as notes: `At least 2 items.`, `At most 1 item.`. */
    public function dropCounts(?int $min, ?int $max, string $one, string $many): void
    {
        foreach (['At least' => $min, 'At most' => $max] as $word => $n) {
            if ($n !== null) {
                $this->dropNote("$word $n " . Text::plural($n, $one, $many) . '.');
            }
        }
    }
}
