<?php

declare(strict_types=1);

namespace ToolSchema\Php\Normalize;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Constraint\Choice;
use ToolSchema\Php\Model\Facets;
use ToolSchema\Php\Model\Rule;
use ToolSchema\Php\Model\Schema;
use ToolSchema\Php\Model\Ty;
use ToolSchema\Php\Model\ValueCheck;
use ToolSchema\Php\Model\Vocab;
use ToolSchema\Php\Model\Warnings;
use ToolSchema\Php\Normalize\Profile\Mcp;
use ToolSchema\Php\Normalize\Profile\Profile;
use ToolSchema\Php\Path;

/**
 * `normalize_schema`: a tool input definition → JSON Schema 2020-12
 * (src/normalize/mod.rs).
 *
 * One class per rule; the normalizer reads a definition, gathers what its
 * constraints say (Facets) and writes the schema in one fixed key order:
 *
 * `title, description, type, format, pattern, not, enum|const, minLength,
 * maxLength, minimum, exclusiveMinimum, maximum, exclusiveMaximum, items,
 * minItems, maxItems, properties, required, additionalProperties, minProperties,
 * maxProperties, allOf, default, examples` — or, for an optional input in the
 * `one_of`/`any_of` styles, `title, description, oneOf|anyOf, default, examples`.
 * That is the `mcp` profile's schema; for the other profiles the normalizer
 * fills a Model\Schema per node instead (Fill: what reading that schema back
 * would give), which the profile's pass writes.
 */
final class Normalizer implements Warnings
{
    public readonly Path $path;

    /** @var list<array{code: string, path: string, message: string}> */
    public array $warnings = [];

    /** The root definition is a map: its properties are the tool's inputs. */
    private bool $rootMap = false;

    /** Whether the definition normalized last refuses null (read by its parent list or map). */
    public bool $refusedNull = true;

    /**
     * Whether it can be neither null nor empty as Drupal's NotNull sees an
     * item of a list: a list or map must also be kept non-empty.
     */
    public bool $refusedEmpty = true;

    /**
     * The profile is not `mcp`: each node's Schema is filled (Fill), not
     * written (also a list's choice items: ListType).
     */
    public readonly bool $fill;

    private function __construct(public readonly Options $options)
    {
        $this->path = new Path();
        $this->fill = $options->profile !== Profile::Mcp;
    }

    /**
     * @param array<mixed> $definition
     * @param array<mixed> $options
     * @param list<array{code: string, path: string, message: string}>|null $warnings
     * @return array<string, mixed>
     * @throws \ValueError on a malformed definition or option
     */
    public static function normalize(array $definition, array $options = [], ?array &$warnings = null): array
    {
        // `$warnings` is assigned once, at the end (the definition may hold a
        // reference to the same variable), as the extension does; when the
        // assignment itself throws (a typed reference), that error wins.
        try {
            $n = new self($options === [] ? new Options() : Options::read($options));
            // The root map is the tool's inputs; otherwise the root is one input.
            $n->rootMap = ($definition['type'] ?? null) === 'map';
            $schema = $n->schema(null, null, $definition, 0);
        } catch (\ValueError $e) {
            $warnings = [];
            throw $e;
        }
        $warnings = $n->warnings;
        return Profile::apply($schema, $n->options->profile, $warnings);
    }

    /**
     * One tool of fit_budget(): the schema with `$options` already read, the
     * profile pass (its counts; null for `mcp`) and the warnings.
     *
     * @param array<mixed> $definition
     * @return array{0: array<string, mixed>, 1: ?Pass, 2: list<array{code: string, path: string, message: string}>}
     * @throws \ValueError on a malformed definition
     */
    public static function counted(array $definition, Options $options): array
    {
        $n = new self($options);
        $n->rootMap = ($definition['type'] ?? null) === 'map';
        $schema = $n->schema(null, null, $definition, 0);
        $warnings = $n->warnings;
        [$schema, $pass] = Profile::applyCounted($schema, $options->profile, $warnings);
        return [$schema, $pass, $warnings];
    }

