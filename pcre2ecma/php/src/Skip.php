<?php

declare(strict_types=1);

namespace ToolSchema\Regex;

/**
 * Why a pattern was not translated (mirrors Rust `regex::Skip`).
 */
final class Skip extends \RuntimeException
{
    public function __construct(public readonly string $skipCode, string $message)
    {
        parent::__construct($message);
    }
}
