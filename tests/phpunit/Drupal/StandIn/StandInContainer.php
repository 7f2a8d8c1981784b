<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/** Stand-in for Drupal's service container: has() and get(). */
final class StandInContainer
{
    /** @param array<string, object> $services */
    public function __construct(private array $services)
    {
    }

    public function has(string $id): bool
    {
        return isset($this->services[$id]);
    }

    public function get(string $id): object
    {
        if (!isset($this->services[$id])) {
            throw new \RuntimeException("You have requested a non-existent service \"$id\".");
        }
        return $this->services[$id];
    }
}
