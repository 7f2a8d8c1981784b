<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\Range. */
final class Range extends StandInConstraint
{
    public int|float|null $min = null;
    public int|float|null $max = null;
    public ?string $minPropertyPath = null;
    public ?string $maxPropertyPath = null;
    public string $notInRangeMessage = 'This value should be between {{ min }} and {{ max }}.';
}
