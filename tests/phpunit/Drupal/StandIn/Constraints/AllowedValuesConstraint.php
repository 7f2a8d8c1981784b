<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Drupal\Core\Validation\Plugin\Validation\Constraint\AllowedValuesConstraint (a Choice). */
final class AllowedValuesConstraint extends StandInConstraint
{
    public ?array $choices = null;
    /** @var callable|string|null */
    public mixed $callback = null;
    public bool $multiple = false;
    public bool $strict = true;
    public string $message = 'The value you selected is not a valid choice.';
}
