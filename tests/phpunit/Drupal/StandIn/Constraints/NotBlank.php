<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Symfony\Component\Validator\Constraints\NotBlank. */
final class NotBlank extends StandInConstraint
{
    public bool $allowNull = false;
    public string $message = 'This value should not be blank.';
    /** @var callable|null */
    public mixed $normalizer = null;
}
