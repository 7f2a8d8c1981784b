<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/**
 * Stand-in for Symfony\Component\Validator\Constraint: options are public
 * properties, set from an options array; `groups` and `payload` as Symfony has
 * them. The classes in this namespace carry the short names of the Symfony and
 * Drupal constraint classes (the adapter finds constraints by short name).
 */
abstract class StandInConstraint
{
    /** @var list<string> */
    public array $groups = ['Default'];
    public mixed $payload = null;

    /** @param array<string, mixed> $options */
    public function __construct(array $options = [])
    {
        foreach ($options as $name => $value) {
            if (!property_exists($this, $name)) {
                throw new \InvalidArgumentException(sprintf('The option "%s" does not exist in constraint "%s".', $name, static::class));
            }
            $this->{$name} = $value;
        }
    }
}
