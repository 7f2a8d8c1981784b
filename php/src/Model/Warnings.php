<?php

declare(strict_types=1);

namespace ToolSchema\Php\Model;

/**
 * Where a Rule puts its warnings: the normalizer's list (Rust: the
 * `&mut Vec<Warning>` a `Rule` holds).
 */
interface Warnings
{
    /** @param array{code: string, path: string, message: string} $warning */
    public function add(array $warning): void;
}