    /**
     * An input of the tool: a property of the root map, or the root itself
     * when it is not a map. Drupal skips validating an optional input that is
     * null.
     */
    public function inputLevel(int $depth): bool
    {
        return $depth === ($this->rootMap ? 1 : 0);
    }

    /**
     * Normalizes the definition `$def` at `$seg` (`items`) or `$seg.$key`
     * (`properties.<name>`) below the current one (the root: null), `$depth`
     * levels deep, with the choice lists a parent list's `Choice` (with
     * `multiple: true`) puts on its items: Rust's `schema(segs, ...)`, its
     * one or two segments as two arguments (a loop over them costs PHP 1%).
     * The path is left extended on an error (which ends the normalization).
     * The schema as written for `mcp`; for another profile the node's Schema
     * (Fill).
     *
     * @param list<array{0: array, 1: bool}> $itemEnums
     */
    public function schema(?string $seg, int|string|null $key, mixed $def, int $depth, array $itemEnums = []): array|\stdClass|Schema
    {
        if ($seg !== null) {
            $segs = &$this->path->segs;
            $segs[] = $seg;
            if ($key !== null) {
                $segs[] = $key;
            }
        }
        if (!\is_array($def)) {
            throw $this->path->error([], 'must be an array (a definition)');
        }
        if ($depth > Vocab::MAX_DEPTH) {
            throw $this->path->error([], 'nesting deeper than 64 levels');
        }
        $d = Definition::read($def, $this->path);
        $ty = BaseType::stringsOnly($d->ty, $d->baseSchema, $d->constraints);
        if ($ty !== $d->ty) {
            $d->ty = $ty;
            $d->cat = Ty::cat($ty);
        }
        $facets = $this->facets($d, $itemEnums);
        // Drupal's Choice (multiple) checks every item, null included.
        $chosen = false;
        foreach ($itemEnums as [$list, $matches]) {
            $chosen = $chosen || ($matches && !\in_array(null, $list, true));
        }
        $required = $chosen || NotNull::refusesNull($d, $facets, $this->inputLevel($depth));
        $nonEmpty = NotNull::nonEmpty($d, $facets, $depth);
        if ($d->ty === Ty::OTHER && $d->baseSchema === null) {
            $this->unknownType($d->typeId);
        }

        $optional = !$required;
        $style = $this->style($d);
        [$title, $description] = Description::texts($d, $this->options->splitTitle, $seg === 'properties' ? $key : null);
        if ($this->fill) {
            // Filled, not written: what the pass would read back from the schema.
            $s = Fill::schema($this, $d, $facets, $nonEmpty, $optional, $style, $title, $description, $depth);
        } else {
            // The root of a tool input is never null (`mcp`): an object is
            // written as a required one.
            $fix = $depth === 0 && $this->options->profile === Profile::Mcp;
            if ($fix && $optional && $style !== Options::TYPE_ARRAY && self::isObject($d)) {
                $optional = false;
            }
            $out = [];
            if ($title !== null) {
                $out['title'] = $title;
            }
            if ($description !== null) {
                $out['description'] = $description;
            }
            if ($optional && $style !== Options::TYPE_ARRAY) {
                $inner = [];
                $this->body($d, $facets, $nonEmpty, false, $inner, $depth, false);
                $out[$style === Options::ONE_OF ? 'oneOf' : 'anyOf'] = Nullable::branches($inner);
            } else {
                $this->body($d, $facets, $nonEmpty, $optional, $out, $depth, $fix);
            }
            if ($d->default !== null || $d->examples !== null) {
                $this->values($d, $out);
            }
            // An `any` that allows every value: `{}`.
            $s = $out ?: new \stdClass();
        }
        $this->refusedNull = $required;
        $this->refusedEmpty = $required && ($nonEmpty || ($d->cat !== Ty::CAT_LIST && $d->cat !== Ty::CAT_MAP));
        if ($seg !== null) {
            \array_pop($segs);
            if ($key !== null) {
                \array_pop($segs);
            }
        }
        return $s;
    }

