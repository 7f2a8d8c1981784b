<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn\Constraints;

/** Stand-in for Drupal\Core\Entity\Plugin\Validation\Constraint\EntityBundleExistsConstraint. */
final class EntityBundleExistsConstraint extends StandInConstraint
{
    public ?string $entityTypeId = null;
    public string $message = "The '@bundle' bundle does not exist on the '@entity_type_id' entity type.";
}
