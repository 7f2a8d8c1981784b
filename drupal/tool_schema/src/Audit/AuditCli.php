<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Audit;

/**
 * The site audit from the command line, on a booted site:
 *
 *     drush php:eval 'exit(\Drupal\tool_schema\Audit\AuditCli::run());'
 *     drush php:eval 'exit(\Drupal\tool_schema\Audit\AuditCli::run(TRUE));'   # JSON
 *
 * or scripts/site-audit.php of the tool_schema project (boots a site
 * without drush, then calls this). Prints one line per finding
 * ("TOOL PATH [KIND] MESSAGE", PATH "-" for the tool as a whole) and a
 * summary, or with $json a JSON document {"tools": N, "findings": [...]}.
 */
final class AuditCli {

  /** Exit status: every tool is clean. */
  public const CLEAN = 0;

  /** Exit status: there are findings. */
  public const FINDINGS = 1;

  /** Exit status: the site cannot be audited (tool_schema not enabled). */
  public const CANNOT_AUDIT = 2;

  /**
   * @param resource|null $out where to print (default STDOUT)
   * @param resource|null $err where to print why the site cannot be audited (default STDERR)
   *
   * @return int CLEAN, FINDINGS or CANNOT_AUDIT
   */
  public static function run(bool $json = FALSE, $out = NULL, $err = NULL): int {
    $out ??= \defined('STDOUT') ? STDOUT : fopen('php://output', 'w');
    $err ??= \defined('STDERR') ? STDERR : $out;
    if (!\Drupal::hasContainer() || !\Drupal::hasService('tool_schema.site_audit')) {
      fwrite($err, "site-audit: the tool_schema module is not enabled on this site\n");
      return self::CANNOT_AUDIT;
    }
    $result = \Drupal::service('tool_schema.site_audit')->audit();
    if ($json) {
      fwrite($out, json_encode($result, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
    }
    else {
      foreach ($result['findings'] as $f) {
        fwrite($out, sprintf("%s %s [%s] %s\n", $f['tool'], $f['path'] === '' ? '-' : $f['path'], $f['kind'], $f['message']));
      }
      fwrite($out, sprintf("site-audit: %d tools, %d findings\n", $result['tools'], \count($result['findings'])));
    }
    return $result['findings'] === [] ? self::CLEAN : self::FINDINGS;
  }

}
