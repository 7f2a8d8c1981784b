<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Drupal\Core\Plugin\Plugin\Validation\Constraint\PluginExistsConstraint. */
final class PluginExistsConstraint extends StandInConstraint
{
    public ?string $manager = null;
    public ?string $interface = null;
    public bool $allowFallback = false;
    public string $unknownPluginMessage = "The '@plugin_id' plugin does not exist.";
}
