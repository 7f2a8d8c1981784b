<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for the Tool module's FieldExistsConstraint (no JSON Schema meaning). */
final class FieldExistsConstraint extends StandInConstraint
{
    public ?string $entityTypeId = null;
    public ?string $bundle = null;
    public bool $strict = true;
    public ?object $context = null;
    public string $message = 'The field does not exist.';
}
