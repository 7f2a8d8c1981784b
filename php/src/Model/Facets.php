<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

/**
 * What the constraints of one definition say, gathered before anything is
 * written, so that keywords come out in one fixed order whatever the order of
 * the constraints (src/model/facets.rs). A keyword set twice keeps the
 * tighter bound; a second `format`, `pattern`, `not` or `enum` goes into `allOf`.
 *
 * Numbers (`Num`) are PHP ints or floats, kept as written. The constraint-side
 * helpers of facets.rs (`Rule`) are in Rule.php.
 */
final class Facets
{
    /** @var list<string> */
    public array $formats = [];
    /** @var list<string> */
    public array $patterns = [];
    /**
     * Schemas under `not` (`Not` of facets.rs), as [kind, value]: `pattern`
     * (a `match: false` Regex), `enum` (a `match: false` Choice), `blank`
     * (NotBlank on `any`), `empty_items` (a required list whose items may be
     * empty; the item definition or null), `null_values` (a required map with
     * no required property).
     *
     * @var list<array{0: string, 1: mixed}>
     */
    public array $nots = [];
    /**
     * [kind, value]: `list` (an `enum`), `const`, `nothing` (no value but
     * null), `true` (NotBlank on a boolean), `ints` (a strict Choice on an
     * integer: its floats left out).
     *
     * @var list<array{0: string, 1: mixed}>
     */
    public array $enums = [];
    /** @var list<string> Extra `allOf` members (`Extra`): `ipv4_or_ipv6`. */
    public array $extras = [];
    /** @var list<array{0: array, 1: bool}> Choice lists for a list's items, with `match`. */
    public array $itemEnums = [];
    /** `NotNull`: null is refused below the input level, and a list or map must not be empty. */
    public bool $notNull = false;
    /** A constraint whose validator refuses null (NotBlank without `allowNull`, EntityBundleExists). */
    public bool $nullRefusedNested = false;
    public ?int $minLength = null;
    public ?int $maxLength = null;
    public int|float|null $minimum = null;
    public int|float|null $exclusiveMinimum = null;
    public int|float|null $maximum = null;
    public int|float|null $exclusiveMaximum = null;
    /** minItems for lists, minProperties for maps. */
    public ?int $minCount = null;
    public ?int $maxCount = null;

    /** Keeps the larger lower bound. */
    public static function raise(?int $old, int $v): int
    {
        return $old === null || $v > $old ? $v : $old;
    }

    /** Keeps the smaller upper bound. */
    public static function lower(?int $old, int $v): int
    {
        return $old === null || $v < $old ? $v : $old;
    }

    /**
     * Narrows the range `$min`..`$max` by a constraint's `[min, max]` (either
     * null: no bound on that side), keeping the tighter bound on each side as
     * raise() and lower() do (written out: this runs for every Length, Count
     * and multiple Choice, and a call per side costs the PHP twin 0.3%). A
     * minimum of 0 says nothing (no count or length is below it) and is not
     * kept: no `minItems: 0`, `minLength: 0` in the schema.
     *
     * @param array{0: ?int, 1: ?int} $range
     */
    public static function narrow(?int &$min, ?int &$max, array $range): void
    {
        [$lo, $hi] = $range;
        if ($lo !== null && $lo > 0 && ($min === null || $lo > $min)) {
            $min = $lo;
        }
        if ($hi !== null && ($max === null || $hi < $max)) {
            $max = $hi;
        }
    }

    /** Keeps the larger lower bound, exactly on ints (Vocab::cmp); the first of equal ones. */
    public static function raiseNum(int|float|null $old, int|float $v): int|float
    {
        return $old === null || Vocab::cmp($v, $old) > 0 ? $v : $old;
    }

    /** Keeps the smaller upper bound, exactly on ints; the first of equal ones. */
    public static function lowerNum(int|float|null $old, int|float $v): int|float
    {
        return $old === null || Vocab::cmp($v, $old) < 0 ? $v : $old;
    }

    public function addFormat(string $f): void
    {
        if (!\in_array($f, $this->formats, true)) {
            $this->formats[] = $f;
        }
    }
}
