#!/usr/bin/env bash
# The report page (/admin/config/services/tool-schema) in a real browser, on a
# whole installed site (scripts/site.sh, with tests/site/modules/
# tool_schema_site_test): Debian's Chromium, headless, logs in as user 1 with
# a one-time login link (user_pass_reset_url(), tests/site/report_login.php)
# that lands on the page, and
#   - the page lists every tool plugin, collapsed, 5 profile schemas each,
#     with the settings form and the integrations;
#   - every o200k count it shows is gpt-tokenizer's (bench/o200k-count.mjs,
#     the counter of bench/tokens.sh) for the same schema text (the ranks file
#     from scripts/o200k-ranks.sh, set as the module's setting);
#   - the audit's finding for the test module's wrong example is on it, and
#     none for field_add's empty map default;
#   - the integrations as the site has them: the serializer and mcp_tools'
#     extension points taken over (mcp_tools patched; SITE_MCP_PATCH=0: not),
#     the Tool module's input path not (the snapshot, unpatched);
#   - a screenshot: target/report-page/report.png;
#   - anonymous: 403 (curl's status, and the page Chromium renders).
# The site is REPORT_TEST_SITE_DIR (default target/site-report), served on
# 127.0.0.1:REPORT_TEST_PORT (default 18936), stopped on exit. With the
# extension (TOOL_SCHEMA_SO, else scripts/build.sh) unless TOOL_SCHEMA_NATIVE=0.
# Idempotent; each Chromium run is bounded (60 s).
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS
export SITE_DIR="${REPORT_TEST_SITE_DIR:-$PWD/target/site-report}"
export PORT="${REPORT_TEST_PORT:-18936}"
export SITE_MODULES=tool_schema_site_test TOOL_SCHEMA_ENABLE=1
out="$PWD/target/report-page"
rm -rf "$out"; mkdir -p "$out"
chromium="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$chromium" ] || { echo "FAIL: no chromium (scripts/install-deps.sh installs Debian's)"; exit 1; }

php_args=()
if [ "${TOOL_SCHEMA_NATIVE:-1}" != 0 ]; then
    so="${TOOL_SCHEMA_SO:-}"
    [ -n "$so" ] || so="$(scripts/build.sh)"
    export TOOL_SCHEMA_SO="$so"
    php_args=(-d "extension=$so")
fi
profile="$(mktemp -d)"
trap 'scripts/site.sh --stop; rm -rf "$profile"' EXIT
scripts/site.sh --detach >/dev/null
web="$SITE_DIR/web"
base="http://127.0.0.1:$PORT"
sitephp() { (cd "$web" && php "${php_args[@]}" "$@"); }

ranks="$(scripts/o200k-ranks.sh "$SITE_DIR/o200k_base.tiktoken")"
sitephp -r 'require "boot.php"; \Drupal::configFactory()->getEditable("tool_schema.settings")->set("o200k_ranks_file", $argv[1])->save();' "$(cd "$(dirname "$ranks")" && pwd)/$(basename "$ranks")"
cp tests/site/report_login.php tests/site/report_schemas.php "$web/"

browse() { # url what...: headless Chromium, a fresh profile each time
    rm -rf "$profile"/*
    timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$profile" --window-size=1280,3000 "${@:2}" "$1" 2>>"$out/chromium.log"
}

echo "-- anonymous"
code="$(curl -s -o /dev/null -w '%{http_code}' "$base/admin/config/services/tool-schema")"
[ "$code" = 403 ] || { echo "FAIL: anonymous gets $code, not 403"; exit 1; }
browse "$base/admin/config/services/tool-schema" --dump-dom > "$out/anonymous.html"
grep -q 'Access denied' "$out/anonymous.html" || { echo "FAIL: Chromium shows anonymous no 'Access denied'"; exit 1; }
if grep -q 'tool-schema-tool' "$out/anonymous.html"; then echo "FAIL: anonymous sees tools"; exit 1; fi
echo "ok   anonymous: 403, Access denied"

echo "-- admin (user 1, one-time login link)"
browse "$base$(sitephp report_login.php)" --dump-dom > "$out/report.html"
# The screenshot with the test tool opened (?tool=: its findings, its schema).
browse "$base$(sitephp report_login.php '/admin/config/services/tool-schema?tool=tool_schema_site_test_wrong_examples')" \
    --screenshot="$out/report.png" >/dev/null
[ -s "$out/report.png" ] || { echo "FAIL: no screenshot"; tail -5 "$out/chromium.log"; exit 1; }

sitephp report_schemas.php "$out/schemas.json" "$out/counts.json" > "$out/report-service.json"
(cd bench && node o200k-count.mjs "$out/schemas.json") > "$out/node-counts.json"
tools="$(sitephp -r 'require "boot.php"; echo count(array_filter(\Drupal::service("plugin.manager.tool")->getDefinitions(), fn ($d) => $d instanceof \Drupal\tool\Tool\ToolDefinition));')"
python3 tests/site/report_check.py "$out/report.html" "$out/schemas.json" "$out/counts.json" \
    "$out/node-counts.json" "$out/report.png" "$tools" "$([ "${SITE_MCP_PATCH:-1}" = 0 ] && echo 0 || echo 1)"
echo "screenshot: $out/report.png"
echo "report page stage: $((SECONDS - start)) s"
