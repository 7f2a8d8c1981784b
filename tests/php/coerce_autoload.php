<?php

declare(strict_types=1);

// Tiny PSR-4 loader for ToolSchema\Php\ → php/src/, for the coerce CLI checks.
spl_autoload_register(static function (string $class): void {
    $prefix = 'ToolSchema\\Php\\';
    if (strncmp($class, $prefix, strlen($prefix)) === 0) {
        $file = dirname(__DIR__, 2) . '/php/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
