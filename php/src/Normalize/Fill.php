<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Schema;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Normalize\Profile\Profile;
use ToolSchema\Php\Normalize\Profile\Reader;

/**
 * A node's Model\Schema for the profiles other than `mcp`, filled from what
 * the normalizer computed (src/normalize/fill.rs) instead of written as the
 * schema and read back: exactly what Profile\Reader reads from the schema the
 * normalizer writes (Normalizer: its key order and null styles), with the
 * children (`items`, each value of `properties`; a list's choice items,
 * choiceItems()) as their own Schema. The keywords go through the reader's
 * per-keyword logic in the order they are written (bounds, fit checks,
 * `other`), the `allOf` entries after them; a node with a base schema is
 * written as the normalizer writes it and read (a base schema is JSON Schema
 * from outside: the reader is the one place a schema is read).
 */
final class Fill
{
    /** The bit of each JSON type. */
    private const BITS = [
        'string' => Schema::STRING,
        'integer' => Schema::INTEGER,
        'number' => Schema::NUMBER,
        'boolean' => Schema::BOOLEAN,
        'array' => Schema::ARRAY,
        'object' => Schema::OBJECT,
    ];

    /** The types of a type without a JSON type (BaseType::ANY: every one but null; integer is in number). */
    private const ANY = Schema::ALL & ~Schema::INTEGER;

    /**
     * The Schema of the definition `$d` (Normalizer::schema() has read it and
     * its facets, whether it is optional, its null style and its texts);
     * normalizes its children.
     */
    public static function schema(
        Normalizer $n,
        Definition $d,
        Facets $f,
        bool $nonEmpty,
        bool $optional,
        int $style,
        ?string $title,
        ?string $description,
        int $depth,
    ): Schema {
        // An optional input in the `type_array` style lets null through in
        // its own keywords; in the others a wrapper's branch does.
        $wrapped = $optional && $style !== Options::TYPE_ARRAY;
        $nullOk = $optional && !$wrapped;
        if ($d->baseSchema !== null) {
            return self::base($n, $d, $nullOk, $wrapped ? $style : null, $title, $description);
        }
        // Children first: whether they refuse null decides what keeps their
        // container from being empty (as Normalizer::body()).
        $items = null;
        $props = null;
        if ($d->cat === Ty::CAT_LIST) {
            [$items, $itemNeverEmpty] = ListType::items($n, $d, $f->itemEnums, $depth);
            if ($nonEmpty) {
                NotNull::list($d->items, $itemNeverEmpty, $f);
            }
        } elseif ($d->cat === Ty::CAT_MAP) {
            [$props, $anyRequired] = MapType::properties($n, $d, $depth);
            if ($nonEmpty && !$anyRequired) {
                NotNull::map($f);
            }
        }
        $s = new Schema();
        $s->title = $title;
        $s->description = $description;
        $t = BaseType::jsonType($d->ty);
        $s->types = $t === null ? self::ANY : self::BITS[$t];
        // The wrapper's `{"type": "null"}`, or `"null"` in `type` (and in
        // every enum/const: Nullable::enumeration()).
        $s->nullable = $optional;
        // The keywords in the order the normalizer writes them.
        if ($f->formats !== []) {
            self::put($s, 'format', $f->formats[0]);
        }
        if ($f->patterns !== []) {
            self::put($s, 'pattern', $f->patterns[0]);
        }
        if ($f->nots !== []) {
            self::put($s, 'not', Nullable::notSchema($f->nots[0], $nullOk));
        }
        if ($f->enums !== []) {
            [$k, $v] = Nullable::enumeration($f->enums[0], $nullOk);
            self::put($s, $k, $v);
        }
        if ($f->minLength !== null) {
            self::put($s, 'minLength', $f->minLength);
        }
        if ($f->maxLength !== null) {
            self::put($s, 'maxLength', $f->maxLength);
        }
        if ($f->minimum !== null) {
            self::put($s, 'minimum', $f->minimum);
        }
        if ($f->exclusiveMinimum !== null) {
            self::put($s, 'exclusiveMinimum', $f->exclusiveMinimum);
        }
        if ($f->maximum !== null) {
            self::put($s, 'maximum', $f->maximum);
        }
        if ($f->exclusiveMaximum !== null) {
            self::put($s, 'exclusiveMaximum', $f->exclusiveMaximum);
        }
        if ($d->cat === Ty::CAT_LIST || $d->cat === Ty::CAT_MAP) {
            self::container($s, $d, $f, $items, $props);
        }
        if ($d->default !== null || $d->examples !== null) {
            self::values($n, $s, $d, $wrapped);
        }
        if (isset($f->formats[1]) || isset($f->patterns[1]) || isset($f->nots[1]) || isset($f->enums[1]) || $f->extras !== []) {
            self::allOf($s, $f, $nullOk);
        }
        if ($s->valueSets !== []) {
            Reader::intersectValues($s);
        }
        return $s;
    }

