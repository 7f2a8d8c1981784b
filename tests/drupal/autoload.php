<?php

declare(strict_types=1);

/*
 * Composer-free class loading of real Drupal for the tests in tests/drupal/:
 * Drupal core 10.6, Symfony 6.4 and its contracts, psr/log 3 and the Tool
 * module, unpacked by scripts/deps.sh into target/deps/ (checksums first), plus
 * Debian's php-psr-container, php-doctrine-lexer, php-doctrine-deprecations and
 * php-email-validator under /usr/share/php. Nothing of these is in the
 * repository, and no class is stubbed.
 *
 * It also lays out a Drupal root the way a site has it, under target/drupal/:
 *   core            -> target/deps/drupal-core-10.6.15
 *   modules/tool    -> target/deps/tool-module-2025-12-16
 *   modules/tool_schema_site_changes -> tests/drupal/modules/... (InputSchemaCacheTest)
 *   modules/tool_schema_symfony_constraints -> tests/drupal/modules/... (the
 *                      differential test's module, enabled only there)
 *   patched/TypedInputsTrait.php
 * The last is the one change to upstream code, on a copy (never on the
 * archive): the Tool module snapshot declares six typed class constants
 * (`const string X = ...`, PHP 8.3) in src/TypedInputsTrait.php; PHP 8.2 cannot
 * parse them, so the copy drops the type (the values are the same strings).
 *
 * Returns the ToolSchema\Tests\Drupal\Deps paths (root, core, tool module).
 */

namespace ToolSchema\Tests\Drupal;

final class Deps
{
    public const CORE = 'drupal-core-10.6.15';
    public const SYMFONY = 'symfony-6.4.12';
    public const CONTRACTS = 'symfony-contracts-3.5';
    public const PSR_LOG = 'psr-log-3.0.2';
    public const TOOL = 'tool-module-2025-12-16';

    /** Tool module submodules enabled (each with its src/ namespace). */
    public const TOOL_SUBMODULES = ['tool_content', 'tool_content_translation', 'tool_entity', 'tool_system', 'tool_user'];

    /** The test module that registers Symfony constraints Drupal 10.6 does not (tests/drupal/modules/). */
    public const TEST_MODULE = 'tool_schema_symfony_constraints';

    /** code-wheel's mcp_tools, a site archive (../shared/deps/site), for the module's decorators of its services. */
    public const MCP_TOOLS = 'drupal-mcp_tools-1.0.0-alpha26';

    /** The test module InputSchemaCacheTest enables to add bundles, entity types and field types (tests/drupal/modules/). */
    public const SITE_CHANGES_MODULE = 'tool_schema_site_changes';

    /** Core modules enabled besides the Tool module. */
    public const CORE_MODULES = ['serialization', 'user'];

    private static ?self $instance = null;

    /** @var array<string, string> namespace prefix (with trailing \) => directory */
    private array $psr4 = [];

    /** @var array<string, string> class => file, checked first */
    private array $classMap = [];

    /** @var array<string, true> classes looked up and not found (remembered, as Composer's ClassLoader does) */
    private array $missing = [];

    private function __construct(
        /** The Drupal root (holds core/ and modules/tool). */
        public readonly string $root,
        public readonly string $deps,
    ) {
    }

    public static function get(): self
    {
        return self::$instance ??= self::setUp();
    }

    public function core(): string
    {
        return $this->root . '/core';
    }

    public function tool(): string
    {
        return $this->root . '/modules/tool';
    }

