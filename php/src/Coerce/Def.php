<?php

declare(strict_types=1);

namespace ToolSchema\Php\Coerce;

use ToolSchema\Php\Constraint;
use ToolSchema\Php\Constraint\Choice;
use ToolSchema\Php\Model\Ty;

/**
 * One checked definition (Rust: coerce::definition::Def): its node, type and
 * `required`, read once when the walk reaches it (of(), child()), and what
 * its place in the value allows; the rest is read from the node when needed
 * (items(), properties(), choices()).
 *
 * Written by of() and child() only. Not a readonly class with declared
 * types, and the functions called for each scalar (Coercer::value() to the
 * rules' decide()) declare Def and Repair in phpdoc, not in the signature:
 * PHP 8.2 checks a declared class or property type at each call, return and
 * write. Measured by callgrind (bench/compare_ir.sh, instructions per coerce
 * call against the array this replaced): readonly Def and Repair with
 * declared types +11 %; declared Def parameters on the per-scalar path
 * +2 %, ?Repair return types +0.7 %; as written +0.6 %. The functions called
 * once per array or per repair declare them.
 */
final class Def
{
    /** @var array<mixed> the definition as Definition::check() accepted it */
    public $node;
    /** @var int a Normalize\Definition Ty constant */
    public $ty;
    /** @var bool */
    public $required;
    /** @var bool B6 may make this value null (see child()) */
    public $mayNull = true;
    /**
     * @var bool (a list or map) this value may become empty: Drupal's
     *   NotNull, which a required list or map has, treats an empty one as null
     */
    public $mayEmpty;
    /**
     * @var Constraint\ChoiceOptions|null for a list's items: the options of
     *   the list's Choice with `multiple: true`, which each item must satisfy
     *   (Guard)
     */
    public $eachChoiceOf = null;

    /**
     * Reads a definition Definition::check() has accepted: the root (the
     * input itself).
     *
     * @param array<mixed> $node
     */
    public static function of(array $node): self
    {
        $d = new self();
        $d->node = $node;
        $type = $node['type'] ?? null;
        $d->ty = \is_string($type) ? Ty::fromId($type) : Ty::ANY;
        // `required` (default true), or a constraint whose validator refuses
        // null (normalize's NotNull): such a definition is never made null
        // (B6), at any level.
        $c = $node['constraints'] ?? null;
        $d->required = ($node['required'] ?? true) !== false || (\is_array($c) && Constraint::refusesNull($c));
        $d->mayEmpty = !$d->required;
        return $d;
    }

    /**
     * The definition of a child of this list ($item) or map. B6 never makes
     * a list item null (a list of empty items is an empty list to Drupal); a
     * map property may become null when the map may become empty, or when
     * another of its entries is neither null nor "" ($solid: Map::isEmpty()
     * asks whether every value is null). Emptiness goes up through list
     * items, not through map properties. $each: see $eachChoiceOf (items()).
     *
     * @param array<mixed> $node
     * @param Constraint\ChoiceOptions|null $each
     */
    public function child(array $node, bool $item, bool $solid, $each = null): self
    {
        $type = $node['type'] ?? null;
        $ty = \is_string($type) ? Ty::fromId($type) : Ty::ANY;
        // Below the input level Drupal validates a null list or map as an
        // empty one (normalize's NotNull): a constraint that asks for entries
        // refuses null there (Rust: asks_for_entries).
        $c = $node['constraints'] ?? null;
        $required = ($node['required'] ?? true) !== false || (\is_array($c) && (Constraint::refusesNull($c)
            || (($ty === Ty::LIST || $ty === Ty::MAP) && Constraint::asksForEntries($c))));
        $d = new self();
        $d->node = $node;
        $d->ty = $ty;
        $d->required = $required;
        $d->mayNull = !$item && ($this->mayEmpty || $solid);
        $d->mayEmpty = !$required && (!$item || $this->mayEmpty);
        $d->eachChoiceOf = $each;
        return $d;
    }

    /** The item definition of a list (null: items are not walked). */
    public function items(): ?self
    {
        if ($this->ty !== Ty::LIST || !isset($this->node['items'])) {
            return null;
        }
        $c = $this->node['constraints'] ?? null;
        return $this->child($this->node['items'], true, false, \is_array($c) && isset($c['Choice']) ? Choice::eachOf($c['Choice']) : null);
    }

    /**
     * The `properties` of a map, when it has any.
     *
     * @return array<mixed>|null
     */
    public function properties(): ?array
    {
        if ($this->ty !== Ty::MAP) {
            return null;
        }
        $p = $this->node['properties'] ?? null;
        return ($p === null || $p === []) ? null : $p;
    }

    /**
     * The string choices of the choice constraints, in order (Rust:
     * Def::each_choice). The choices of a constraint whose `match` is false
     * are forbidden values, not choices: they are left out.
     *
     * @return list<string>
     */
    public function choices(): array
    {
        $constraints = $this->node['constraints'] ?? null;
        if (!\is_array($constraints)) {
            return [];
        }
        $out = [];
        foreach (\array_intersect_key(Constraint::WITH_CHOICES, $constraints) as $name => $bare) {
            $o = Choice::read($constraints[$name], $bare);
            // The choices of a false `match` are forbidden values.
            if ($o->matches === false || !\is_array($o->list)) {
                continue;
            }
            foreach ($o->list as $choice) {
                if (\is_string($choice)) {
                    $out[] = $choice;
                }
            }
        }
        return $out;
    }
}
