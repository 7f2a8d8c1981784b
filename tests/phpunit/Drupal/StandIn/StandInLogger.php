<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/** Stand-in for a PSR-3 / Drupal logger channel: records what was logged. */
final class StandInLogger
{
    /** @var list<array{level: string, message: string, context: array<string, mixed>}> */
    public array $records = [];

    /** @param array<string, mixed> $context */
    public function warning(string|\Stringable $message, array $context = []): void
    {
        $this->records[] = ['level' => 'warning', 'message' => (string) $message, 'context' => $context];
    }

    /** @param array<string, mixed> $context */
    public function error(string|\Stringable $message, array $context = []): void
    {
        $this->records[] = ['level' => 'error', 'message' => (string) $message, 'context' => $context];
    }

    /** @return list<string> the records with their @placeholders filled in, "level: message" */
    public function lines(): array
    {
        return array_map(
            static fn (array $r): string => $r['level'] . ': ' . strtr($r['message'], array_map('strval', $r['context'])),
            $this->records,
        );
    }
}
