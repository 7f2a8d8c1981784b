<?php

declare(strict_types=1);

/*
 * Composer-free class loading of real Drupal for the tests in tests/drupal/,
 * for the core chosen by TOOL_SCHEMA_DRUPAL (default 10.6.15):
 *
 *   10.6.15          Drupal core 10.6, Symfony 6.4 and its contracts, psr/log 3
 *                    (target/deps/, scripts/deps.sh), plus Debian's
 *                    php-psr-container, php-doctrine-lexer (2.x;
 *                    TOOL_SCHEMA_DOCTRINE_LEXER names another folder),
 *                    php-doctrine-deprecations and php-email-validator under
 *                    /usr/share/php (PHP 8.2 or later);
 *   11.3.16, 11.4.5  Drupal core 11.3 or 11.4 (target/deps/, scripts/deps.sh
 *                    drupal11) and the Debian forky packages of
 *                    ../shared/deps/drupal11/forky-php-debs.tar unpacked into
 *                    target/deps/forky-php-debs/usr/share/php: Symfony 7.4,
 *                    contracts 3.7, polyfill-php84/85/86 (their files loaded as
 *                    Composer loads them), psr/container 2, psr/log 3,
 *                    doctrine/lexer 3, doctrine/deprecations, egulias 4
 *                    (PHP 8.3 or later: the Debian 13 chroot, PHP 8.4);
 *
 * and the Tool module. Nothing of these is in the repository, and no class is
 * stubbed.
 *
 * It also lays out a Drupal root the way a site has it, under target/drupal/
 * (10.6) or target/drupal-<version>/ (11.x):
 *   core            -> target/deps/drupal-core-<version>
 *   modules/tool    -> target/deps/tool-module-2025-12-16
 *   modules/tool_schema_site_changes -> tests/drupal/modules/... (InputSchemaCacheTest)
 *   modules/tool_schema_symfony_constraints -> tests/drupal/modules/... (the
 *                      differential test's module, enabled only there)
 *   patched/TypedInputsTrait.php   (10.6 only)
 * The last is the one change to upstream code, on a copy (never on the
 * archive): the Tool module snapshot declares six typed class constants
 * (`const string X = ...`, PHP 8.3) in src/TypedInputsTrait.php; PHP 8.2 cannot
 * parse them, so the copy drops the type (the values are the same strings);
 * PHP 8.3 and later (Drupal 11 needs 8.3) load the snapshot's own file.
 *
 * Returns the ToolSchema\Tests\Drupal\Deps paths (root, core, tool module).
 */

namespace ToolSchema\Tests\Drupal;

final class Deps
{
    public const CORE = 'drupal-core-10.6.15';

    /** The cores TOOL_SCHEMA_DRUPAL may name (the first is the default). */
    public const VERSIONS = ['10.6.15', '11.3.16', '11.4.5'];

