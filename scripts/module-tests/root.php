<?php
// Adds what core's test base classes need to a Drupal root that scripts/site.sh
// built (issue 29): behat/mink, its BrowserKit driver and symfony/phpunit-bridge
// from ../shared/deps/testing (unpacked into vendor/ by the stage script), and
// PHPUnit itself mapped from Debian's /usr/share/php/PHPUnit through
// vendor/phpunit/phpunit/src (core's ClassWriter finds PHPUnit's files three
// levels below the package, as Composer lays them out). Writes the root
// composer.json's autoload; the caller runs composer dump-autoload.
//
// Usage: php scripts/module-tests/root.php SITE_DIR
declare(strict_types=1);

$site = $argv[1] ?? '';
$file = "$site/composer.json";
if ($site === '' || !is_file($file)) {
    fwrite(STDERR, "root.php: no $file\n");
    exit(1);
}
$link = "$site/vendor/phpunit/phpunit/src";
if (!is_link($link)) {
    @mkdir(dirname($link), 0777, true);
    symlink('/usr/share/php/PHPUnit', $link);
}
$root = json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
$root['autoload']['psr-4']['PHPUnit\\'] = 'vendor/phpunit/phpunit/src/';
file_put_contents($file, json_encode($root, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
// Drupal's test bootstrap scans these folders for extensions.
foreach (['profiles', 'themes'] as $dir) {
    @mkdir("$site/web/$dir", 0777, true);
}
