<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\Count. */
final class Count extends StandInConstraint
{
    public ?int $min = null;
    public ?int $max = null;
    public ?int $divisibleBy = null;
    public string $minMessage = 'This collection should contain {{ limit }} elements or more.';
}
