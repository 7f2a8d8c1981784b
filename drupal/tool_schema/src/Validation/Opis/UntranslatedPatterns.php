<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Validation\Opis;

/**
 * The `pattern` values of the schemas compiled so far that EcmaPattern could
 * not translate, with the reason: they are not checked (PatternParser).
 */
final class UntranslatedPatterns {

  /** @var array<string, string> pattern => reason */
  private array $patterns = [];

  public function add(string $pattern, string $reason): void {
    $this->patterns[$pattern] = $reason;
  }

  /** @return array<string, string> pattern => reason */
  public function all(): array {
    return $this->patterns;
  }

}
