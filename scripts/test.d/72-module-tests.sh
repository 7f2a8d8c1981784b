#!/usr/bin/env bash
# The module's own tests (drupal/tool_schema/tests/src/{Unit,Kernel}), where
# Drupal looks for them, run by core's own PHPUnit configuration
# (core/phpunit.xml.dist, core's tests/bootstrap.php) from a Drupal 10.6.15
# root built by scripts/site.sh out of ../shared/deps (SITE_DIR
# target/module-root), with what core's test base classes need beyond core
# from ../shared/deps/testing (Mink, its BrowserKit driver, the PHPUnit bridge)
# and Debian (PHPUnit 9.6, prophecy-phpunit, vfsStream). KernelTestBase on
# SQLite. Without the extension (the PHP twin), then with it.
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

db="$(mktemp -d)"
trap 'rm -rf "$db"' EXIT
run() { # php-args...
    (cd "$SITE_DIR/web" && SIMPLETEST_DB="sqlite://localhost/$db/test.sqlite" \
        php "$@" "$(command -v phpunit)" -c core/phpunit.xml.dist \
        --bootstrap "$repo/scripts/module-tests/bootstrap.php" modules/custom/tool_schema/tests)
}
echo "-- the module's tests on core's runner, PHP twin"
run
so="${TOOL_SCHEMA_SO:-}"
if [ -n "$so" ]; then
    echo "-- the module's tests on core's runner, with the extension"
    run -d "extension=$so"
fi