    private static function setUp(): self
    {
        $repo = \dirname(__DIR__, 2);
        $deps = getenv('TOOL_SCHEMA_DRUPAL_DEPS') ?: $repo . '/target/deps';
        foreach ([self::CORE, self::SYMFONY, self::CONTRACTS, self::PSR_LOG, self::TOOL] as $name) {
            if (!is_dir("$deps/$name")) {
                throw new \RuntimeException("tests/drupal: $deps/$name is missing: run scripts/deps.sh first");
            }
        }
        foreach (['Psr/Container', 'Doctrine/Common/Lexer', 'Doctrine/Deprecations', 'Egulias/EmailValidator'] as $dir) {
            if (!is_dir("/usr/share/php/$dir")) {
                throw new \RuntimeException("tests/drupal: /usr/share/php/$dir is missing: run scripts/install-deps.sh (Debian php-psr-container, php-doctrine-lexer, php-doctrine-deprecations, php-email-validator)");
            }
        }
        $root = $repo . '/target/drupal';
        self::layOut($root, $deps);

        $self = new self($root, $deps);
        $core = "$deps/" . self::CORE;
        $tool = "$deps/" . self::TOOL;
        $self->psr4 = [
            'Drupal\\Core\\' => "$core/lib/Drupal/Core",
            'Drupal\\Component\\' => "$core/lib/Drupal/Component",
            'Drupal\\tool\\' => "$tool/src",
            // The module under test (drupal/tool_schema/).
            'Drupal\\tool_schema\\' => \dirname(__DIR__, 2) . '/drupal/tool_schema/src',
            'ToolSchema\\Tests\\Drupal\\' => __DIR__ . '/src',
            'Symfony\\Contracts\\Service\\' => "$deps/" . self::CONTRACTS . '/Service',
            'Symfony\\Contracts\\Translation\\' => "$deps/" . self::CONTRACTS . '/Translation',
            'Symfony\\Contracts\\EventDispatcher\\' => "$deps/" . self::CONTRACTS . '/EventDispatcher',
            'Symfony\\Component\\' => "$deps/" . self::SYMFONY . '/src/Symfony/Component',
            'Psr\\Log\\' => "$deps/" . self::PSR_LOG . '/src',
            'Psr\\Container\\' => '/usr/share/php/Psr/Container',
            'Doctrine\\Common\\Lexer\\' => '/usr/share/php/Doctrine/Common/Lexer',
            'Doctrine\\Deprecations\\' => '/usr/share/php/Doctrine/Deprecations',
            'Egulias\\EmailValidator\\' => '/usr/share/php/Egulias/EmailValidator',
        ];
        foreach (self::CORE_MODULES as $module) {
            $self->psr4["Drupal\\$module\\"] = "$core/modules/$module/src";
        }
        foreach (self::TOOL_SUBMODULES as $module) {
            $self->psr4["Drupal\\$module\\"] = "$tool/modules/$module/src";
        }
        $self->classMap = [
            'Drupal' => "$core/lib/Drupal.php",
            'Drupal\\tool\\TypedInputsTrait' => "$root/patched/TypedInputsTrait.php",
        ];
        // Prepended: Debian's own autoloaders (PHPUnit's, php-symfony-* 5.4)
        // must never shadow Symfony 6.4 or psr/log 3.
        spl_autoload_register([$self, 'load'], true, true);
        return $self;
    }

    /**
     * Loads the Tool module's TypedInputsTrait with a patch of docs/patches/
     * applied (by `patch -p1`, on top of the PHP 8.2 copy), instead of the
     * unpatched copy: how the tests run a documented change to the Tool
     * module on its real code. Must come before anything loads the trait
     * (a tool plugin class), so in a process of its own.
     */
    public function useToolPatch(string $patch): void
    {
        if (trait_exists('Drupal\\tool\\TypedInputsTrait', false)) {
            throw new \LogicException('TypedInputsTrait is already loaded: apply a Tool module patch in a separate process');
        }
        $dir = $this->root . '/patched-' . basename($patch, '.patch') . '.' . getmypid();
        @mkdir("$dir/src", 0777, true);
        copy($this->root . '/patched/TypedInputsTrait.php', "$dir/src/TypedInputsTrait.php");
        $command = sprintf('patch -p1 -s -N -d %s < %s 2>&1', escapeshellarg($dir), escapeshellarg($patch));
        exec($command, $output, $status);
        if ($status !== 0) {
            throw new \RuntimeException("tests/drupal: $patch does not apply to the Tool module snapshot: " . implode("\n", $output));
        }
        $this->classMap['Drupal\\tool\\TypedInputsTrait'] = "$dir/src/TypedInputsTrait.php";
        $this->missing = [];
        register_shutdown_function(static function () use ($dir): void {
            foreach (glob("$dir/src/*") ?: [] as $file) {
                @unlink($file);
            }
            @rmdir("$dir/src");
            @rmdir($dir);
        });
    }

