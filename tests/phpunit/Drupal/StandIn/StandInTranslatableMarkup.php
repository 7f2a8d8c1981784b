<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\StandIn;

/** Stand-in for Drupal\Core\StringTranslation\TranslatableMarkup: a Stringable with @placeholders. */
final class StandInTranslatableMarkup implements \Stringable
{
    /** @param array<string, string> $arguments */
    public function __construct(private string $string, private array $arguments = [])
    {
    }

    public function __toString(): string
    {
        return strtr($this->string, $this->arguments);
    }
}
