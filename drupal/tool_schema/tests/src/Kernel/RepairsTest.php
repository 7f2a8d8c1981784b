<?php

declare(strict_types=1);

namespace Drupal\Tests\tool_schema\Kernel;

use Drupal\Core\Logger\RfcLoggerTrait;
use Drupal\KernelTests\KernelTestBase;
use Drupal\tool_schema\Settings\ToolSchemaSettings;
use Psr\Log\LoggerInterface;

/**
 * The repairs settings: `repairs` off leaves the values as sent,
 * `log_repairs` logs each repair (tool, input, rule) on the tool_schema
 * channel.
 *
 * @group tool_schema
 */
final class RepairsTest extends KernelTestBase implements LoggerInterface {

  use RfcLoggerTrait;

  /**
   * {@inheritdoc}
   */
  protected static $modules = ['system', 'user', 'serialization', 'tool', 'tool_content', 'tool_schema'];

  /** @var list<array{int, string, array<string, mixed>}> */
  private array $logged = [];

  protected function setUp(): void {
    parent::setUp();
    $this->installConfig(['tool_schema']);
    $this->container->get('logger.factory')->addLogger($this);
  }

  /**
   * {@inheritdoc}
   */
  public function log($level, string|\Stringable $message, array $context = []): void {
    if (($context['channel'] ?? '') === 'tool_schema') {
      $this->logged[] = [$level, strtr((string) $message, array_filter($context, 'is_string')), $context];
    }
  }

  public function testRepairsOnOffAndLogged(): void {
    $coercer = $this->container->get('tool_schema.input_coercer');
    $this->assertSame(['amount' => 5, 'offset' => 2], $coercer->coerce('entity_list', ['amount' => '5', 'offset' => 2.0]));
    $this->assertSame([], $this->logged, 'not logged by default');

    $this->config(ToolSchemaSettings::CONFIG)->set('log_repairs', TRUE)->save();
    $this->assertSame(['amount' => 5], $coercer->coerce('entity_list', ['amount' => '5']));
    $this->assertCount(1, $this->logged);
    $this->assertSame('tool_schema: repaired entity_list input amount: numeric string → number ("5" → 5)', $this->logged[0][1]);
    $this->assertSame(['amount' => 5], $coercer->coerce('entity_list', ['amount' => 5]));
    $this->assertCount(1, $this->logged, 'a value left as it is is not logged');

    $this->config(ToolSchemaSettings::CONFIG)->set('repairs', FALSE)->save();
    $this->assertSame(['amount' => '5', 'offset' => 2.0], $coercer->coerce('entity_list', ['amount' => '5', 'offset' => 2.0]));
    $this->assertCount(1, $this->logged, 'nothing repaired, nothing logged');
  }

}
