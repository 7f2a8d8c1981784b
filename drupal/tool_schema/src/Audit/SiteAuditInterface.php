<?php

declare(strict_types=1);

namespace Drupal\tool_schema\Audit;

/**
 * The site audit (service tool_schema.site_audit): for every Tool API tool,
 * what a model is not told and what it is told wrong.
 *
 * - `warning`: each warning normalize_schema() gives for the tool's inputs
 *   in the served schema (a regex left out, an enum too long, ...);
 * - `default` / `example`: each `default` and each `examples` entry of an
 *   input (map properties included) that Drupal's own typed-data validation
 *   rejects, or that the served JSON Schema rejects (Validation\
 *   SchemaValidator, tools/call's validator, on opis/json-schema; skipped
 *   when the site has no opis/json-schema). A PHP value is checked as JSON
 *   the way the schema reads it (Validation\JsonShape: an empty PHP array
 *   where the schema takes an object is `{}`);
 * - `declined`: a tool tool_schema cannot take (the integration serves its
 *   own schema); `error`: what threw while auditing.
 *
 * Entry points: the report page (/admin/config/services/tool-schema),
 * AuditCli::run() (the exit codes of scripts/site-audit.php), or this
 * service from any PHP code on the site.
 */
interface SiteAuditInterface {

  /**
   * @param list<string>|null $toolIds the tools to audit (null: all)
   *
   * @return array{tools: int, findings: list<array{tool: string, path: string, kind: string, message: string}>}
   *   `tools`: how many tools were audited; `path`: the input's (dotted for
   *   map properties), '' for the tool as a whole; `kind`: warning, default,
   *   example, declined or error
   */
  public function audit(?array $toolIds = NULL): array;

}
