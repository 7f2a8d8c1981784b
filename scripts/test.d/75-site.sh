#!/usr/bin/env bash
# A whole installed Drupal 10.6.15 site (scripts/site.sh: the Tool module,
# mcp_tools alpha26 patched with drupal/tool_schema/patches/mcp_tools-*.patch, SQLite) and a
# pinned real MCP client (PyPI mcp==2.3.0 in target/site-venv) over Streamable
# HTTP and STDIO (tests/site/mcp_client.py, asserted by tests/site/check.py):
#   1. baseline, tool_schema off (with the test module
#      tests/site/modules/tool_schema_site_test: broken definitions, a wrong
#      default and example): every listed inputSchema is mcp_tools' own
#      converter's, HTTP = STDIO, and its known defects hold (the 15 enum
#      inputs without enum; entity_id "1.5" loads user 1; ...);
#   2. tool_schema on, with the extension and with the PHP twin: every
#      inputSchema is what tool_schema.input_schemas gives (tests/site/expected.php
#      boots the site), the 15 enums, model-style mistakes repaired and the
#      calls succeed, entity inputs in their advertised form (an ID,
#      "TYPE:ID") loaded and the tools run, `{}` taken as an object, a missing
#      entity and one the API user may not view refused alike, ambiguous
#      values refused before the tool runs with one line per violation (the
#      path, what was expected, what was received; no unfilled template, no
#      additionalProperties without an extra key), the bad definitions served
#      as before, native = PHP twin, HTTP = STDIO;
#   3. the site audit (scripts/site-audit.php) finds the test tool's wrong
#      default and example;
#   4. tool_schema uninstalled: the list of step 1 again;
#   5. a second site with mcp_tools as released (no patch): enabling
#      tool_schema installs and leaves tools/list and the calls as they were,
#      and its status report warns that mcp_tools is not taken over (what the
#      site loses; tests/site/requirements.php), where the patched site's
#      does not.
# Until the module decorates mcp_tools' services (drupal/tool_schema), steps 2-5
# are skipped with a notice. The sites are SITE_TEST_DIR (default
# target/site-ci, apart from scripts/site.sh's target/site: the test module
# stays enabled there) and SITE_TEST_DIR-nopatch; the server listens on
# 127.0.0.1:SITE_TEST_PORT (default 18931) and is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS
export SITE_DIR="${SITE_TEST_DIR:-$PWD/target/site-ci}"
export PORT="${SITE_TEST_PORT:-18931}"
export SITE_MODULES=tool_schema_site_test
out="$PWD/target/site-test"
rm -rf "$out"; mkdir -p "$out"

py="$(scripts/lib/site-venv.sh)"
trap 'scripts/site.sh --stop; SITE_DIR="$SITE_DIR-nopatch" scripts/site.sh --stop' EXIT

so="${TOOL_SCHEMA_SO:-}"
if [ -z "$so" ]; then so="$(scripts/build.sh)"; fi
export TOOL_SCHEMA_SO="$so"
web="$SITE_DIR/web"
client() { # name: over HTTP (the server site.sh --detach started), then over
    # STDIO (scripts/site.sh --stdio, same environment)
    local name="$1"
    timeout 300 "$py" tests/site/mcp_client.py http "$(cat "$SITE_DIR/mcp-url.txt")" "$SITE_DIR/mcp-key.txt" \
        "$out/$name-http.json" tests/site/calls.json
    timeout 300 "$py" tests/site/mcp_client.py stdio "$out/$name-stdio.json" tests/site/calls.json scripts/site.sh --stdio
}
expected() { cp tests/site/expected.php "$web/"; (cd "$web" && php "$@" expected.php); }
requirements() { # web-dir php-args...: tool_schema's hook_requirements() rows (tests/site/requirements.php)
    local dir="$1"; shift
    cp tests/site/requirements.php "$dir/"; (cd "$dir" && php "$@" requirements.php)
}
implementation() { # php-args...: which implementation the site's PHP runs, and the server's
    local cli server
    cli="$(cd "$web" && php "$@" -r 'require "boot.php"; echo \ToolSchema\IMPLEMENTATION;')"
    server="$(ps -o args= -p "$(cat "$SITE_DIR/server.pid")")"
    case "$server" in *"extension=$so"*) server=native ;; *) server=php ;; esac
    echo "$cli/$server"
}

