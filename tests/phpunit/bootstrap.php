<?php

declare(strict_types=1);

// Loads the pure-PHP implementation (its functions are defined only when the
// extension is not loaded) and the test helpers.
require __DIR__ . '/../../php/autoload.php';
require __DIR__ . '/Fixtures.php';
require __DIR__ . '/Implementations.php';
require __DIR__ . '/Generator.php';
