<?php
// Core's tests/bootstrap.php for a Drupal root whose test libraries come from
// Debian's packages (prophecy-phpunit, vfsStream) rather than Composer: their
// own autoloaders first, then core's bootstrap, as core's phpunit.xml.dist
// would run it. scripts/test.d/72-module-tests.sh passes this file with
// --bootstrap; a Composer-built root (drupal.org's GitLab CI) needs none of it.
declare(strict_types=1);

require '/usr/share/php/Prophecy/autoload.php';
require '/usr/share/php/Prophecy/PhpUnit/autoload.php';
require '/usr/share/php/org/bovigo/vfs/autoload.php';
require getcwd() . '/core/tests/bootstrap.php';
