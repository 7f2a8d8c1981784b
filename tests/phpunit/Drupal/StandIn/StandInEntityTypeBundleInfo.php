<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/** Stand-in for Drupal's entity_type.bundle.info service (EntityTypeBundleInfoInterface::getBundleInfo()). */
final class StandInEntityTypeBundleInfo
{
    /** @var list<string> entity type ids asked for */
    public array $asked = [];

    /** @param array<string, array<string, array{label: string}>> $bundles entity type id => bundle id => info */
    public function __construct(private array $bundles)
    {
    }

    /** @return array<string, array{label: string}> */
    public function getBundleInfo(string $entity_type_id): array
    {
        $this->asked[] = $entity_type_id;
        return $this->bundles[$entity_type_id] ?? [];
    }
}
