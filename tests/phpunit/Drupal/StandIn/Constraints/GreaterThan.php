<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\GreaterThan. */
final class GreaterThan extends StandInConstraint
{
    public mixed $value = null;
    public ?string $propertyPath = null;
    public string $message = 'This value should be greater than {{ compared_value }}.';
}
