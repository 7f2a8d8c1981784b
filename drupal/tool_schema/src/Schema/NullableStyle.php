<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Schema;

/**
 * The `nullable` option that matches the JSON Schema a site emits for an
 * optional input: up to Drupal 11.1 the Tool module's own normalizers write
 * `"type": ["string", "null"]` ("type_array"); core's JSON Schema normalizers,
 * which write `"oneOf": [{...}, {"type": "null"}]` ("one_of"), first ship in
 * Drupal 11.2.0 (the Tool module's LegacyTypedDataNormalizer steps aside when
 * core's `Drupal\Core\Serialization\Attributes\JsonSchema` exists; Drupal
 * 10.6 has no such class).
 */
final class NullableStyle {

  public const TYPE_ARRAY = 'type_array';
  public const ONE_OF = 'one_of';

  /**
   * @param string $version A Drupal core version: \Drupal::VERSION
   *   ("10.3.6", "11.1.0", "11.2-dev", "11.x-dev", ...).
   *
   * @throws \InvalidArgumentException When $version does not start with a
   *   major version number.
   */
  public static function forCoreVersion(string $version): string {
    if (preg_match('/^\s*(\d+)(?:\.(\d+|x))?/', $version, $m) !== 1) {
      throw new \InvalidArgumentException("not a Drupal core version: \"$version\"");
    }
    $major = (int) $m[1];
    $minor = $m[2] ?? '0';
    if ($major < 11) {
      return self::TYPE_ARRAY;
    }
    if ($major === 11 && $minor !== 'x' && (int) $minor < 2) {
      return self::TYPE_ARRAY;
    }
    return self::ONE_OF;
  }

  /** The running Drupal's core version (\Drupal::VERSION), or null outside Drupal. */
  public static function runningCoreVersion(): ?string {
    return \defined('Drupal::VERSION') ? (string) \constant('Drupal::VERSION') : NULL;
  }

}
