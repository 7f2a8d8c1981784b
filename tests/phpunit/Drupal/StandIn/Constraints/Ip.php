<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\Ip. */
final class Ip extends StandInConstraint
{
    public string $version = '4';
    public string $message = 'This is not a valid IP address.';
    /** @var callable|null */
    public mixed $normalizer = null;
}
