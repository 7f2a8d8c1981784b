<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

use Drupal\Component\Plugin\Context\ContextDefinitionInterface;
use Drupal\Core\TypedData\DataDefinitionInterface;
use Psr\Log\LoggerInterface;

/**
 * The warnings of normalize_schema() for a tool's inputs, each with the input
 * it belongs to (taken from its path, so nothing is normalized again to tell),
 * and how they are logged on the tool_schema channel.
 */
final class InputWarnings {

  /**
   * A tool's warnings per input, paths relative to the input (as
   * InputSchemaGenerator::inputSchema() gives an input's), and those of the
   * tool as a whole (a profile's size limit, counted per schema).
   *
   * @param list<array{code: string, path: string, message: string}> $warnings paths from the tool's root
   * @param list<string> $names the tool's input names
   * @return array{array<string, list<array{code: string, path: string, message: string}>>, list<array{code: string, path: string, message: string}>}
   */
  public static function split(array $warnings, array $names): array {
    // Longest names first: "a.b" is not an input "a" at path "b".
    usort($names, static fn (string $a, string $b): int => \strlen($b) <=> \strlen($a));
    $inputs = [];
    $tool = [];
    foreach ($warnings as $warning) {
      $name = self::input($warning['path'], $names);
      if ($name === NULL) {
        $tool[] = $warning;
        continue;
      }
      $prefix = "properties.$name";
      $warning['path'] = $warning['path'] === $prefix ? '' : substr($warning['path'], \strlen($prefix) + 1);
      $inputs[$name][] = $warning;
    }
    return [$inputs, $tool];
  }

  /**
   * The warnings of a tool's schema, each with the name of its input
   * (`input`; null for the tool as a whole), paths kept from the tool's
   * root.
   *
   * @param list<array{code: string, path: string, message: string}> $warnings
   * @param list<string> $names
   * @return list<array{code: string, path: string, message: string, input: string|null}>
   */
  public static function attributed(array $warnings, array $names): array {
    usort($names, static fn (string $a, string $b): int => \strlen($b) <=> \strlen($a));
    $out = [];
    foreach ($warnings as $warning) {
      $warning['input'] = self::input($warning['path'], $names);
      $out[] = $warning;
    }
    return $out;
  }

  /**
   * Logs each warning of an input's schema at warning level, as
   * "tool_schema: @code at @path: @warning" (@label: the input's label).
   *
   * @param list<array{code: string, path: string, message: string}> $warnings paths relative to the input
   */
  public static function logInput(?LoggerInterface $logger, ContextDefinitionInterface|DataDefinitionInterface $definition, array $warnings): void {
    self::log($logger, self::label($definition), $warnings);
  }

  /**
   * Logs the warnings of a tool as a whole (@label: the tool plugin id).
   *
   * @param list<array{code: string, path: string, message: string}> $warnings
   */
  public static function logTool(?LoggerInterface $logger, string $pluginId, array $warnings): void {
    self::log($logger, $pluginId, $warnings);
  }

  /**
   * Logs that an input definition cannot be normalized and the Tool module's
   * own schema is used; with the tool's plugin id when it is known (the
   * input of a tool plugin), so that the log names the tool.
   */
  public static function logError(?LoggerInterface $logger, ContextDefinitionInterface|DataDefinitionInterface $definition, string $error, ?string $pluginId = NULL): void {
    if ($pluginId === NULL) {
      $logger?->error('tool_schema: cannot normalize the @label input definition (@error); the Tool module\'s own schema is used', [
        '@label' => self::label($definition),
        '@error' => $error,
      ]);
      return;
    }
    $logger?->error('tool_schema: cannot normalize the @label input of the @tool tool (@error); the Tool module\'s own schema is used', [
      '@label' => self::label($definition),
      '@tool' => $pluginId,
      '@error' => $error,
    ]);
  }

  /**
   * A definition's label for a log message; '' when reading it throws (the
   * definition is broken, which is what is being logged).
   */
  public static function label(ContextDefinitionInterface|DataDefinitionInterface $definition): string {
    try {
      return (string) $definition->getLabel();
    }
    catch (\Throwable) {
      return '';
    }
  }

  /** @param list<array{code: string, path: string, message: string}> $warnings */
  private static function log(?LoggerInterface $logger, string $label, array $warnings): void {
    foreach ($warnings as $w) {
      $logger?->warning('tool_schema: @code at @path: @warning', [
        '@code' => $w['code'],
        '@path' => $w['path'] === '' ? '(root)' : $w['path'],
        '@warning' => $w['message'],
        '@label' => $label,
      ]);
    }
  }

  /** @param list<string> $names longest first */
  private static function input(string $path, array $names): ?string {
    foreach ($names as $name) {
      $prefix = "properties.$name";
      if ($path === $prefix || str_starts_with($path, "$prefix.")) {
        return $name;
      }
    }
    return NULL;
  }

}
