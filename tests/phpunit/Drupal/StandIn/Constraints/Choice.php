<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\Choice. */
final class Choice extends StandInConstraint
{
    public ?array $choices = null;
    /** @var callable|string|null */
    public mixed $callback = null;
    public bool $multiple = false;
    public bool $strict = true;
    public ?int $min = null;
    public ?int $max = null;
    public string $message = 'The value you selected is not a valid choice.';
    public string $multipleMessage = 'One or more of the given values is invalid.';
    public bool $match = true;
}