    /**
     * Unpacks code-wheel's mcp_tools (the pinned site archive, checksum
     * first) into a folder of this process, applies a patch of docs/patches/
     * (`patch -p1`, as scripts/site.sh does) and autoloads its classes
     * (`Drupal\mcp_tools\`): how the tests run the module's decorators of
     * mcp_tools' services on the real classes they decorate.
     */
    public function useMcpTools(string $patch): void
    {
        if (isset($this->psr4['Drupal\\mcp_tools\\'])) {
            return;
        }
        $archives = getenv('TOOL_SCHEMA_DEPS') ?: \dirname(__DIR__, 2) . '/../shared/deps';
        $archive = "$archives/site/" . self::MCP_TOOLS . '.tar.gz';
        $sums = (string) @file_get_contents("$archives/site/SHA256SUMS");
        if (!is_file($archive) || !preg_match('/^([0-9a-f]{64})\s+\*?' . preg_quote(basename($archive), '/') . '$/m', $sums, $m) || hash_file('sha256', $archive) !== $m[1]) {
            throw new \RuntimeException("tests/drupal: $archive is missing or does not match $archives/site/SHA256SUMS");
        }
        $dir = $this->root . '/mcp_tools.' . getmypid();
        @mkdir($dir, 0777, true);
        $command = sprintf('tar -xzf %s -C %s && patch -p1 -s -N -d %s < %s 2>&1', escapeshellarg($archive), escapeshellarg($dir), escapeshellarg("$dir/" . self::MCP_TOOLS), escapeshellarg($patch));
        exec($command, $output, $status);
        if ($status !== 0) {
            throw new \RuntimeException("tests/drupal: $patch does not apply to " . self::MCP_TOOLS . ': ' . implode("\n", $output));
        }
        $this->psr4['Drupal\\mcp_tools\\'] = "$dir/" . self::MCP_TOOLS . '/src';
        $this->missing = [];
        register_shutdown_function(static function () use ($dir): void {
            exec('rm -rf ' . escapeshellarg($dir));
        });
    }

    public function load(string $class): void
    {
        if (isset($this->classMap[$class])) {
            require $this->classMap[$class];
            return;
        }
        if (isset($this->missing[$class])) {
            return;
        }
        foreach ($this->psr4 as $prefix => $dir) {
            if (strncmp($class, $prefix, \strlen($prefix)) === 0) {
                $file = $dir . '/' . str_replace('\\', '/', substr($class, \strlen($prefix))) . '.php';
                if (is_file($file)) {
                    require $file;
                    return;
                }
                break;
            }
        }
        $this->missing[$class] = true;
    }

    /**
     * The Drupal root under target/drupal/ (symlinks into target/deps, plus
     * the PHP 8.2 copy of TypedInputsTrait.php). Rebuilt when a link points
     * elsewhere; written to a temporary name first, so that parallel
     * processes never see half a file.
     */
    private static function layOut(string $root, string $deps): void
    {
        $links = [
            "$root/core" => "$deps/" . self::CORE,
            "$root/modules/tool" => "$deps/" . self::TOOL,
            "$root/modules/" . self::TEST_MODULE => \dirname(__DIR__) . '/drupal/modules/' . self::TEST_MODULE,
            "$root/modules/" . self::SITE_CHANGES_MODULE => \dirname(__DIR__) . '/drupal/modules/' . self::SITE_CHANGES_MODULE,
        ];
        foreach ($links as $link => $target) {
            if (is_link($link) && readlink($link) === $target) {
                continue;
            }
            @mkdir(\dirname($link), 0777, true);
            $tmp = $link . '.' . getmypid() . '.tmp';
            @unlink($tmp);
            if (!symlink($target, $tmp) || !rename($tmp, $link)) {
                throw new \RuntimeException("tests/drupal: cannot link $link -> $target");
            }
        }

        $source = "$deps/" . self::TOOL . '/src/TypedInputsTrait.php';
        $copy = "$root/patched/TypedInputsTrait.php";
        $code = file_get_contents($source);
        if ($code === false) {
            throw new \RuntimeException("tests/drupal: cannot read $source");
        }
        $patched = preg_replace('/^(  const) string ([A-Z_]+ = \'[a-z]+\';)$/m', '$1 $2', $code, -1, $count);
        if ($count !== 6) {
            throw new \RuntimeException("tests/drupal: expected the 6 typed constants of the Tool module snapshot in $source, found $count");
        }
        if (!is_file($copy) || file_get_contents($copy) !== $patched) {
            @mkdir(\dirname($copy), 0777, true);
            $tmp = $copy . '.' . getmypid() . '.tmp';
            file_put_contents($tmp, $patched);
            rename($tmp, $copy);
        }
    }
}

return Deps::get();
