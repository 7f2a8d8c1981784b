<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Drupal\Core\Validation\Plugin\Validation\Constraint\LengthConstraint (a Symfony Length). */
final class LengthConstraint extends StandInConstraint
{
    public ?int $min = null;
    public ?int $max = null;
    public string $charset = 'UTF-8';
    public string $countUnit = 'codepoints';
    public string $maxMessage = 'This value is too long.';
    public string $minMessage = 'This value is too short.';
}
