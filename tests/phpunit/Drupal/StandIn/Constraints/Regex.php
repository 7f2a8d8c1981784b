<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\Regex. */
final class Regex extends StandInConstraint
{
    public ?string $pattern = null;
    public ?string $htmlPattern = null;
    public bool $match = true;
    public string $message = 'This value is not valid.';
    /** @var callable|null */
    public mixed $normalizer = null;
}