    /** A constraint's warning (Warnings, for the Rule). */
    public function add(array $warning): void
    {
        $this->warnings[] = $warning;
    }

    /** The warning for a type id with no JSON Schema mapping (and no base schema). */
    private function unknownType(string $id): void
    {
        $this->warnings[] = [
            'code' => BaseType::UNKNOWN,
            'path' => $this->path->render(['type']),
            'message' => 'no JSON Schema mapping for type "' . $id
                . '": any non-null value is allowed (give base_schema to say more)',
        ];
    }

    /**
     * How null joins this definition's schema: the option's style, but
     * `anyOf` where a base schema may shut null out of a type list, and a
     * type list where the type is already a union (`any`, an unknown type, a
     * base schema's type list: null joins its types in every style instead
     * of a union of a union; issue 19, the shortest form, and the profiles
     * write the union once).
     */
    private function style(Definition $d): int
    {
        $style = $this->options->nullable;
        if ($style === Options::TYPE_ARRAY && $d->baseSchema !== null && BaseSchema::mayShutOutNull($d->baseSchema)) {
            return Options::ANY_OF;
        }
        if ($d->baseSchema === null ? BaseType::jsonType($d->ty) === null : \is_array($d->baseSchema['type'] ?? null) && !BaseSchema::mayShutOutNull($d->baseSchema)) {
            return Options::TYPE_ARRAY;
        }
        return $style;
    }

    /**
     * `default` and `examples`. An empty array given for a map is `{}` (PHP
     * cannot tell them apart, and `[]` is not an object: the schema would
     * refuse its own default). Also Fill's.
     */
    public function values(Definition $d, array &$out): void
    {
        $isMap = $d->cat === Ty::CAT_MAP;
        if ($d->default !== null) {
            $out['default'] = $isMap && $d->default === [] ? new \stdClass() : ValueCheck::plain($d->default);
        }
        if ($d->examples !== null) {
            $out['examples'] = ValueCheck::plain($d->examples);
            if ($isMap) {
                foreach ($out['examples'] as $i => $e) {
                    if ($e === []) {
                        $out['examples'][$i] = new \stdClass();
                    }
                }
            }
        }
    }

    /**
     * What the type and every constraint, in order, say (and a parent list's
     * `Choice` with `multiple: true`).
     *
     * @param list<array{0: array, 1: bool}> $itemEnums
     */
    private function facets(Definition $d, array $itemEnums): Facets
    {
        $f = new Facets();
        $pattern = Decimal::pattern($d->ty);
        if ($pattern !== null) {
            $f->patterns[] = $pattern;
        }
        $format = BaseType::format($d->ty);
        if ($format !== null) {
            $f->addFormat($format);
        }
        $pattern = Entity::pattern($d->ty, $d->typeId);
        if ($pattern !== null) {
            $f->patterns[] = $pattern;
        }
        $min = Entity::minLength($d->ty, $d->typeId);
        if ($min !== null) {
            $f->minLength = Facets::raise($f->minLength, $min);
        }
        $rule = null;
        foreach ($d->constraints ?? [] as $name => $opts) {
            if (!\is_string($name)) {
                continue;
            }
            $rule ??= new Rule($this->path, $d->ty, $d->cat, $this->options->derivedEnumLimit, $this);
            Constraint::apply($rule, $name, $opts, $f);
        }
        foreach ($itemEnums as [$list, $matches]) {
            if (!$matches) {
                if ($list !== []) {
                    $f->nots[] = ['enum', $list];
                }
            } elseif ($list === []) {
                $f->enums[] = ['nothing', null];
            } elseif ($d->cat === Ty::CAT_INT) {
                $f->enums[] = Choice::strictOnInt(['list', $list]);
            } else {
                $f->enums[] = ['list', $list];
            }
        }
        FormatCorner::apply($d->ty, $f);
        DateTime::bounds($d->ty, $f);
        Bounds::tightest($f);
        return $f;
    }

