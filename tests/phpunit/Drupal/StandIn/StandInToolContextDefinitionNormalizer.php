<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/**
 * Stand-in for Drupal\tool\Normalizer\ContextDefinitionNormalizer (aliased to
 * that name by tests/phpunit/Drupal/bootstrap.php when the real class is
 * absent): normalize() with the json_schema format calls the protected
 * getNormalizationSchema(), which here returns a recognisable schema.
 */
class StandInToolContextDefinitionNormalizer
{
    public const MARKER = 'tool module schema';

    /** @var list<object> definitions the Tool module's own schema was asked for */
    public array $parentCalls = [];

    /** @param array<string, mixed> $context */
    public function normalize(mixed $object, ?string $format = null, array $context = []): mixed
    {
        return $format === 'json_schema' ? $this->getNormalizationSchema($object, $context) : null;
    }

    /**
     * @param array<string, mixed> $context
     * @return array<string, mixed>
     */
    protected function getNormalizationSchema(mixed $object, array $context = []): array
    {
        $this->parentCalls[] = $object;
        return ['type' => 'string', 'description' => self::MARKER];
    }
}