    /** Drupal 11's PHP libraries: the Debian forky packages, unpacked (scripts/deps.sh drupal11). */
    public const FORKY = 'forky-php-debs';
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
        /** The core version (TOOL_SCHEMA_DRUPAL): one of VERSIONS. */
        public readonly string $version,
        /** Where the PHP libraries beside core come from: /usr/share/php (10.6) or the unpacked forky packages (11.x). */
        public readonly string $php,
    ) {
    }

    /** The core version TOOL_SCHEMA_DRUPAL names (default 10.6.15). */
    public static function version(): string
    {
        $version = getenv('TOOL_SCHEMA_DRUPAL') ?: self::VERSIONS[0];
        if (!\in_array($version, self::VERSIONS, true)) {
            throw new \RuntimeException("tests/drupal: TOOL_SCHEMA_DRUPAL=$version is none of " . implode(', ', self::VERSIONS));
        }
        return $version;
    }

    /** Drupal 11 (11.3 or 11.4), rather than 10.6. */
    public function isDrupal11(): bool
    {
        return $this->version !== self::VERSIONS[0];
    }

    /** The unpacked core archive's folder name under target/deps. */
    public function coreArchive(): string
    {
        return 'drupal-core-' . $this->version;
    }

    /**
     * The Tool module's TypedInputsTrait as this PHP loads it: the
     * snapshot's own file from PHP 8.3 on (typed class constants; Drupal 11
     * needs 8.3), the copy without the constants' type on PHP 8.2.
     */
    public function typedInputsTrait(): string
    {
        return \PHP_VERSION_ID >= 80300
            ? $this->deps . '/' . self::TOOL . '/src/TypedInputsTrait.php'
            : $this->root . '/patched/TypedInputsTrait.php';
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
        $version = self::version();
        $drupal11 = $version !== self::VERSIONS[0];
        $coreArchive = 'drupal-core-' . $version;
        $needed = $drupal11 ? [$coreArchive, self::FORKY, self::TOOL] : [$coreArchive, self::SYMFONY, self::CONTRACTS, self::PSR_LOG, self::TOOL];
        foreach ($needed as $name) {
            if (!is_dir("$deps/$name")) {
                throw new \RuntimeException("tests/drupal: $deps/$name is missing: run scripts/deps.sh" . ($drupal11 ? ' drupal11' : '') . ' first');
            }
        }
        if ($drupal11 && \PHP_VERSION_ID < 80300) {
            throw new \RuntimeException("tests/drupal: Drupal $version needs PHP 8.3 or later (this is " . \PHP_VERSION . '): run it in the Debian 13 chroot (scripts/trixie.sh run)');
        }
        $php = $drupal11 ? "$deps/" . self::FORKY . '/usr/share/php' : '/usr/share/php';
        // Drupal 10.6 needs doctrine/lexer 2.x; Debian 13 ships 3.x, so the
        // Debian 13 stage (scripts/test.d/90-debian13.sh) unpacks Debian 12's
        // 2.1 package and names its folder in TOOL_SCHEMA_DOCTRINE_LEXER.
        // Drupal 11 takes the forky package's 3.x.
        $lexer = (!$drupal11 ? getenv('TOOL_SCHEMA_DOCTRINE_LEXER') : false) ?: "$php/Doctrine/Common/Lexer";
        // Drupal 10.6's annotation parser (DocLexer, DocParser) reads tokens
        // as arrays: doctrine/lexer 3 (Debian 13's, whose Token is no
        // ArrayAccess) fails on every annotation, and the tests that discover
        // annotated plugins fail far from the cause (a tool whose entity type
        // input cannot be read gets no schema: ModuleMcpToolsTest saw `null`).
        // Said here instead. `scripts/trixie.sh run` clears the environment:
        // give the variable after it (`scripts/trixie.sh run env
        // TOOL_SCHEMA_DOCTRINE_LEXER=... phpunit ...`), as 90-debian13.sh does.
        if (!$drupal11 && is_file("$lexer/Token.php") && !str_contains((string) file_get_contents("$lexer/Token.php"), 'implements ArrayAccess')) {
            throw new \RuntimeException("tests/drupal: $lexer is doctrine/lexer 3, and Drupal 10.6 needs 2.x: set TOOL_SCHEMA_DOCTRINE_LEXER to a 2.x folder (Debian 12's php-doctrine-lexer, as scripts/test.d/90-debian13.sh unpacks it in target/debian13/doctrine-lexer; in the chroot: scripts/trixie.sh run env TOOL_SCHEMA_DOCTRINE_LEXER=... phpunit ...)");
        }
        foreach (["$php/Psr/Container", $lexer, "$php/Doctrine/Deprecations", "$php/Egulias/EmailValidator"] as $dir) {
            if (!is_dir($dir)) {
                throw new \RuntimeException($drupal11
                    ? "tests/drupal: $dir is missing: run scripts/deps.sh drupal11"
                    : "tests/drupal: $dir is missing: run scripts/install-deps.sh (Debian php-psr-container, php-doctrine-lexer, php-doctrine-deprecations, php-email-validator)");
            }
        }
        $root = $repo . '/target/' . ($drupal11 ? "drupal-$version" : 'drupal');
        self::layOut($root, $deps, $coreArchive, $drupal11);

        $self = new self($root, $deps, $version, $php);
        $core = "$deps/$coreArchive";
        $tool = "$deps/" . self::TOOL;
        $self->psr4 = [
            'Drupal\\Core\\' => "$core/lib/Drupal/Core",
            'Drupal\\Component\\' => "$core/lib/Drupal/Component",
            'Drupal\\tool\\' => "$tool/src",
            // The module under test (drupal/tool_schema/).
            'Drupal\\tool_schema\\' => \dirname(__DIR__, 2) . '/drupal/tool_schema/src',
            'ToolSchema\\Tests\\Drupal\\' => __DIR__ . '/src',
        ];
        if ($drupal11) {
            $self->psr4 += [
                'Symfony\\Contracts\\Service\\' => "$php/Symfony/Contracts/Service",
                'Symfony\\Contracts\\Translation\\' => "$php/Symfony/Contracts/Translation",
                'Symfony\\Contracts\\EventDispatcher\\' => "$php/Symfony/Contracts/EventDispatcher",
                'Symfony\\Component\\' => "$php/Symfony/Component",
                'Symfony\\Polyfill\\' => "$php/Symfony/Polyfill",
                'Psr\\Log\\' => "$php/Psr/Log",
            ];
        } else {
            $self->psr4 += [
                'Symfony\\Contracts\\Service\\' => "$deps/" . self::CONTRACTS . '/Service',
                'Symfony\\Contracts\\Translation\\' => "$deps/" . self::CONTRACTS . '/Translation',
                'Symfony\\Contracts\\EventDispatcher\\' => "$deps/" . self::CONTRACTS . '/EventDispatcher',
                'Symfony\\Component\\' => "$deps/" . self::SYMFONY . '/src/Symfony/Component',
                'Psr\\Log\\' => "$deps/" . self::PSR_LOG . '/src',
            ];
        }
        $self->psr4 += [
            'Psr\\Container\\' => "$php/Psr/Container",
            'Doctrine\\Common\\Lexer\\' => $lexer,
            'Doctrine\\Deprecations\\' => "$php/Doctrine/Deprecations",
            'Egulias\\EmailValidator\\' => "$php/Egulias/EmailValidator",
        ];
        foreach (self::CORE_MODULES as $module) {
            $self->psr4["Drupal\\$module\\"] = "$core/modules/$module/src";
        }
        foreach (self::TOOL_SUBMODULES as $module) {
            $self->psr4["Drupal\\$module\\"] = "$tool/modules/$module/src";
        }
        $self->classMap = [
            'Drupal' => "$core/lib/Drupal.php",
            'Drupal\\tool\\TypedInputsTrait' => $self->typedInputsTrait(),
        ];
        // Prepended: Debian's own autoloaders (PHPUnit's, php-symfony-* 5.4)
        // must never shadow Symfony 6.4 / 7.4 or psr/log 3.
        spl_autoload_register([$self, 'load'], true, true);
        if ($drupal11) {
            // What Composer's "files" autoload loads for Drupal 11: the
            // polyfills core requires (their functions and stub classes; each
            // file returns at once on a PHP that has them) and
            // symfony/deprecation-contracts' trigger_deprecation().
            foreach (['Php84', 'Php85', 'Php86'] as $polyfill) {
                require_once "$php/Symfony/Polyfill/$polyfill/bootstrap.php";
            }
            require_once "$php/Symfony/Contracts/Deprecation/function.php";
        }
        return $self;
    }

    /**
     * Loads the Tool module's TypedInputsTrait with a patch of drupal/tool_schema/patches/
     * applied (by `patch -p1`, on top of the PHP 8.2 copy on 10.6, of the
     * archive's file on Drupal 11), instead of the unpatched trait: how the tests run a documented change to the Tool
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
        copy($this->typedInputsTrait(), "$dir/src/TypedInputsTrait.php");
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
     * first) into a folder of this process, applies a patch of drupal/tool_schema/patches/
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

    /** opis/json-schema and the two libraries it needs, site archives (../shared/deps/site), as mcp_tools requires them. */
    public const OPIS = ['Opis\\JsonSchema\\' => 'opis-json-schema-2.5.0', 'Opis\\String\\' => 'opis-string-2.0.2', 'Opis\\Uri\\' => 'opis-uri-1.1.0'];

    /**
     * Unpacks opis/json-schema, opis/string and opis/uri (checksums first)
     * into a folder of this process and loads them: the JSON Schema
     * validator mcp_tools requires, which the module's input validator uses.
     */
    public function useOpis(): void
    {
        if (isset($this->psr4['Opis\\JsonSchema\\'])) {
            return;
        }
        $archives = getenv('TOOL_SCHEMA_DEPS') ?: \dirname(__DIR__, 2) . '/../shared/deps';
        $sums = (string) @file_get_contents("$archives/site/SHA256SUMS");
        $dir = $this->root . '/opis.' . getmypid();
        @mkdir($dir, 0777, true);
        foreach (self::OPIS as $prefix => $name) {
            $archive = "$archives/site/$name.tar.gz";
            if (!is_file($archive) || !preg_match('/^([0-9a-f]{64})\s+\*?' . preg_quote(basename($archive), '/') . '$/m', $sums, $m) || hash_file('sha256', $archive) !== $m[1]) {
                throw new \RuntimeException("tests/drupal: $archive is missing or does not match $archives/site/SHA256SUMS");
            }
            exec(sprintf('tar -xzf %s -C %s 2>&1', escapeshellarg($archive), escapeshellarg($dir)), $output, $status);
            if ($status !== 0) {
                throw new \RuntimeException("tests/drupal: cannot unpack $archive: " . implode("\n", $output));
            }
            $this->psr4[$prefix] = "$dir/$name/src";
        }
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
     * The Drupal root under target/drupal/ or target/drupal-<version>/
     * (symlinks into target/deps, plus on 10.6 the PHP 8.2 copy of
     * TypedInputsTrait.php). Rebuilt when a link points elsewhere; written to
     * a temporary name first, so that parallel processes never see half a
     * file.
     */
    private static function layOut(string $root, string $deps, string $coreArchive, bool $drupal11): void
    {
        $links = [
            "$root/core" => "$deps/$coreArchive",
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
        if ($drupal11) {
            return;
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
