<?php

declare(strict_types=1);

namespace ToolSchema\Php;

/**
 * The dotted path from the root of the definition to the part being read
 * (src/error.rs `Path`). Segments are constraint/definition keys (strings) or
 * array keys (ints render in decimal). Rendered only when an error or warning
 * needs it. Errors are `\ValueError`s ("{path}: {message}", or just the message
 * when the path is empty), the PHP face of Rust's `DefinitionError`.
 */
final class Path
{
    /** @var list<string|int> */
    public array $segs = [];

    /** The path with `$extra` appended: `properties.tags.items.type`. */
    public function render(array $extra = []): string
    {
        if ($extra === []) {
            return implode('.', $this->segs);
        }
        if ($this->segs === []) {
            return implode('.', $extra);
        }
        return implode('.', $this->segs) . '.' . implode('.', $extra);
    }

    /** @param list<string|int> $extra */
    public function error(array $extra, string $message): \ValueError
    {
        return self::valueError($this->render($extra), $message);
    }

    public static function valueError(string $path, string $message): \ValueError
    {
        return new \ValueError($path === '' ? $message : $path . ': ' . $message);
    }
}
