<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

require_once __DIR__ . '/bootstrap.php';

use PHPUnit\Framework\TestCase;
use ToolSchema\Php\Drupal\DefinitionArrayBuilder;
use ToolSchema\Php\Drupal\InputCoercer;
use ToolSchema\Php\Drupal\InputTypeCoercionSubscriber;
use ToolSchema\Tests\Drupal\StandIn\Constraints\Choice;
use ToolSchema\Tests\Drupal\StandIn\StandInInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInListInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInLogger;
use ToolSchema\Tests\Drupal\StandIn\StandInMapInputDefinition;
use ToolSchema\Tests\Drupal\StandIn\StandInToolInputTransformEvent;

/**
 * The coercion glue: InputCoercer and the InputTypeCoercionSubscriber drop-in,
 * driven by a stand-in of the Tool module's input event. Runs with and without
 * the extension.
 */
final class InputTypeCoercionSubscriberTest extends TestCase
{
    private StandInLogger $logger;
    private InputTypeCoercionSubscriber $subscriber;

    protected function setUp(): void
    {
        $this->logger = new StandInLogger();
        $this->subscriber = new InputTypeCoercionSubscriber(new InputCoercer(new DefinitionArrayBuilder(), $this->logger));
    }

    private function fire(object $definition, mixed $value): StandInToolInputTransformEvent
    {
        $event = new StandInToolInputTransformEvent('input', $definition, $value, 'tool_ai_connector');
        $this->subscriber->onInputTransform($event);
        return $event;
    }

    public function testSubscribesAtPriority50(): void
    {
        self::assertInstanceOf(\Symfony\Component\EventDispatcher\EventSubscriberInterface::class, $this->subscriber);
        self::assertSame(
            ['Drupal\tool\Event\ToolInputTransformEvent' => ['onInputTransform', 50]],
            InputTypeCoercionSubscriber::getSubscribedEvents(),
        );
    }

    public function testRepairsAndStoresBackOnlyWhenChanged(): void
    {
        $def = new StandInMapInputDefinition('Article', '', property_definitions: [
            'tags' => new StandInListInputDefinition('Tags', '', item_definition: new StandInInputDefinition('integer', '', '')),
            'sort' => new StandInInputDefinition('string', 'Sort', '', required: false, constraints: ['Choice' => new Choice(['choices' => ['ASC', 'DESC']])]),
            'published' => new StandInInputDefinition('boolean', 'Published', ''),
        ]);
        $event = $this->fire($def, ['tags' => '["1", 2]', 'sort' => ' desc', 'published' => 'true']);
        self::assertSame(['tags' => [1, 2], 'sort' => 'DESC', 'published' => true], $event->getValue());
        self::assertSame(1, $event->setValueCalls);

        $event = $this->fire($def, ['tags' => [1, 2], 'sort' => 'DESC', 'published' => true]);
        self::assertSame(0, $event->setValueCalls, 'a value that needs no repair is not stored back');

        $event = $this->fire(new StandInInputDefinition('integer', 'N', ''), '5.5');
        self::assertSame('5.5', $event->getValue(), 'ambiguous: unchanged, for validation to report');
        self::assertSame(0, $event->setValueCalls);
        self::assertSame([], $this->logger->records);
    }

    /** The recursive subscriber (-100) fires the event again for each item: the second pass changes nothing. */
    public function testIdempotentAcrossTheRecursivePass(): void
    {
        $item = new StandInInputDefinition('integer', '', '');
        $list = new StandInListInputDefinition('Ids', '', item_definition: $item);
        $event = $this->fire($list, '["5", "6"]');
        self::assertSame([5, 6], $event->getValue());
        foreach ($event->getValue() as $value) {
            $child = $this->fire($item, $value);
            self::assertSame(0, $child->setValueCalls);
        }
        $again = $this->fire($list, $event->getValue());
        self::assertSame(0, $again->setValueCalls);
    }

    public function testBadDefinitionLeavesTheValueAndLogsOnce(): void
    {
        $bad = new StandInInputDefinition('string', 'Sort', '', constraints: ['Choice' => ['callback' => 'notCallable']]);
        $this->fire($bad, ' asc');
        $event = $this->fire($bad, ' asc');
        self::assertSame(' asc', $event->getValue());
        self::assertSame(0, $event->setValueCalls);
        self::assertCount(1, $this->logger->records, 'logged once per definition object');
        self::assertSame('error', $this->logger->records[0]['level']);

        $invalid = new StandInInputDefinition('string', 'Name', '', constraints: ['Choice' => ['choices' => 'x']]);
        $event = $this->fire($invalid, 'abc');
        self::assertSame('abc', $event->getValue(), 'a ValueError from coerce_input: unchanged');
        self::assertCount(2, $this->logger->records);
    }

    public function testEventWithoutADefinitionIsIgnored(): void
    {
        $event = new class () {
            public function getValue(): string
            {
                return '5';
            }

            public function setValue(mixed $value): void
            {
                throw new \LogicException('not expected');
            }
        };
        $this->subscriber->onInputTransform($event);
        $this->addToAssertionCount(1);
    }

    public function testCoercerBuildsEachDefinitionOnce(): void
    {
        $calls = 0;
        $builder = new DefinitionArrayBuilder(baseSchema: static function () use (&$calls): ?array {
            $calls++;
            return null;
        });
        $coercer = new InputCoercer($builder);
        $def = new StandInInputDefinition('integer', 'N', '');
        self::assertSame(5, $coercer->coerce($def, '5'));
        self::assertSame(6, $coercer->coerce($def, '6'));
        self::assertSame(1, $calls);
    }
}
