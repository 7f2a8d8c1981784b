<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

/**
 * The options of a Choice or AllowedValues (or of a derived enum), read once
 * (Choice::read(); `ChoiceOptions` of src/constraint/choice.rs): the choice
 * list, and the options as the constraint object holds them (an option
 * absent keeps its default here). Read for each value coercion checks: typed
 * in phpdoc, not readonly (see Coerce\Def).
 */
final class ChoiceOptions
{
    /** @var Offered what the options hold */
    public $offered = Offered::Nothing;
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
    /** @var mixed `min` as given (null when absent) */
    public $min = null;
    /** @var mixed `max` as given (null when absent) */
    public $max = null;
    /** @var bool a `callback` is given (without `choices`: unresolved) */
    public $callback = false;
    /**
     * @var array{0: list<string>, 1: string}|null the first option
     *   normalize_schema refuses: `multiple`, `match` (not a bool or null),
     *   `min`, `max` (not a non-negative int or null)
     */
    public $problem = null;
}
