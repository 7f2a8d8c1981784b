<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/**
 * Stand-in for Symfony\Component\EventDispatcher\EventSubscriberInterface
 * (aliased to that name by tests/phpunit/Drupal/bootstrap.php when Symfony is
 * absent).
 */
interface StandInEventSubscriberInterface
{
    /** @return array<string, string|array{0: string, 1?: int}|list<array{0: string, 1?: int}>> */
    public static function getSubscribedEvents();
}
