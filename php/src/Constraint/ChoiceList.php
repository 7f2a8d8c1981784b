<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

/**
 * The choice list of a Choice or AllowedValues as its validator reads it
 * (Choice::choiceList(); `ChoiceList` of src/constraint/choice.rs). Read for
 * each value coerce's guard checks: typed in phpdoc, not readonly (see
 * Coerce\Def).
 */
final class ChoiceList
{
    /**
     * @param array<mixed> $list the choices
     * @param bool $matches a value must be one of them (`match`, default true)
     * @param bool $multiple the value is a list of choices (`multiple`, default false)
     */
    public function __construct(public $list, public $matches, public $multiple)
    {
    }
}