    /** Whether a definition's schema is an object without null: a map, or a base schema of type "object". */
    private static function isObject(Definition $d): bool
    {
        return $d->baseSchema !== null ? ($d->baseSchema['type'] ?? null) === 'object' : BaseType::jsonType($d->ty) === 'object';
    }

    /**
     * Writes the validation keywords into `$out` (the `mcp` profile's; Fill
     * fills the others' Schema). `$nullOk`: the schema itself must let null
     * through (an optional input in the `type_array` style); `$fix`: the root, for `mcp`.
     */
    private function body(Definition $d, Facets $f, bool $nonEmpty, bool $nullOk, array &$out, int $depth, bool $fix): void
    {
        if ($d->baseSchema !== null) {
            if ($this->options->profile === Profile::Mcp && ($fix || Mcp::mayHoldUnion($d->baseSchema))) {
                Mcp::base($d->baseSchema, $nullOk, $depth === 0, $fix, $out);
            } else {
                Nullable::baseSchema($d->baseSchema, $nullOk, $out);
            }
            return;
        }
        // Children first: whether they refuse null decides what keeps their
        // container from being empty.
        $items = null;
        $props = null;
        if ($d->cat === Ty::CAT_LIST) {
            [$items, $itemNeverEmpty] = ListType::items($this, $d, $f->itemEnums, $depth);
            if ($nonEmpty) {
                NotNull::list($d->items, $itemNeverEmpty, $f);
            }
        } elseif ($d->cat === Ty::CAT_MAP) {
            [$props, $anyRequired] = MapType::properties($this, $d, $depth);
            if ($nonEmpty && !$anyRequired) {
                NotNull::map($f);
            }
        }
        // Only a type of the `any` category can lack a JSON type (`mcp`
        // writes its union split).
        if ($d->cat === Ty::CAT_ANY && BaseType::jsonType($d->ty) === null && $this->options->profile === Profile::Mcp) {
            Mcp::anyUnion($f, $nullOk, $depth === 0, $out);
            $allOf = $this->keywords($f, $nullOk, $out, false, false);
            if ($allOf !== []) {
                $out['allOf'] = $allOf;
            }
            return;
        }
        $fix = $fix && $nullOk && BaseType::jsonType($d->ty) === 'object';
        $out['type'] = $fix ? 'object' : Nullable::typeValue($d->ty, $nullOk);
        $allOf = $this->keywords($f, $nullOk, $out, true, $fix);
        if ($d->cat === Ty::CAT_LIST || $d->cat === Ty::CAT_MAP) {
            // A list's `items`, a map's properties; then the counts, by the
            // table of count keywords (Rust's `container`).
            if ($d->cat === Ty::CAT_LIST) {
                if ($items !== null) {
                    $out['items'] = $items;
                }
            } elseif ($props !== null) {
                MapType::put($out, $props);
            }
            // countKeys(containerBit()), inline (a static call here costs 0.3 %).
            [$kmin, $kmax] = Schema::COUNT_KEYS[Schema::CONTAINER_BITS[$d->cat]];
            // A count of 1 the NotNull guard already states is left out.
            $minCount = $f->minCount === 1 && NotNull::impliesMinOne($f) ? null : $f->minCount;
            if ($minCount !== null) {
                $out[$kmin] = $minCount;
            }
            if ($f->maxCount !== null) {
                $out[$kmax] = $f->maxCount;
            }
        }
        if ($allOf !== []) {
            $out['allOf'] = $allOf;
        }
    }

