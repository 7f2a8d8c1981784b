<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/** Stand-in for a Drupal plugin manager with no fallback plugin (no getFallbackPluginId()). */
final class StandInPluginManagerWithoutFallback
{
    /** @param array<string, array<string, mixed>> $definitions */
    public function __construct(private array $definitions)
    {
    }

    /** @return array<string, array<string, mixed>> */
    public function getDefinitions(): array
    {
        return $this->definitions;
    }
}
