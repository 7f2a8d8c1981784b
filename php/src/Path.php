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
        $segs = $extra === [] ? $this->segs : [...$this->segs, ...$extra];
        return implode('.', array_map(self::key(...), $segs));
    }

    /** NUL, and bytes that are not part of a well-formed UTF-8 sequence (group 1). */
    private const ESCAPED = '/(?:[\x01-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]'
        . '|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}'
        . '|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})+|(.)/s';

    /**
     * A key as every path spells it (src/error.rs `push_key`): an int in
     * decimal; a string as it is, except that NUL and each byte that is not
     * part of a well-formed UTF-8 sequence are written `\xNN` (two lowercase
     * hex digits), so that paths are valid UTF-8 with no NUL (the native
     * exception message cannot hold one) and show which bytes were wrong.
     */
    public static function key(int|string $key): string
    {
        if (\is_int($key) || (preg_match('//u', $key) === 1 && !str_contains($key, "\0"))) {
            return (string) $key;
        }
        return (string) preg_replace_callback(
            self::ESCAPED,
            static fn (array $m): string => isset($m[1]) ? sprintf('\\x%02x', \ord($m[1])) : $m[0],
            $key
        );
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