    /**
     * The keywords of a string, in their order (the first `format` and
     * `pattern`; the others are in `allOf`).
     *
     * @param array<string, mixed> $out
     */
    public static function stringKeywords(Facets $f, array &$out): void
    {
        if ($f->formats !== []) {
            $out['format'] = $f->formats[0];
        }
        if ($f->patterns !== []) {
            $out['pattern'] = $f->patterns[0];
        }
        self::lengths($f, $out);
    }

    /** `minLength`, `maxLength`. */
    private static function lengths(Facets $f, array &$out): void
    {
        if ($f->minLength !== null) {
            $out['minLength'] = $f->minLength;
        }
        if ($f->maxLength !== null) {
            $out['maxLength'] = $f->maxLength;
        }
    }

    /**
     * The bounds of a number, in their order.
     *
     * @param array<string, mixed> $out
     */
    public static function numberKeywords(Facets $f, array &$out): void
    {
        if ($f->minimum !== null) {
            $out['minimum'] = $f->minimum;
        }
        if ($f->exclusiveMinimum !== null) {
            $out['exclusiveMinimum'] = $f->exclusiveMinimum;
        }
        if ($f->maximum !== null) {
            $out['maximum'] = $f->maximum;
        }
        if ($f->exclusiveMaximum !== null) {
            $out['exclusiveMaximum'] = $f->exclusiveMaximum;
        }
    }

    /**
     * The keywords after `type` up to a list's or map's own, in their
     * order; a second `format`, `pattern`, `not` or `enum` goes into the
     * `allOf` entries returned. `$typed`: the keywords of one type are written
     * here (not: in the branches of a split union); `$fix`: the root fix takes
     * null out of the `enum`.
     *
     * @return list<array<string, mixed>>
     */
    private function keywords(Facets $f, bool $nullOk, array &$out, bool $typed, bool $fix): array
    {
        $allOf = [];
        foreach ($f->formats as $i => $v) {
            if ($i > 0) {
                $allOf[] = ['format' => $v];
            } elseif ($typed) {
                $out['format'] = $v;
            }
        }
        foreach ($f->patterns as $i => $v) {
            if ($i > 0) {
                $allOf[] = ['pattern' => $v];
            } elseif ($typed) {
                $out['pattern'] = $v;
            }
        }
        foreach ($f->nots as $i => $not) {
            $v = Nullable::notSchema($not, $nullOk);
            if ($i > 0) {
                $allOf[] = ['not' => $v];
            } else {
                $out['not'] = $v;
            }
        }
        foreach ($f->enums as $i => $e) {
            [$k, $v] = $fix && $i === 0 ? Mcp::enumerationFixed($e) : Nullable::enumeration($e, $nullOk);
            if ($i === 0) {
                $out[$k] = $v;
            } else {
                $allOf[] = [$k => $v];
            }
        }
        // Inline (not lengths() and numberKeywords(): a call per definition
        // costs the PHP twin about 1 % each).
        if ($typed) {
            if ($f->minLength !== null) {
                $out['minLength'] = $f->minLength;
            }
            if ($f->maxLength !== null) {
                $out['maxLength'] = $f->maxLength;
            }
            if ($f->minimum !== null) {
                $out['minimum'] = $f->minimum;
            }
            if ($f->exclusiveMinimum !== null) {
                $out['exclusiveMinimum'] = $f->exclusiveMinimum;
            }
            if ($f->maximum !== null) {
                $out['maximum'] = $f->maximum;
            }
            if ($f->exclusiveMaximum !== null) {
                $out['exclusiveMaximum'] = $f->exclusiveMaximum;
            }
        }
        foreach ($f->extras as $e) {
            // 'ipv4_or_ipv6' (Ip version all).
            $allOf[] = ['anyOf' => [['format' => 'ipv4'], ['format' => 'ipv6']]];
        }
        return $allOf;
    }
}
