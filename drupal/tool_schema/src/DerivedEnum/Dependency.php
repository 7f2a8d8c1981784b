<?php

declare(strict_types=1);

namespace Drupal\tool_schema\DerivedEnum;

/**
 * Site state a definition array was built from: the source of a derived enum
 * (the plugin manager's definitions behind PluginExists, the bundle info
 * behind EntityBundleExists, the country list behind CountryCode).
 * DefinitionArrayBuilder::build() reports one per resolved constraint.
 *
 * - holds(): is the source still the very one the array was built from? The
 *   source is read again and compared with `===`, which for an unchanged
 *   source (Drupal's services hand out the same array until they rebuild it)
 *   costs one method call and a pointer comparison. Used for the copy kept in
 *   memory during a request.
 * - $tags: the cache tags Drupal invalidates when the source changes, for a
 *   copy kept in a cache bin; null when nothing tells (a plugin manager
 *   without cache tags, the country list): such an array is never persisted.
 * - $key: how DefinitionArrayBuilder::dependency() finds the source again in
 *   a later request ("plugins:<service id>", "bundles:<entity type id>",
 *   "countries"); null when it cannot (a plugin manager object handed over on
 *   a constraint object).
 */
final class Dependency {

  /**
   * @param list<string>|null $tags
   * @param \Closure(): mixed $source reads the source again
   */
  public function __construct(
    public readonly ?string $key,
    public readonly ?array $tags,
    private readonly \Closure $source,
    private readonly mixed $seen,
  ) {
  }

  /** Is the source unchanged? Anything thrown while reading it counts as a change. */
  public function holds(): bool {
    try {
      return ($this->source)() === $this->seen;
    }
    catch (\Throwable) {
      return FALSE;
    }
  }

  /** Can an array built from this source be kept in a cache bin? */
  public function persistable(): bool {
    return $this->key !== NULL && $this->tags !== NULL;
  }

}
