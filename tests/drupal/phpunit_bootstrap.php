<?php

declare(strict_types=1);

// PHPUnit bootstrap of the real-Drupal suite: the project's test helpers
// (php/autoload.php, Implementations) and real Drupal (bootstrap.php).
require __DIR__ . '/../phpunit/bootstrap.php';
require __DIR__ . '/bootstrap.php';
