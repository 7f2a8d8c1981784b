<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

/**
 * The parent class of the fixture classes of OverrideCheckTest
 * (tests/drupal/fixtures/override_check/children.php): one method per kind
 * of return type OverrideCheck compares a child's declaration with, and
 * Countable::count(), whose return type is tentative (internal): a child
 * declaring another is a deprecation, not a fatal error.
 */
abstract class OverrideCheckBase implements \Countable
{
    public function items(): iterable
    {
        return [];
    }

    public function one(): ?object
    {
        return null;
    }

    public function flag(): bool
    {
        return false;
    }

    /** No return type: a child may declare any. */
    public function untyped()
    {
        return null;
    }

    public function anything(): mixed
    {
        return null;
    }

    public function nothing(): void
    {
    }

    public function traversable(): ?\Traversable
    {
        return null;
    }

    public function countable(): ?\Countable
    {
        return null;
    }

    /** The Drupal 11.4 case: core's ComplexDataNormalizer::normalize(). */
    public function normalize($object, $format = null, array $context = []): array
    {
        return [];
    }

    /** Private: not inherited, a child's method of the name is its own. */
    private function secret(): int
    {
        return 0;
    }
}
