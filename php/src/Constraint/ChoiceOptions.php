<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

/**
 * The options of a Choice or AllowedValues (or of a derived enum), read once
 * (Choice::read(); `ChoiceOptions` of src/constraint/choice.rs): the choice
 * list, and the options as the constraint object holds them; what
 * normalize_schema refuses in them is checked when asked (problem()). Read
 * for each value coercion checks: written by read() alone, typed in phpdoc,
 * not readonly, no constructor (see Coerce\Def).
 */
final class ChoiceOptions
{
    /** @var mixed the options as given */
    public $options;
    /** @var Offered what they hold */
    public $offered;
    /**
     * @var mixed the choices (Offered::List, ListUnderChoices), or the
     *   `choices` that is not an array (ChoicesNotArray); else null
     */
    public $list = null;
    /**
     * @var bool|null `match` (default true), a declared bool: null when the
     *   object cannot hold it (null or an array: a TypeError, undecided)
     */
    public $matches = true;
    /** @var bool `multiple` (default false): the value is a list of choices */
    public $multiple = false;

    /**
     * `min` and `max` as given (null when absent).
     *
     * @return array{0: mixed, 1: mixed}
     */
    public function bounds(): array
    {
        $o = $this->options;
        return \is_array($o) ? [$o['min'] ?? null, $o['max'] ?? null] : [null, null];
    }

    /**
     * The first option normalize_schema refuses: `multiple`, `match` (not a
     * bool or null), `min`, `max` (not a non-negative int or null).
     *
     * @return array{0: list<string>, 1: string}|null [path, message]
     */
    public function problem(): ?array
    {
        $o = \is_array($this->options) ? $this->options : [];
        [$multiple, $match, $min, $max] = [$o['multiple'] ?? null, $o['match'] ?? null, $o['min'] ?? null, $o['max'] ?? null];
        return match (true) {
            $multiple !== null && !\is_bool($multiple) => [['multiple'], 'must be a boolean'],
            $match !== null && !\is_bool($match) => [['match'], 'must be a boolean'],
            $min !== null && !(\is_int($min) && $min >= 0) => [['min'], 'must be a non-negative integer or null'],
            $max !== null && !(\is_int($max) && $max >= 0) => [['max'], 'must be a non-negative integer or null'],
            default => null,
        };
    }
}
