<?php

declare(strict_types=1);

namespace ToolSchema\Php\Constraint;

/**
 * What the options of a constraint offering choices hold (Rust:
 * constraint::choice::Offered; ChoiceOptions holds the list beside it).
 */
enum Offered
{
    /** A list of choices: the options themselves. */
    case List;
    /** A list of choices: the options' `choices`. */
    case ListUnderChoices;
    /**
     * Nothing to match: a derived enum given as a bare string (not
     * resolved), or options without `choices` that are not a list (other
     * options only, `callback`, ...).
     */
    case Nothing;
    /** The options are not an array (an error for Choice/AllowedValues). */
    case NotArray;
    /** `choices` is not an array. */
    case ChoicesNotArray;
}
