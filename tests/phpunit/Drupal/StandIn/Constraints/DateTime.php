<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\DateTime. */
final class DateTime extends StandInConstraint
{
    public string $format = 'Y-m-d H:i:s';
    public string $message = 'This value is not a valid datetime.';
}
