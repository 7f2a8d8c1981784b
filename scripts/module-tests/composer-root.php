<?php
// Turns the root composer.json of a site scripts/site.sh built into a Drupal
// project that can `composer require drupal/tool_schema` offline (issue 29,
// scripts/test.d/73-composer.sh):
//   - the libraries site.sh laid out under vendor/ stay where they are,
//     unmanaged (vendor/composer/installed.json emptied, so the require
//     neither removes nor reinstalls them): the root `provide`s each at its
//     version and carries its autoload (paths under vendor/), so the dump
//     after the require still loads them;
//   - path repositories stand in for the registries: drupal/tool_schema
//     (drupal/tool_schema/), tool-schema/tool-schema-php (php/),
//     tool-schema/pcre2ecma-php (pcre2ecma/php), copied as a registry's zip
//     would be (no symlink), at the library's version; drupal/core and
//     drupal/tool are provided (core's tree and the Tool module are there);
//   - tests/composer/installer stands in for composer/installers'
//     installer-paths (drupal-module packages under web/modules/contrib/).
//
// Usage: php scripts/module-tests/composer-root.php SITE_DIR REPO
declare(strict_types=1);

[$site, $repo] = [$argv[1] ?? '', $argv[2] ?? ''];
$file = "$site/composer.json";
if (!is_file($file) || !is_dir("$repo/drupal/tool_schema")) {
    fwrite(STDERR, "composer-root.php: usage: SITE_DIR REPO\n");
    exit(1);
}
$root = json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
$installed = json_decode(file_get_contents("$site/vendor/composer/installed.json"), true, 512, JSON_THROW_ON_ERROR);
$version = json_decode(file_get_contents("$repo/php/composer.json"), true, 512, JSON_THROW_ON_ERROR)['version'];
$ours = ['drupal/tool_schema', 'tool-schema/tool-schema-php', 'tool-schema/pcre2ecma-php'];

$provide = ['drupal/core' => '10.6.15', 'drupal/tool' => '1.0.0'];
foreach ($installed['packages'] ?? $installed as $package) {
    if (\in_array($package['name'], $ours, true)) {
        continue;
    }
    $dir = 'vendor/' . substr($package['install-path'], 3);
    foreach ((array) $package['autoload'] as $kind => $entries) {
        foreach ($entries as $key => $paths) {
            $prefixed = array_map(static fn (string $p): string => rtrim("$dir/$p", '/') . (str_ends_with($p, '/') || $p === '' ? '/' : ''), (array) $paths);
            if (\is_int($key)) {
                $root['autoload'][$kind] = array_merge($root['autoload'][$kind] ?? [], $prefixed);
            } else {
                $root['autoload'][$kind][$key] = array_merge((array) ($root['autoload'][$kind][$key] ?? []), $prefixed);
            }
        }
    }
    $provide[$package['name']] = preg_match('/^\d/', (string) $package['version']) ? $package['version'] : '1.0.0';
}
$root['require'] = ['tool-schema-test/drupal-installer' => '1.0.0'];
$root['provide'] = $provide;
$root['repositories'] = [
    ['type' => 'path', 'url' => "$repo/drupal/tool_schema", 'options' => ['symlink' => false, 'versions' => ['drupal/tool_schema' => $version]]],
    ['type' => 'path', 'url' => "$repo/php", 'options' => ['symlink' => false]],
    ['type' => 'path', 'url' => "$repo/pcre2ecma/php", 'options' => ['symlink' => false]],
    ['type' => 'path', 'url' => "$repo/tests/composer/installer", 'options' => ['symlink' => false]],
    ['packagist.org' => false],
];
$root['config'] = ['vendor-dir' => 'vendor', 'allow-plugins' => ['tool-schema-test/drupal-installer' => true]];
file_put_contents($file, json_encode($root, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
// Composer manages none of them: an update would remove what it manages
// and the root does not require.
file_put_contents("$site/vendor/composer/installed.json", json_encode(['packages' => [], 'dev' => false, 'dev-package-names' => []]) . "\n");
@unlink("$site/composer.lock");
echo count($provide), " packages provided\n";
