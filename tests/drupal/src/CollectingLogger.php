<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal;

use Psr\Log\AbstractLogger;

/**
 * A PSR-3 logger (psr/log 3) that keeps the records, added to Drupal's real
 * logger channels (LoggerChannelFactory::addLogger()) to see what reaches them.
 */
final class CollectingLogger extends AbstractLogger
{
    /** @var list<array{level: mixed, message: string, context: array}> */
    public array $records = [];

    public function log($level, string|\Stringable $message, array $context = []): void
    {
        $this->records[] = ['level' => $level, 'message' => (string) $message, 'context' => $context];
    }

    /** A `tool_schema` logger channel (Drupal's, as the module's services get one) that logs to this logger. */
    public function channel(): \Drupal\Core\Logger\LoggerChannel
    {
        $channel = new \Drupal\Core\Logger\LoggerChannel('tool_schema');
        $channel->addLogger($this);
        return $channel;
    }
}
