<?php

declare(strict_types=1);

namespace ToolSchema\Tests\Drupal\Differential;

/** A JSON number literal kept as written (`1e20`, `9223372036854775808`). */
final class Raw
{
    public function __construct(public readonly string $text)
    {
    }
}
