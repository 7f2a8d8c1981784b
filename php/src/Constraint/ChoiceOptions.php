<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

/**
 * The options of a Choice or AllowedValues (or of a derived enum), read once
 * (Choice::read(); `ChoiceOptions` of src/constraint/choice.rs): the choice
 * list, and the options as the constraint object holds them. Read for each
 * value coercion checks: typed in phpdoc, not readonly (see Coerce\Def).
 */
final class ChoiceOptions
{
    /**
     * @param Offered $offered what the options hold
     * @param mixed $list the choices (Offered::List, ListUnderChoices), or the
     *   `choices` that is not an array (ChoicesNotArray); else null
     * @param bool|null $matches `match` (default true), a declared bool: null
     *   when the object cannot hold it (null or an array: a TypeError, undecided)
     * @param bool $multiple `multiple` (default false): the value is a list of choices
     * @param mixed $min `min` as given (null when absent)
     * @param mixed $max `max` as given (null when absent)
     * @param bool $callback a `callback` is given (without `choices`: unresolved)
     * @param array{0: list<string>, 1: string}|null $problem the first option
     *   normalize_schema refuses: `multiple`, `match` (not a bool or null),
     *   `min`, `max` (not a non-negative int or null)
     */
    public function __construct(
        public $offered,
        public $list,
        public $matches,
        public $multiple,
        public $min,
        public $max,
        public $callback,
        public $problem,
    ) {
    }
}
