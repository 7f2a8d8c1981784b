<?php

declare(strict_types=1);

namespace Drupal\tool_schema\EventSubscriber;

use Drupal\Core\Plugin\Context\ContextDefinitionInterface;
use Drupal\tool_schema\InputCoercerInterface;
use Drupal\tool_schema\ToolSchemaServiceProvider;
use Symfony\Component\EventDispatcher\EventSubscriberInterface;

/**
 * Repairs each input value on the Tool module's input event, before the
 * Tool module validates it: priority 50, as the Tool module's own coercion
 * subscriber on releases that have one.
 *
 * Registered by ToolSchemaServiceProvider::register() only when the event
 * class exists; the Tool module snapshot this project is tested on has no
 * event (patches/tool-input-coercion.patch covers it), and no release
 * with the event is among the pinned sources, so the event's API here is
 * assumed, not checked against real code: getDefinition() (or
 * getInputDefinition()), getValue(), setValue(). An event without them is
 * left alone.
 */
final class InputCoercionSubscriber implements EventSubscriberInterface {

  public const PRIORITY = 50;

  public function __construct(
    private readonly InputCoercerInterface $coercer,
  ) {
  }

  /**
   * {@inheritdoc}
   */
  public static function getSubscribedEvents(): array {
    return [ToolSchemaServiceProvider::INPUT_EVENT => ['onInputTransform', self::PRIORITY]];
  }

  /**
   * Repairs the event's value against its input definition.
   *
   * @param object $event
   *   The Tool module's input event (ToolSchemaServiceProvider::INPUT_EVENT).
   */
  public function onInputTransform(object $event): void {
    // No interface to type against: the event class is the Tool module's,
    // absent from the release this is tested on.
    $definition = match (TRUE) {
      method_exists($event, 'getDefinition') => $event->getDefinition(),
      method_exists($event, 'getInputDefinition') => $event->getInputDefinition(),
      default => NULL,
    };
    if (!$definition instanceof ContextDefinitionInterface || !method_exists($event, 'getValue') || !method_exists($event, 'setValue')) {
      return;
    }
    $value = $event->getValue();
    $repaired = $this->coercer->coerceValue($definition, $value);
    if ($repaired !== $value) {
      $event->setValue($repaired);
    }
  }

}
