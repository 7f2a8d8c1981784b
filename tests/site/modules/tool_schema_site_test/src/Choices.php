<?php

declare(strict_types=1);

namespace Drupal\tool_schema_site_test;

/**
 * Choice callbacks for the test tools.
 */
final class Choices {

  /**
   * A Choice callback that fails, as a buggy module's would.
   */
  public static function broken(): array {
    throw new \RuntimeException('tool_schema_site_test: this choice callback fails on purpose');
  }

}
