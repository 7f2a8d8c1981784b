<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

/**
 * Drop-in for the Tool module's tool.normalizer.context_definition service:
 * the JSON Schema of an input definition comes from ToolSchema\normalize_schema()
 * (InputSchemaGenerator), with the nullable style of the running core and the
 * warnings logged. Everything else (supportsNormalization(), other formats,
 * the serializer) is the Tool module's.
 *
 * Loads only inside Drupal with the Tool module (it extends its normalizer).
 * Until setToolSchema() is called it behaves exactly like the Tool module's
 * class, and when a definition cannot be normalized (a constraint callback
 * that cannot be called, ...) it logs the error and falls back to the Tool
 * module's schema for that definition.
 *
 * Nested list items and map properties are normalized in the same call, not
 * through the serializer one child at a time.
 */
class ContextDefinitionNormalizer extends \Drupal\tool\Normalizer\ContextDefinitionNormalizer
{
    private ?InputSchemaGenerator $toolSchema = null;

    /** Called by the service container (services YAML: calls: [[setToolSchema, ['@tool_schema.input_schema']]]). */
    public function setToolSchema(InputSchemaGenerator $toolSchema): void
    {
        $this->toolSchema = $toolSchema;
    }

    /**
     * @param array<string, mixed> $context
     * @return array<string, mixed>
     */
    protected function getNormalizationSchema(mixed $object, array $context = []): array
    {
        if ($this->toolSchema === null || !\is_object($object)) {
            return parent::getNormalizationSchema($object, $context);
        }
        return $this->toolSchema->schema(
            $object,
            fn (): array => parent::getNormalizationSchema($object, $context),
        );
    }
}
