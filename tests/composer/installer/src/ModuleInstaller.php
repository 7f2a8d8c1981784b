<?php

declare(strict_types=1);

namespace ToolSchemaTest\DrupalInstaller;

use Composer\Installer\LibraryInstaller;
use Composer\Package\PackageInterface;

/**
 * drupal-module packages go to web/modules/contrib/{name}, as a Drupal
 * project's `installer-paths` say with composer/installers.
 */
final class ModuleInstaller extends LibraryInstaller
{
    public function getInstallPath(PackageInterface $package): string
    {
        $name = $package->getPrettyName();
        return 'web/modules/contrib/' . substr($name, strpos($name, '/') + 1);
    }
}
