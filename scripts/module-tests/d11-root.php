<?php
// Writes the root composer.json of a Drupal 11 root that
// scripts/module-tests/d11-root.sh laid out (issue 29), for an offline
// `composer dump-autoload` in the Debian 13 chroot: everything is the root's
// own autoload (there are no installed packages to read):
//   - core's autoload (web/core/composer.json: PSR-4, classmap,
//     includes/bootstrap.inc), paths under web/core;
//   - Drupal 11's PHP libraries, the Debian forky packages copied to
//     vendor/forky (their usr/share/php): Symfony 7.4 components and
//     contracts, the polyfills as Composer loads them (PSR-4, the stubs'
//     classmap, bootstrap.php), symfony/deprecation-contracts'
//     function.php, psr/container 2, psr/log 3, doctrine/lexer 3,
//     doctrine/deprecations, egulias/email-validator 4;
//   - the library (vendor/tool-schema/: the PHP twin, pcre2ecma's PHP port)
//     and Mink with its BrowserKit driver (vendor/behat/, from
//     ../shared/deps/testing), from each package's own composer.json;
//   - what core's test base classes use beyond PHPUnit, from Debian 13's
//     packages: prophecy-phpunit and vfsStream (their autoloaders, required by
//     vendor/debian-trixie.php, a "files" entry), Symfony's VarDumper
//     6.4 (php-symfony-var-dumper: forky's Symfony 7.4 packages have none;
//     core's DebugDump extension and DrupalTestCaseTrait use it) and
//     composer/semver 3 (php-composer-semver, which Debian's composer brings:
//     core's info parser checks core_version_requirement with it),
//     psr/event-dispatcher (Symfony's contracts extend it), Twig 3.27
//     with its HTML extension (php-twig, php-twig-html-extra; core's services extend its classes, and the container's
//     compiler passes load them), Guzzle with PSR-7 and the PSR HTTP
//     interfaces (core's http_client; the Functional tests' browser), Symfony
//     6.4's BrowserKit, DomCrawler and CssSelector (Mink's BrowserKit driver).
//     Their PSR-4 folders and the files their packages load
//     (vendor/debian-trixie.php, a "files" entry).
//     PHPUnit 11 itself is Debian's: its /usr/bin/phpunit
//     loads /usr/share/php/PHPUnit/Autoload.php first, in isolated test
//     processes as well.
//
// Usage: php scripts/module-tests/d11-root.php ROOT
declare(strict_types=1);

$root = $argv[1] ?? '';
if ($root === '' || !is_file("$root/web/core/composer.json") || !is_dir("$root/vendor/forky")) {
    fwrite(STDERR, "d11-root.php: no $root/web/core or $root/vendor/forky\n");
    exit(1);
}
$json = static fn (string $file): array => json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
$prefix = static function (array $autoload, string $dir): array {
    $out = [];
    foreach ($autoload as $kind => $entries) {
        if (!in_array($kind, ['psr-4', 'psr-0', 'classmap', 'files'], true)) {
            continue;
        }
        foreach ($entries as $key => $path) {
            $join = static fn (string $p): string => rtrim("$dir/$p", '/') . (str_ends_with($p, '/') || $p === '' ? '/' : '');
            if (is_int($key)) {
                $out[$kind][] = $join($path);
            } else {
                $out[$kind][$key] = is_array($path) ? array_map($join, $path) : $join($path);
            }
        }
    }
    return $out;
};
$merge = static function (array $a, array $b): array {
    foreach ($b as $kind => $entries) {
        foreach ($entries as $key => $path) {
            if (is_int($key)) {
                $a[$kind][] = $path;
            } else {
                $a[$kind][$key] = $path;
            }
        }
    }
    return $a;
};

$autoload = $prefix($json("$root/web/core/composer.json")['autoload'], 'web/core');

$forky = 'vendor/forky';
$psr4 = [];
foreach (glob("$root/$forky/Symfony/Component/*", GLOB_ONLYDIR) as $dir) {
    $psr4['Symfony\\Component\\' . basename($dir) . '\\'] = "$forky/Symfony/Component/" . basename($dir) . '/';
}
foreach (['EventDispatcher', 'Service', 'Translation'] as $contract) {
    $psr4["Symfony\\Contracts\\$contract\\"] = "$forky/Symfony/Contracts/$contract/";
}
$autoload['files'][] = "$forky/Symfony/Contracts/Deprecation/function.php";
foreach (glob("$root/$forky/Symfony/Polyfill/*", GLOB_ONLYDIR) as $dir) {
    $name = basename($dir);
    $psr4["Symfony\\Polyfill\\$name\\"] = "$forky/Symfony/Polyfill/$name/";
    $autoload['files'][] = "$forky/Symfony/Polyfill/$name/bootstrap.php";
    if (is_dir("$dir/Resources/stubs")) {
        $autoload['classmap'][] = "$forky/Symfony/Polyfill/$name/Resources/stubs/";
    }
}
$psr4 += [
    'Psr\\Container\\' => "$forky/Psr/Container/",
    'Psr\\Log\\' => "$forky/Psr/Log/",
    'Doctrine\\Common\\Lexer\\' => "$forky/Doctrine/Common/Lexer/",
    'Doctrine\\Deprecations\\' => "$forky/Doctrine/Deprecations/",
    'Egulias\\EmailValidator\\' => "$forky/Egulias/EmailValidator/",
];
foreach ($psr4 as $namespace => $dir) {
    if (!is_dir("$root/$dir")) {
        fwrite(STDERR, "d11-root.php: no $root/$dir\n");
        exit(1);
    }
}
$autoload = $merge($autoload, ['psr-4' => $psr4]);

