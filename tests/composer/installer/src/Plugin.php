<?php

declare(strict_types=1);

namespace ToolSchemaTest\DrupalInstaller;

use Composer\Composer;
use Composer\IO\IOInterface;
use Composer\Plugin\PluginInterface;

/**
 * Registers ModuleInstaller, as composer/installers registers its own.
 */
final class Plugin implements PluginInterface
{
    public function activate(Composer $composer, IOInterface $io): void
    {
        $composer->getInstallationManager()->addInstaller(new ModuleInstaller($io, $composer, 'drupal-module'));
    }

    public function deactivate(Composer $composer, IOInterface $io): void
    {
    }

    public function uninstall(Composer $composer, IOInterface $io): void
    {
    }
}
