<?php

declare(strict_types=1);

namespace ToolSchema\Tests;

use PHPUnit\Framework\TestCase;

/**
 * The library (php/src) loads without Drupal: the Drupal glue is the module's
 * (drupal/tool_schema/), and nothing in php/src names a Drupal class. This
 * suite has no Drupal on its include path, so every class must load here.
 */
final class LibraryWithoutDrupalTest extends TestCase
{
    public function testEveryClassLoadsAndNoneNamesDrupal(): void
    {
        $src = \dirname(__DIR__, 2) . '/php/src';
        $loaded = 0;
        foreach (new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($src, \FilesystemIterator::SKIP_DOTS)) as $file) {
            if ($file->getExtension() !== 'php') {
                continue;
            }
            $code = (string) file_get_contents($file->getPathname());
            self::assertDoesNotMatchRegularExpression('/(?:^use |[\s(\\\\])\\\\?Drupal(?:\\\\[A-Za-z]|::)/m', $code, $file->getPathname() . ' names a Drupal class');
            $class = 'ToolSchema\\Php\\' . str_replace('/', '\\', substr($file->getPathname(), \strlen($src) + 1, -4));
            self::assertTrue(class_exists($class) || interface_exists($class) || trait_exists($class) || enum_exists($class), "$class loads");
            $loaded++;
        }
        self::assertGreaterThan(20, $loaded);
        self::assertFalse(class_exists('Drupal', false), 'no Drupal loaded by the library');
        self::assertDirectoryDoesNotExist($src . '/Drupal');
    }
}
