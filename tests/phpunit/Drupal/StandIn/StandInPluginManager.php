<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/** Stand-in for a Drupal plugin manager: getDefinitions(), optionally a fallback plugin (FallbackPluginManagerInterface). */
final class StandInPluginManager
{
    /** @param array<string, array<string, mixed>> $definitions */
    public function __construct(private array $definitions, private ?string $fallback = null)
    {
    }

    /** @return array<string, array<string, mixed>> */
    public function getDefinitions(): array
    {
        return $this->definitions;
    }

    public function getFallbackPluginId(string $plugin_id, array $configuration = []): ?string
    {
        return $this->fallback;
    }
}
