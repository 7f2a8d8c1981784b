<?php

declare(strict_types=1);

// Loads the pure-PHP implementation without Composer: the regex translator's
// package (pcre2ecma: ../pcre2ecma/php in the repository, the sibling
// pcre2ecma-php when both are laid out as vendor/tool-schema/*), a PSR-4
// loader for ToolSchema\Php\ (php/src/), then the bootstrap that defines the
// functions when the extension is not loaded.
require_once is_file(__DIR__ . '/../pcre2ecma/php/autoload.php')
    ? __DIR__ . '/../pcre2ecma/php/autoload.php'
    : __DIR__ . '/../pcre2ecma-php/autoload.php';
spl_autoload_register(static function (string $class): void {
    $prefix = 'ToolSchema\\Php\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});

require_once __DIR__ . '/bootstrap.php';