    /**
     * The model of ListType::choiceItems(): any type, its choices as allowed
     * values (or `not`s): the first `enum` and the first `not` as the node's
     * own keywords, the others as `allOf` entries merged as the reader merges
     * them.
     *
     * @param list<array{0: array, 1: bool}> $itemEnums
     */
    public static function choiceItems(array $itemEnums): Schema
    {
        $s = new Schema();
        $entries = [];
        $hasEnum = $hasNot = false;
        foreach (ListType::choices($itemEnums) as [$k, $v]) {
            $not = $k === 'not';
            if ($not ? $hasNot : $hasEnum) {
                $entries[] = [$k, $v];
                continue;
            }
            if ($not) {
                // A `not` of choices: no count implied.
                $hasNot = true;
                $s->nots[] = $v;
            } else {
                $hasEnum = true;
                self::put($s, $k, $v);
            }
        }
        foreach ($entries as [$k, $v]) {
            if ($k === 'not') {
                $s->nots[] = $v;
            } elseif (!Reader::simple($s, $k, $v)) {
                $s->other[] = ['allOf', [$k => $v], true];
            }
        }
        if ($s->valueSets !== []) {
            Reader::intersectValues($s);
        }
        return $s;
    }

    /** A keyword as the reader takes it: into its part, or into `other` when it does not fit. */
    private static function put(Schema $s, string $k, mixed $v): void
    {
        if (!Reader::simple($s, $k, $v)) {
            $s->other[] = [$k, $v, false];
        }
    }

    /**
     * A list's `items`, or a map's `properties`, `required`,
     * `additionalProperties: false` (a closed map); then the counts, by the
     * table of count keywords (Schema::countKeys()).
     *
     * @param Schema|array<mixed>|\stdClass|null $items
     * @param array{0: array<mixed>|\stdClass, 1: list<string>}|null $props
     */
    private static function container(Schema $s, Definition $d, Facets $f, mixed $items, ?array $props): void
    {
        if ($d->cat === Ty::CAT_LIST) {
            if ($items !== null) {
                $s->items = $items;
                $s->hasItems = true;
            }
        } elseif ($props !== null) {
            $s->properties = Profile::arr($props[0]);
            $s->required = $props[1] === [] ? null : $props[1];
            $s->additional = false;
            $s->hasAdditional = true;
        }
        // Schema::countKeys(containerBit()), inline as in Normalizer::body().
        [$kmin, $kmax] = Schema::COUNT_KEYS[Schema::CONTAINER_BITS[$d->cat]];
        // A count of 1 the NotNull guard already states is not written.
        $minCount = $f->minCount === 1 && NotNull::impliesMinOne($f) ? null : $f->minCount;
        if ($minCount !== null) {
            self::put($s, $kmin, $minCount);
        }
        if ($f->maxCount !== null) {
            self::put($s, $kmax, $f->maxCount);
        }
    }

    /** `default` and `examples` as the normalizer writes them (outside a wrapper, or in the node). */
    private static function values(Normalizer $n, Schema $s, Definition $d, bool $wrapped): void
    {
        $o = [];
        $n->values($d, $o);
        $s->default = $o['default'] ?? null;
        if (!isset($o['examples'])) {
            return;
        }
        $list = $o['examples'];
        if ($wrapped || \array_is_list($list)) {
            $s->examples = $list;
        } else {
            $s->other[] = ['examples', $list, false];
        }
    }

    /**
     * The `allOf` entries in the order the normalizer writes them (the
     * second `format`, `pattern`, `not`, `enum` on, then the extras), merged
     * as the reader merges them.
     */
    private static function allOf(Schema $s, Facets $f, bool $nullOk): void
    {
        $entries = [];
        foreach (\array_slice($f->formats, 1) as $v) {
            $entries[] = ['format' => $v];
        }
        foreach (\array_slice($f->patterns, 1) as $v) {
            $entries[] = ['pattern' => $v];
        }
        foreach (\array_slice($f->nots, 1) as $not) {
            $entries[] = ['not' => Nullable::notSchema($not, $nullOk)];
        }
        foreach (\array_slice($f->enums, 1) as $e) {
            [$k, $v] = Nullable::enumeration($e, $nullOk);
            $entries[] = [$k => $v];
        }
        foreach ($f->extras as $_) {
            // 'ipv4_or_ipv6' (Ip version all).
            $entries[] = ['anyOf' => [['format' => 'ipv4'], ['format' => 'ipv6']]];
        }
        foreach ($entries as $e) {
            if (!Reader::mergeEntry($s, $e)) {
                $s->other[] = ['allOf', $e, true];
            }
        }
    }

    /**
     * A node with a base schema: written as the normalizer writes it
     * (annotations, the base schema with null let in, or in the branch of a
     * wrapper in the null style `$wrapper`; `default`, `examples`) and read.
     */
    private static function base(Normalizer $n, Definition $d, bool $nullOk, ?int $wrapper, ?string $title, ?string $description): Schema
    {
        $out = [];
        if ($title !== null) {
            $out['title'] = $title;
        }
        if ($description !== null) {
            $out['description'] = $description;
        }
        if ($wrapper !== null) {
            $inner = [];
            Nullable::baseSchema($d->baseSchema, false, $inner);
            $out[$wrapper === Options::ONE_OF ? 'oneOf' : 'anyOf'] = Nullable::branches($inner);
        } else {
            Nullable::baseSchema($d->baseSchema, $nullOk, $out);
        }
        if ($d->default !== null || $d->examples !== null) {
            $n->values($d, $out);
        }
        return Reader::read($out);
    }
}
