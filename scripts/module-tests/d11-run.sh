#!/usr/bin/env bash
# Runs the module's tests on core's runner from a Drupal 11 root that
# d11-root.sh laid out, in the Debian 13 chroot of scripts/trixie.sh (called
# by scripts/test.d/92-module-tests-d11.sh): PHP's built-in server on the
# root's web/ at 127.0.0.1:PORT for the Functional tests (BrowserTestBase),
# as 72-module-tests.sh serves the 10.6 root, then
#
#   phpunit -c core/phpunit.xml modules/custom/tool_schema/tests
#
# from web/ with KernelTestBase on SQLite in DB, bounded by 600 s; the
# server is stopped after the run. The environment (PHP_INI_SCAN_DIR for the
# extension, TOOL_SCHEMA_EXPECT, TOOL_SCHEMA_O200K_RANKS) reaches both the
# server and PHPUnit.
#
# Usage (in the chroot): bash scripts/module-tests/d11-run.sh ROOT DB PORT
set -euo pipefail
root="${1:?root}"
db="${2:?database folder}"
port="${3:?port}"
cd "$root/web"
php -S "127.0.0.1:$port" -t . .ht.router.php >"$db/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
    php -r '$s=@fsockopen("127.0.0.1",(int)$argv[1]); exit($s?0:1);' "$port" && break
    kill -0 "$server" 2>/dev/null || { echo "the test web server did not start (port $port in use?)"; cat "$db/server.log"; exit 1; }
    sleep 0.1
done
SIMPLETEST_DB="sqlite://localhost/$db/test.sqlite" SIMPLETEST_BASE_URL="http://127.0.0.1:$port" \
    BROWSERTEST_OUTPUT_DIRECTORY="$db" \
    timeout 600 phpunit -c core/phpunit.xml modules/custom/tool_schema/tests