echo "-- baseline: tool_schema off"
export TOOL_SCHEMA_ENABLE=0
scripts/site.sh --detach >/dev/null
client base
expected -d "extension=$so" > "$out/base-expected.json"
python3 tests/site/check.py baseline "$out"

if ! grep -qs 'mcp_tools.schema_converter' drupal/tool_schema/tool_schema.services.yml; then
    echo "-- SKIP steps 2-5: drupal/tool_schema does not decorate mcp_tools.schema_converter yet"
    echo "site stage: $((SECONDS - start)) s"
    exit 0
fi

echo "-- tool_schema on, native"
export TOOL_SCHEMA_ENABLE=1
scripts/site.sh --detach >/dev/null
[ "$(implementation -d "extension=$so")" = native/native ] || { echo "FAIL: not the extension"; exit 1; }
client on-native
expected -d "extension=$so" > "$out/on-expected.json"
requirements "$web" -d "extension=$so" > "$out/on-requirements.json"
echo "-- tool_schema on, PHP twin"
export TOOL_SCHEMA_NATIVE=0
scripts/site.sh --detach >/dev/null
[ "$(implementation)" = php/php ] || { echo "FAIL: not the PHP twin"; exit 1; }
client on-php
expected > "$out/on-expected-php.json"
unset TOOL_SCHEMA_NATIVE
python3 tests/site/check.py module "$out"
(cd "$web" && php -r 'require "boot.php";
    $rows = \Drupal::database()->query("SELECT message, variables FROM {watchdog} WHERE type = :t", [":t" => "tool_schema"])->fetchAll();
    foreach ($rows as $r) { echo strtr($r->message, array_map("strval", (array) unserialize($r->variables, ["allowed_classes" => false]) ?: [])), "\n"; }') \
    > "$out/tool_schema-log.txt"
for t in tool_schema_site_test_throwing_definition tool_schema_site_test_bad_option \
         tool_schema_site_test_broken_callback tool_schema_site_test_missing_manager; do
    grep -q "$t" "$out/tool_schema-log.txt" || { echo "FAIL: $t is not in the tool_schema log"; exit 1; }
done
echo "bad definitions: each of the 4 logged on the tool_schema channel"

echo "-- site audit"
cp scripts/site-audit.php "$web/"
set +e
(cd "$web" && php -d "extension=$so" site-audit.php) > "$out/audit.txt"
rc=$?
set -e
cat "$out/audit.txt"
[ "$rc" != 0 ] || { echo "FAIL: the audit exits 0 with a wrong default and a wrong example on the site"; exit 1; }
grep -q 'tool_schema_site_test_wrong_examples.*count.*default' "$out/audit.txt" || { echo "FAIL: the audit misses the wrong default"; exit 1; }
grep -q 'tool_schema_site_test_wrong_examples.*size.*example' "$out/audit.txt" || { echo "FAIL: the audit misses the wrong example"; exit 1; }

echo "-- tool_schema uninstalled"
export TOOL_SCHEMA_ENABLE=0
scripts/site.sh --detach >/dev/null
timeout 300 "$py" tests/site/mcp_client.py http "$(cat "$SITE_DIR/mcp-url.txt")" "$SITE_DIR/mcp-key.txt" "$out/off-http.json"
python3 tests/site/check.py uninstalled "$out"
scripts/site.sh --stop

echo "-- mcp_tools without the patch (a second site): tool_schema installs and changes nothing there"
nopatch="$SITE_DIR-nopatch"
for on in 0 1; do
    SITE_DIR="$nopatch" SITE_MCP_PATCH=0 TOOL_SCHEMA_ENABLE=$on scripts/site.sh --detach >/dev/null
    timeout 300 "$py" tests/site/mcp_client.py http "$(cat "$nopatch/mcp-url.txt")" "$nopatch/mcp-key.txt" \
        "$out/nopatch-$([ $on = 1 ] && echo on || echo off)-http.json" tests/site/calls.json
    [ $on = 0 ] || requirements "$nopatch/web" -d "extension=$so" > "$out/nopatch-requirements.json"
done
SITE_DIR="$nopatch" scripts/site.sh --stop
python3 tests/site/check.py nopatch "$out"
echo "site stage: $((SECONDS - start)) s"
