#!/usr/bin/env bash
# Composer, proven (issue 29): `composer require drupal/tool_schema`, as the
# module's README gives it, run with the system's composer in a Drupal 10.6.15
# project (a site scripts/site.sh built, SITE_DIR target/composer-root,
# without tool_schema's module or library in it), path repositories standing
# in for the registries (Composer's is not reachable here; see
# scripts/module-tests/composer-root.php), then the site boots with what
# Composer installed: the module enabled from web/modules/contrib/tool_schema,
# the PHP twin from vendor/tool-schema/, a tool's schema served; and the site
# audit (scripts/site-audit.php, the module's SiteAudit) finds nothing on this
# stock site (issue 29: no false finding, e.g. field_add.settings' {} default).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
site="$repo/target/composer-root"
# What an earlier run's Composer installed goes first (site.sh syncs its own
# copies, and uninstalls the module), then what site.sh put in place of
# Composer: the library and the module.
rm -rf "$site/vendor/tool-schema-test" "$site/composer.lock" "$site/web/modules/contrib/tool_schema"
SITE_DIR="$site" TOOL_SCHEMA_NATIVE=0 TOOL_SCHEMA_ENABLE=0 scripts/site.sh --build-only >/dev/null 2>&1
rm -rf "$site/vendor/tool-schema" "$site/web/modules/custom/tool_schema"
php scripts/site/composer.php "$site" >/dev/null
php scripts/module-tests/composer-root.php "$site" "$repo"
cd "$site"
export COMPOSER_DISABLE_NETWORK=1 COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_NO_INTERACTION=1
echo "-- composer require drupal/tool_schema"
composer require drupal/tool_schema --no-progress 2>&1 | sed 's/^/   /'
[ -f web/modules/contrib/tool_schema/tool_schema.info.yml ] || { echo "FAIL: the module is not in web/modules/contrib/tool_schema"; exit 1; }
[ ! -L web/modules/contrib/tool_schema ] || { echo "FAIL: the module is a symlink, not a copy"; exit 1; }
[ -f vendor/tool-schema/tool-schema-php/bootstrap.php ] || { echo "FAIL: the library is not in vendor/tool-schema/tool-schema-php"; exit 1; }
[ -f vendor/tool-schema/pcre2ecma-php/composer.json ] || { echo "FAIL: pcre2ecma-php is not in vendor/tool-schema/"; exit 1; }
echo "-- the site boots with it, tool_schema enabled"
cd web
php -r '
    require "boot.php";
    \Drupal::service("module_installer")->install(["tool_schema"]);
' >/dev/null
php -r '
    require "boot.php";
    $path = \Drupal::service("extension.list.module")->getPath("tool_schema");
    $library = (new \ReflectionFunction("ToolSchema\\normalize_schema"))->getFileName();
    $schema = \Drupal::service("tool_schema.input_schemas")->toolSchema("entity_list");
    printf("module: %s\nlibrary: %s (%s)\nentity_list: %s\n", $path, $library, \ToolSchema\IMPLEMENTATION, json_encode($schema, JSON_UNESCAPED_SLASHES));
    if ($path !== "modules/contrib/tool_schema" || !str_contains($library, "/vendor/tool-schema/tool-schema-php/") || ($schema["type"] ?? null) !== "object") {
        fwrite(STDERR, "FAIL: not the module and library Composer installed, or no schema\n");
        exit(1);
    }
'
echo "-- the site audit on this stock site (no test module): silent"
php "$repo/scripts/site-audit.php" --web="$PWD" || { echo "FAIL: scripts/site-audit.php finds something on a stock site"; exit 1; }
echo "composer stage: passed"
