<?php

declare(strict_types=1);

namespace ToolSchema\Php;

/** The version of both implementations: the same string as in Cargo.toml and composer.json. */
final class Version
{
    public const VERSION = '0.1.0';
}
