<?php

declare(strict_types=1);

// Run by CoreOnlyTest in a child process under `php -n`: no php.ini, so no
// extension that PHP can build without (ctype, mbstring, iconv, intl, ...),
// which is all the pure-PHP library may count on (composer.json requires
// nothing but "php"). Prints, as JSON, the loaded extensions and the outcome
// of every fixture case and of seeded random definitions and values through
// the pure-PHP implementation; the test compares them with its own process.
// Usage: php -n tests/phpunit/core_only.php SEED COUNT

use ToolSchema\Tests\Fixtures;
use ToolSchema\Tests\Generator;
use ToolSchema\Tests\Implementations;

require __DIR__ . '/bootstrap.php';

echo json_encode(
    ['extensions' => get_loaded_extensions()] + Implementations::coreOnlyOutcomes((int) ($argv[1] ?? 1), (int) ($argv[2] ?? 0)),
    Implementations::JSON | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR
);
