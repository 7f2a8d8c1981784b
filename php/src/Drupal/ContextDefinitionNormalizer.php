<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

use Drupal\Core\Plugin\Context\ContextDefinitionInterface;

/**
 * Drop-in for the Tool module's tool.normalizer.context_definition service:
 * the JSON Schema of an input definition comes from ToolSchema\normalize_schema()
 * (through InputSchemaCache, or InputSchemaGenerator), with the nullable style
 * of the running core and the warnings logged. Other formats are the Tool
 * module's.
 *
 * Cheap to dispatch to, since the serializer asks once per input:
 * - getSupportedTypes() answers ContextDefinitionInterface, cacheable (Symfony
 *   6.4): the serializer decides once per class and never asks
 *   supportsNormalization() per input, and is not asked for anything else;
 * - registered above the Tool module's LegacyTypedDataNormalizer (priority
 *   1000, docs/drupal.md), the serializer finds it first for an input
 *   definition; behind it, the serializer would call that normalizer's
 *   supportsNormalization() for every input (which cannot be cached: it
 *   answers '*', and calls class_exists() of a class Drupal 10 does not have
 *   each time);
 * - a schema kept by InputSchemaCache is returned without a closure or a call
 *   of the Tool module's code.
 *
 * Loads only inside Drupal with the Tool module (it extends its normalizer).
 * Until setToolSchema() is called it is the Tool module's normalizer (but
 * for the cacheable support answer), and when a definition cannot be
 * normalized (a constraint callback that cannot be called, ...) it logs the
 * error and falls back to the Tool module's schema for that definition.
 *
 * Nested list items and map properties are normalized in the same call, not
 * through the serializer one child at a time.
 */
class ContextDefinitionNormalizer extends \Drupal\tool\Normalizer\ContextDefinitionNormalizer
{
    private ?InputSchemas $toolSchema = null;

    /** fallback([]), made once (most calls have no context). */
    private ?\Closure $fallback = null;

    /** Called by the service container (services YAML: calls: [[setToolSchema, ['@tool_schema.input_schemas']]]). */
    public function setToolSchema(InputSchemas $toolSchema): void
    {
        $this->toolSchema = $toolSchema;
    }

    /**
     * @param array<string, mixed> $context
     */
    public function normalize($object, $format = null, array $context = []): array|string|int|float|bool|\ArrayObject|null
    {
        if ($format === 'json_schema' && $this->toolSchema !== null && \is_object($object)) {
            return $this->toolSchema->cached($object)
                ?? $this->toolSchema->schema($object, $context === [] ? ($this->fallback ??= $this->fallback([])) : $this->fallback($context));
        }
        return parent::normalize($object, $format, $context);
    }

    /**
     * Every context definition, in every format, as the Tool module's
     * normalizer supports them (its checkFormat() accepts any format when
     * none is set): an answer that depends on the class only, so the
     * serializer caches it.
     *
     * @return array<class-string, bool>
     */
    public function getSupportedTypes(?string $format): array
    {
        return [ContextDefinitionInterface::class => true];
    }

    /** @param array<string, mixed> $context */
    public function supportsNormalization($data, ?string $format = null, array $context = []): bool
    {
        return $data instanceof ContextDefinitionInterface;
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
        return $this->toolSchema->cached($object)
            ?? $this->toolSchema->schema($object, $this->fallback($context));
    }

    /**
     * What the schema falls back to: the Tool module's own schema of the
     * definition (InputSchemas calls it with the definition), with the
     * serializer context of the call.
     *
     * @param array<string, mixed> $context
     */
    private function fallback(array $context): \Closure
    {
        return fn (object $definition): array => parent::getNormalizationSchema($definition, $context);
    }
}
