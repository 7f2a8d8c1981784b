<?php
// The site audit, from the command line: boots a Drupal site and runs the
// tool_schema module's audit (Drupal\tool_schema\Audit\SiteAudit, service
// tool_schema.site_audit; printed by AuditCli::run()): for every Tool API tool,
//   - each warning ToolSchema\normalize_schema() gives for its inputs (what a
//     model is not told: a regex left out, an enum too long, ...);
//   - each `default` and each `examples` entry of an input (map properties
//     included) that Drupal's own typed-data validation rejects, or that the
//     JSON Schema tool_schema serves for that input rejects (opis/json-schema,
//     as mcp_tools validates arguments; a PHP value read as the schema reads
//     it: an empty array where the schema takes an object is {}).
// Exit status 1 when it lists anything (2 when the site cannot be audited),
// 0 when every tool is clean. The same audit is on the module's report page
// (/admin/config/services/tool-schema); on a site with drush:
//   drush php:eval 'exit(\Drupal\tool_schema\Audit\AuditCli::run());'
//
// Usage: copy to the site's web/ (scripts/site.sh puts boot.php there) and run
//   cd web && php site-audit.php [--json]
// or from anywhere: php scripts/site-audit.php --web=/path/to/web [--json]
declare(strict_types=1);

$opts = getopt('', ['web::', 'json']);
$web = $opts['web'] ?? getcwd();
if (!is_file("$web/boot.php")) {
    fwrite(STDERR, "site-audit: no boot.php in $web (run scripts/site.sh first, or pass --web=)\n");
    exit(2);
}
putenv("SITE_WEB=$web");
require "$web/boot.php";

if (!class_exists(\Drupal\tool_schema\Audit\AuditCli::class)) {
    fwrite(STDERR, "site-audit: the tool_schema module is not enabled on this site\n");
    exit(2);
}
exit(\Drupal\tool_schema\Audit\AuditCli::run(isset($opts['json'])));
