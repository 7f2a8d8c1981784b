<?php

declare(strict_types=1);

// Test helpers of the Drupal adapter tests, required by each test file in this
// directory (tests/phpunit/bootstrap.php already loaded php/autoload.php).
//
// Drupal, the Tool module and Symfony are not installed here. The stand-ins in
// StandIn/ have the Tool module's method names. Two of the shipped classes
// extend or implement a Drupal/Symfony type; so that the shipped classes
// themselves can be loaded and tested, that type's name is aliased to a
// stand-in, only when the real one does not exist:
//   Drupal\tool\Normalizer\ContextDefinitionNormalizer  -> StandIn\StandInToolContextDefinitionNormalizer
//   Symfony\Component\EventDispatcher\EventSubscriberInterface -> StandIn\StandInEventSubscriberInterface

namespace ToolSchema\Tests\Drupal;

if (!\defined(__NAMESPACE__ . '\\BOOTSTRAPPED')) {
    \define(__NAMESPACE__ . '\\BOOTSTRAPPED', true);

    spl_autoload_register(static function (string $class): void {
        $prefix = __NAMESPACE__ . '\\';
        if (strncmp($class, $prefix, \strlen($prefix)) !== 0) {
            return;
        }
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, \strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    });

    if (!interface_exists('Symfony\Component\EventDispatcher\EventSubscriberInterface')) {
        class_alias(StandIn\StandInEventSubscriberInterface::class, 'Symfony\Component\EventDispatcher\EventSubscriberInterface');
    }
    if (!class_exists('Drupal\tool\Normalizer\ContextDefinitionNormalizer')) {
        class_alias(StandIn\StandInToolContextDefinitionNormalizer::class, 'Drupal\tool\Normalizer\ContextDefinitionNormalizer');
    }
}
