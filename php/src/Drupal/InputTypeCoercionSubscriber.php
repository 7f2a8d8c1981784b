<?php

declare(strict_types=1);

namespace ToolSchema\Php\Drupal;

use Symfony\Component\EventDispatcher\EventSubscriberInterface;

/**
 * Drop-in for the Tool module's InputTypeCoercionSubscriber: on every input
 * value the Tool module transforms (ToolInputTransformEvent, fired by
 * setInputValue()), repairs the value through ToolSchema\coerce_input()
 * (InputCoercer) and stores it back only when it changed (!==).
 *
 * Priority 50, as the Tool module's own subscriber: after invoker-specific
 * subscribers (handle resolution at 100) and before the recursive subscriber
 * (-100), which descends into list/map values and fires the event again for
 * their items, where the same coercion runs again (coerce_input is
 * idempotent; docs/coerce.md, "Drupal: InputTypeCoercionSubscriber").
 *
 * The event is read through the method names assumed for the Tool module's
 * event: getDefinition() (or getInputDefinition()), getValue() and
 * setValue(). See docs/drupal.md for what was checked against real Drupal.
 */
final class InputTypeCoercionSubscriber implements EventSubscriberInterface
{
    /** The Tool module's input event (Symfony names an event dispatched without a name by its class). */
    public const EVENT = 'Drupal\tool\Event\ToolInputTransformEvent';

    public const PRIORITY = 50;

    public function __construct(private readonly InputCoercer $coercer)
    {
    }

    /** @return array<string, array{string, int}> */
    public static function getSubscribedEvents(): array
    {
        return [self::EVENT => ['onInputTransform', self::PRIORITY]];
    }

    public function onInputTransform(object $event): void
    {
        $definition = match (true) {
            method_exists($event, 'getDefinition') => $event->getDefinition(),
            method_exists($event, 'getInputDefinition') => $event->getInputDefinition(),
            default => null,
        };
        if (!\is_object($definition) || !method_exists($event, 'getValue') || !method_exists($event, 'setValue')) {
            return;
        }
        $value = $event->getValue();
        $repaired = $this->coercer->coerce($definition, $value);
        if ($repaired !== $value) {
            $event->setValue($repaired);
        }
    }
}
