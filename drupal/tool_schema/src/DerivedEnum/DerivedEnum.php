<?php

declare(strict_types=1);

namespace Drupal\tool_schema\DerivedEnum;

/**
 * An enum derived from site state, resolved: its choices and the state they
 * were read from (how to tell it changed, what invalidates it).
 */
final class DerivedEnum {

  /**
   * @param list<int|string> $choices
   */
  public function __construct(
    public readonly array $choices,
    public readonly Dependency $dependency,
  ) {
  }

}
