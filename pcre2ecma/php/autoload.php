<?php

declare(strict_types=1);

// Loads pcre2ecma's PHP twin without Composer: a PSR-4 loader for
// ToolSchema\Regex\ (src/).
spl_autoload_register(static function (string $class): void {
    $prefix = 'ToolSchema\\Regex\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
