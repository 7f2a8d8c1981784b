<?php
// Writes the site's root composer.json and vendor/composer/installed.json
// from the packages laid out under vendor/<vendor>/<name>/ (each with its own
// composer.json), for an offline `composer dump-autoload`. Core's autoload
// goes into the root composer.json (paths under web/core): without
// composer/installers, Composer drops the autoload of drupal-core packages.
// Debian's doctrine/lexer, doctrine/deprecations and egulias/email-validator
// (under /usr/share/php) are mapped by the root as well.
//
// Usage: php scripts/site/composer.php SITE_DIR
declare(strict_types=1);

$site = $argv[1] ?? '';
if ($site === '' || !is_dir("$site/vendor")) {
    fwrite(STDERR, "composer.php: no $site/vendor\n");
    exit(1);
}
$core = json_decode(file_get_contents("$site/web/core/composer.json"), true, 512, JSON_THROW_ON_ERROR);
$prefix = static function (array $autoload, string $dir): array {
    $out = [];
    foreach ($autoload as $kind => $entries) {
        foreach ($entries as $key => $path) {
            if (is_int($key)) {
                $out[$kind][] = "$dir/$path";
            } else {
                $out[$kind][$key] = is_array($path) ? array_map(fn ($p) => "$dir/$p", $path) : "$dir/$path";
            }
        }
    }
    return $out;
};
$autoload = $prefix($core['autoload'], 'web/core');
$autoload['psr-4'] += [
    'Doctrine\\Common\\Lexer\\' => '/usr/share/php/Doctrine/Common/Lexer/',
    'Doctrine\\Deprecations\\' => '/usr/share/php/Doctrine/Deprecations/',
    'Egulias\\EmailValidator\\' => '/usr/share/php/Egulias/EmailValidator/',
];
$packages = [];
foreach (glob("$site/vendor/*/*/composer.json") as $file) {
    $meta = json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
    $rel = substr(dirname($file), strlen("$site/vendor/"));
    $packages[] = [
        'name' => $meta['name'],
        'version' => $meta['version'] ?? '1.0.0',
        'version_normalized' => '1.0.0.0',
        'type' => $meta['type'] ?? 'library',
        'autoload' => $meta['autoload'] ?? new stdClass(),
        'install-path' => "../$rel",
    ];
}
$installed = ['packages' => $packages, 'dev' => false, 'dev-package-names' => []];
@mkdir("$site/vendor/composer", 0777, true);
file_put_contents("$site/vendor/composer/installed.json", json_encode($installed, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
$root = [
    'name' => 'tool-schema/site',
    'description' => 'A Drupal 10.6 site built offline by scripts/site.sh',
    'type' => 'project',
    'license' => 'GPL-2.0-or-later',
    // Every package required: dump-autoload leaves out what the root does not reach.
    'require' => (object) array_fill_keys(array_column($packages, 'name'), '*'),
    'autoload' => $autoload,
    'config' => ['vendor-dir' => 'vendor', 'allow-plugins' => false],
];
file_put_contents("$site/composer.json", json_encode($root, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
echo count($packages), " packages\n";
