<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Normalizer;

use Drupal\Core\Plugin\Context\ContextDefinitionInterface;
use Drupal\tool_schema\Schema\InputDefinitionSchemasInterface;
use Symfony\Component\Serializer\Exception\NotNormalizableValueException;
use Symfony\Component\Serializer\Normalizer\NormalizerInterface;
use Symfony\Component\Serializer\SerializerAwareInterface;
use Symfony\Component\Serializer\SerializerInterface;

/**
 * The JSON Schema of an input definition (serializer->normalize($definition,
 * 'json_schema')) from tool_schema, in front of the Tool module's
 * tool.normalizer.context_definition, which it decorates
 * (ToolSchemaServiceProvider::alter()).
 *
 * - json_schema: the schema tool_schema keeps or builds (the
 *   tool_schema.input_schema_cache service); when tool_schema cannot take the
 *   definition (a definition that throws, a constraint callback that fails, a
 *   derived enum whose plugin manager is missing), the error is logged and
 *   the Tool module's normalizer answers for that definition, as it did
 *   before the module was enabled. Other definitions are unaffected.
 *   Without a Tool module normalizer to fall back to (none on the site, or
 *   one this core cannot load: ToolSchemaServiceProvider then passes NULL),
 *   such a definition is the serializer's own
 *   NotNormalizableValueException, its message tool_schema's error (the
 *   original exception as its previous): what the serializer throws for
 *   what no normalizer can take, never a half-made schema.
 * - any other format: the Tool module's normalizer, as before.
 *
 * It implements NormalizerInterface itself rather than extending the Tool
 * module's class: on Drupal 11.4 core narrowed
 * ComplexDataNormalizer::normalize() to return `array`, which makes the Tool
 * module snapshot's normalizers (that extend it) a fatal error when they are
 * loaded. This class loads on any core, and the Tool module's normalizer is
 * a service closure: it is only instantiated (and its class only loaded)
 * when a definition falls back to it, or for another format.
 *
 * Registered above the Tool module's LegacyTypedDataNormalizer (priority 1100
 * against 1000): the serializer's first and only candidate for a context
 * definition. getSupportedTypes() answers ContextDefinitionInterface,
 * cacheable, so the serializer decides once per class and never calls
 * supportsNormalization() per input.
 */
final class InputDefinitionNormalizer implements NormalizerInterface, SerializerAwareInterface {

  private ?SerializerInterface $serializer = NULL;

  /**
   * The Tool module's normalizer, once instantiated (FALSE: there is none).
   */
  private NormalizerInterface|false|null $decorated = NULL;

  /**
   * @param \Drupal\tool_schema\Schema\InputDefinitionSchemasInterface $schemas
   *   Where the schemas come from.
   * @param \Closure|null $decoratedFactory
   *   Returns the decorated normalizer (a service closure; it may return
   *   NULL), or NULL when the site has none.
   */
  public function __construct(
    private readonly InputDefinitionSchemasInterface $schemas,
    private readonly ?\Closure $decoratedFactory = NULL,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public function normalize(mixed $object, ?string $format = NULL, array $context = []): array|string|int|float|bool|\ArrayObject|NULL {
    if ($format === 'json_schema' && $object instanceof ContextDefinitionInterface) {
      if ($this->decoratedFactory !== NULL) {
        return $this->schemas->cached($object)
          ?? $this->schemas->schema($object, fn (ContextDefinitionInterface $definition): array => $this->fallback($definition, $format, $context));
      }
      try {
        return $this->schemas->cached($object) ?? $this->schemas->schema($object);
      }
      catch (\ValueError | \InvalidArgumentException $e) {
        throw new NotNormalizableValueException(sprintf('tool_schema cannot normalize the input definition "%s" to a JSON Schema: %s', $this->label($object), $e->getMessage()), 0, $e);
      }
    }
    return $this->decorated()?->normalize($object, $format, $context);
  }

  /**
   * {@inheritdoc}
   */
  public function supportsNormalization(mixed $data, ?string $format = NULL, array $context = []): bool {
    return $data instanceof ContextDefinitionInterface;
  }

  /**
   * {@inheritdoc}
   *
   * Every context definition, in every format, as the Tool module's
   * normalizer takes them (it sets no format): an answer that depends on the
   * class only, which the serializer caches.
   */
  public function getSupportedTypes(?string $format): array {
    return [ContextDefinitionInterface::class => TRUE];
  }

  /**
   * {@inheritdoc}
   */
  public function setSerializer(SerializerInterface $serializer): void {
    $this->serializer = $serializer;
    if ($this->decorated instanceof SerializerAwareInterface) {
      $this->decorated->setSerializer($serializer);
    }
  }

  /**
   * A definition's label for a message, empty when reading it throws.
   */
  private function label(ContextDefinitionInterface $definition): string {
    try {
      return (string) $definition->getLabel();
    }
    catch (\Throwable) {
      return '';
    }
  }

  /**
   * The Tool module's schema of a definition tool_schema cannot take.
   *
   * @param array<string, mixed> $context
   *
   * @return array<string, mixed>
   */
  private function fallback(ContextDefinitionInterface $definition, string $format, array $context): array {
    $decorated = $this->decorated();
    if ($decorated === NULL) {
      throw new \LogicException('tool_schema: the decorated context definition normalizer is not there to fall back to');
    }
    return (array) $decorated->normalize($definition, $format, $context);
  }

  /**
   * The Tool module's normalizer, instantiated on first use and handed the
   * serializer (it normalizes list items and map properties through it).
   */
  private function decorated(): ?NormalizerInterface {
    if ($this->decorated === NULL) {
      $decorated = $this->decoratedFactory === NULL ? NULL : ($this->decoratedFactory)();
      $this->decorated = $decorated instanceof NormalizerInterface ? $decorated : FALSE;
      if ($decorated instanceof SerializerAwareInterface && $this->serializer !== NULL) {
        $decorated->setSerializer($this->serializer);
      }
    }
    return $this->decorated ?: NULL;
  }

}