// The library (vendor/tool-schema/), Mink (vendor/behat/) and the packages of
// ../shared/deps/site (opis/json-schema, mcp/sdk, ...): each package's own autoload.
foreach (glob("$root/vendor/*/*/composer.json") as $file) {
    $dir = substr(dirname($file), strlen("$root/"));
    $autoload = $merge($autoload, $prefix($json($file)['autoload'] ?? [], $dir));
}

$debian = [
    'Symfony\\Component\\VarDumper\\' => '/usr/share/php/Symfony/Component/VarDumper/',
    'Composer\\Semver\\' => '/usr/share/php/Composer/Semver/',
    'Psr\\EventDispatcher\\' => '/usr/share/php/Psr/EventDispatcher/',
    'Twig\\' => '/usr/share/php/Twig/',
    'Symfony\\Component\\Runtime\\' => '/usr/share/php/Symfony/Component/Runtime/',
];
foreach ($debian as $namespace => $dir) {
    if (!is_dir($dir)) {
        fwrite(STDERR, "d11-root.php: no $dir (scripts/trixie.sh's package list installs it)\n");
        exit(1);
    }
    $autoload['psr-4'][$namespace] = $dir;
}
$testing = [
    '/usr/share/php/Symfony/Component/VarDumper/Resources/functions/dump.php',
    '/usr/share/php/Twig/Resources/core.php',
    '/usr/share/php/Twig/Resources/debug.php',
    '/usr/share/php/Twig/Resources/escaper.php',
    '/usr/share/php/Twig/Resources/string_loader.php',
    '/usr/share/php/Twig/Extra/Html/Resources/functions.php',
    '/usr/share/php/Prophecy/autoload.php',
    '/usr/share/php/Prophecy/PhpUnit/autoload.php',
    '/usr/share/php/org/bovigo/vfs/autoload.php',
    // Core's http_client service (the kernel tests' container builds it)
    // and the Functional tests' browser (DrupalTestBrowser sends its
    // requests with Guzzle; Mink's BrowserKit driver, DomCrawler and
    // CssSelector read the pages): Debian 13's Guzzle 7.9, its PSR-7 2.7,
    // promises 2.2 and the PSR HTTP interfaces, Symfony 6.4's BrowserKit,
    // DomCrawler (with masterminds/html5) and CssSelector, by their own
    // autoloaders (each loads the packages it depends on). The Guzzle
    // archives of ../shared/deps/site (7.8.1, PSR-7 2.6.2) declare
    // implicitly nullable parameters, deprecated on PHP 8.4.
    '/usr/share/php/GuzzleHttp/autoload.php',
    '/usr/share/php/Symfony/Component/BrowserKit/autoload.php',
    '/usr/share/php/Symfony/Component/DomCrawler/autoload.php',
    '/usr/share/php/Symfony/Component/CssSelector/autoload.php',
];
$code = "<?php\n// Written by scripts/module-tests/d11-root.php: the files Debian 13's packages\n"
    . "// load (VarDumper's dump(), Twig's functions) and the autoloaders of prophecy-phpunit\n"
    . "// and vfsStream, in the chroot of scripts/trixie.sh, which installs them.\n";
foreach ($testing as $file) {
    if (!is_file($file)) {
        fwrite(STDERR, "d11-root.php: no $file (scripts/trixie.sh's package list installs it)\n");
        exit(1);
    }
    $code .= 'require_once ' . var_export($file, true) . ";\n";
}
file_put_contents("$root/vendor/debian-trixie.php", $code);
$autoload['files'][] = 'vendor/debian-trixie.php';

$composer = [
    'name' => 'tool-schema/module-root-d11',
    'description' => 'A Drupal 11 root for core\'s test runner, laid out offline by scripts/module-tests/d11-root.sh',
    'type' => 'project',
    'license' => 'GPL-2.0-or-later',
    'autoload' => $autoload,
    'config' => ['vendor-dir' => 'vendor', 'allow-plugins' => false, 'platform-check' => false],
];
// Drupal 11.4's index.php and update.php start with
// `require_once 'autoload_runtime.php'` (symfony/runtime): the file
// symfony/runtime's Composer plugin writes in vendor/ from its template, with
// the runtime class Drupal's project templates name (DrupalRuntime), and the
// scaffold's web/autoload_runtime.php that returns it. Symfony's Runtime
// component is Debian 13's (php-symfony-runtime 6.4; DrupalRuntime extends
// its SymfonyRuntime); the Functional tests' web server needs them.
if (str_contains((string) file_get_contents("$root/web/core/assets/scaffold/files/index.php"), 'autoload_runtime.php')) {
    $template = '/usr/share/php/Symfony/Component/Runtime/Internal/autoload_runtime.template';
    if (!is_file($template)) {
        fwrite(STDERR, "d11-root.php: no $template (scripts/trixie.sh's package list installs it)\n");
        exit(1);
    }
    file_put_contents("$root/vendor/autoload_runtime.php", strtr((string) file_get_contents($template), [
        '%project_dir%' => "dirname(__DIR__)",
        '%runtime_class%' => var_export('Drupal\\Core\\Runtime\\DrupalRuntime', true),
        '%runtime_options%' => "[\n  'project_dir' => dirname(__DIR__),\n]",
    ]));
    file_put_contents("$root/web/autoload_runtime.php", "<?php\n\nreturn require __DIR__ . '/../vendor/autoload_runtime.php';\n");
}

file_put_contents("$root/composer.json", json_encode($composer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
