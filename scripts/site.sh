#!/usr/bin/env bash
# A whole installed Drupal 10.6.15 site with the Tool module, code-wheel's
# mcp_tools 1.0.0-alpha26 (patched with drupal/tool_schema/patches/mcp_tools-*.patch, as a
# site would apply it) and tool_schema, serving MCP on 127.0.0.1. Built from
# the pinned archives of ../shared/deps and ../shared/deps/site (checksums
# first) into SITE_DIR, never into the repository; no Composer registry:
# Debian's composer writes vendor/autoload.php offline.
#
# Usage: scripts/site.sh [--build-only | --detach | --stdio | --stop]
#   (none)        build if needed, then serve Streamable HTTP in the foreground
#                 until interrupted (Ctrl-C stops the server)
#   --detach      build if needed, start the server in the background, write
#                 SITE_DIR/server.pid, SITE_DIR/mcp-url.txt, SITE_DIR/mcp-key.txt,
#                 print the URL and the key, exit
#   --stdio       build if needed, run the site's MCP server on stdin/stdout
#                 (scripts/site/stdio.php: McpToolsServerFactory + StdioTransport)
#   --build-only  build if needed and exit
#   --stop        stop the server --detach started
# Env:
#   SITE_DIR            where the site lives (default target/site)
#   PORT                HTTP port on 127.0.0.1 (default 8888)
#   TOOL_SCHEMA_NATIVE  0: the pure-PHP twin (no extension); otherwise the
#                       extension (TOOL_SCHEMA_SO, else target/release/tool_schema.so,
#                       built with scripts/build.sh when missing)
#   TOOL_SCHEMA_ENABLE  0: tool_schema uninstalled (the site as it is without
#                       it); default 1: enabled when drupal/tool_schema/ exists
#   SITE_MCP_PATCH      0: mcp_tools as released, without drupal/tool_schema/patches/ (what a
#                       site without the patch gets)
#   SITE_MODULES        more modules to enable, comma-separated (the tests
#                       enable tests/site/modules/tool_schema_site_test)
#   TOOL_SCHEMA_DEPS    the archives (default ../shared/deps)
# Idempotent: a site built from the same archives, patches and scripts is not
# built again (the module code and the library are synced on every run).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
mode="${1:-serve}"
case "$mode" in serve|--detach|--stdio|--build-only|--stop) ;; *)
    sed -n '2,30p' "$0" >&2; exit 2 ;; esac

site="${SITE_DIR:-$repo/target/site}"
mkdir -p "$site"
site="$(cd "$site" && pwd)"
port="${PORT:-8888}"
deps="${TOOL_SCHEMA_DEPS:-$repo/../shared/deps}"
deps="$(cd "$deps" && pwd)"
log() { if [ "$mode" = --stdio ]; then echo "site.sh: $*" >&2; else echo "site.sh: $*"; fi; }

stop_server() {
    if [ -f "$site/server.pid" ]; then
        local pid; pid="$(cat "$site/server.pid")"
        if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
        rm -f "$site/server.pid"
    fi
}
if [ "$mode" = --stop ]; then stop_server; exit 0; fi

# PHP for every site command: the extension or the PHP twin.
php_args=()
if [ "${TOOL_SCHEMA_NATIVE:-1}" != 0 ]; then
    so="${TOOL_SCHEMA_SO:-$repo/target/release/tool_schema.so}"
    if [ ! -f "$so" ]; then
        log "building the extension (scripts/build.sh)"
        so="$(scripts/build.sh)"
    fi
    php_args=(-d "extension=$so")
fi
sitephp() { (cd "$site/web" && php "${php_args[@]}" "$@"); }

# --- build -------------------------------------------------------------------
(cd "$deps" && sha256sum --quiet -c SHA256SUMS) >&2 || { echo "site.sh: checksum mismatch in $deps" >&2; exit 1; }
(cd "$deps/site" && sha256sum --quiet -c SHA256SUMS) >&2 || { echo "site.sh: checksum mismatch in $deps/site" >&2; exit 1; }
shopt -s nullglob
patches=(drupal/tool_schema/patches/mcp_tools-*.patch)
[ "${SITE_MCP_PATCH:-1}" != 0 ] || patches=()
stamp="$(cat "$deps/SHA256SUMS" "$deps/site/SHA256SUMS" "$0" scripts/site/composer.php "${patches[@]}" | sha256sum | cut -c1-16)"

if [ "$(cat "$site/.built" 2>/dev/null)" != "$stamp" ] || [ ! -f "$site/web/sites/default/files/.sqlite" ]; then
    start=$SECONDS
    log "building the site in $site"
    stop_server
    chmod -R u+w "$site" 2>/dev/null || true
    find "$site" -mindepth 1 -maxdepth 1 ! -name '.' -exec rm -rf {} +
    src="$site/.src"
    mkdir -p "$src" "$site/web/modules/contrib" "$site/vendor"
    for f in "$deps"/*.tar.gz "$deps"/site/*.tar.gz; do tar -xzf "$f" -C "$src"; done

    # Core and its scaffold files (what drupal/core-composer-scaffold puts in place).
    mv "$src/drupal-core-10.6.15" "$site/web/core"
    sc="$site/web/core/assets/scaffold/files"
    cp "$sc/index.php" "$sc/update.php" "$sc/robots.txt" "$site/web/"
    cp "$sc/ht.router.php" "$site/web/.ht.router.php"
    cp "$sc/htaccess" "$site/web/.htaccess"
    mkdir -p "$site/web/sites/default"
    cp "$sc/default.settings.php" "$sc/default.services.yml" "$site/web/sites/default/"
    printf '<?php\n\nreturn require __DIR__ . %s;\n' "'/../vendor/autoload.php'" > "$site/web/autoload.php"

    # Libraries: vendor/<vendor>/<name>, named by each package's composer.json.
    for comp in "$src"/symfony-6.4.12/src/Symfony/Component/*/; do
        name="$(basename "$comp")"
        [ -f "$comp/composer.json" ] || continue
        dir="$(php -r 'echo json_decode(file_get_contents($argv[1]))->name;' "$comp/composer.json")"
        mkdir -p "$site/vendor/$(dirname "$dir")"; mv "$comp" "$site/vendor/$dir"
    done
    for c in Service Translation Deprecation EventDispatcher; do
        dir="$(php -r 'echo json_decode(file_get_contents($argv[1]))->name;' "$src/symfony-contracts-3.5/$c/composer.json")"
        mv "$src/symfony-contracts-3.5/$c" "$site/vendor/$dir"
    done
    for d in "$src"/psr-log-3.0.2 "$src"/*-v[0-9]* "$src"/*-[0-9]*; do
        [ -d "$d" ] && [ -f "$d/composer.json" ] || continue
        case "$(basename "$d")" in drupal-mcp_tools-*|tool-module-*|symfony-6.4.12|drupal-core-*) continue ;; esac
        dir="$(php -r 'echo json_decode(file_get_contents($argv[1]))->name;' "$d/composer.json")"
        mkdir -p "$site/vendor/$(dirname "$dir")"; mv "$d" "$site/vendor/$dir"
    done

    # The Tool module; on PHP 8.2 its TypedInputsTrait without the typed
    # class constants (PHP 8.3), a step of this setup applied to the copy.
    mv "$src/tool-module-2025-12-16" "$site/web/modules/contrib/tool"
    if php -r 'exit(PHP_VERSION_ID < 80300 ? 0 : 1);'; then
        sed -i -E 's/^(\s*)const (string|int|bool|array|float) ([A-Z_]+ =)/\1const \3/' \
            "$site/web/modules/contrib/tool/src/TypedInputsTrait.php"
    fi
    # mcp_tools: its info file asks PHP 8.3, its code runs on 8.2; then the
    # extension points of drupal/tool_schema/patches/, applied as a site applies patches.
    mv "$src/drupal-mcp_tools-1.0.0-alpha26" "$site/web/modules/contrib/mcp_tools"
    sed -i 's/^php: 8\.3$/php: 8.2/' "$site/web/modules/contrib/mcp_tools/mcp_tools.info.yml"
    for p in "${patches[@]}"; do
        patch -p1 --quiet --forward -d "$site/web/modules/contrib/mcp_tools" < "$p"
        log "applied $p"
    done
    rm -rf "$src"

    # tool_schema's library as a package (its composer.json), so the site's
    # autoloader loads the PHP twin when the extension is not there.
    mkdir -p "$site/vendor/tool-schema"
    cp -a php "$site/vendor/tool-schema/tool-schema-php"
    cp -a pcre2ecma/php "$site/vendor/tool-schema/pcre2ecma-php"
    php scripts/site/composer.php "$site" >/dev/null
    (cd "$site" && COMPOSER_DISABLE_NETWORK=1 COMPOSER_ALLOW_SUPERUSER=1 \
        composer dump-autoload --no-plugins --no-scripts --quiet)

    # Core's installer (SQLite under sites/default/files).
    (cd "$site/web" && php "${php_args[@]}" core/scripts/drupal install minimal --site-name="tool_schema site") \
        >"$site/install.log" 2>&1 || { echo "site.sh: the installer failed (see $site/install.log)" >&2; exit 1; }
    cat >> "$site/web/sites/default/settings.php" <<'PHP'

// scripts/site.sh: served on 127.0.0.1 only.
$settings['trusted_host_patterns'] = ['^127\.0\.0\.1$', '^localhost$'];
$settings['file_temp_path'] = __DIR__ . '/files/tmp';
PHP
    mkdir -p "$site/web/sites/default/files/tmp"
    echo "$stamp" > "$site/.built"
    log "built in $((SECONDS - start)) s"
fi

# --- sync the project's code (every run) ---------------------------------------
sync_dir() { # from to: replace `to` when its content differs
    if ! diff -rq "$1" "$2" >/dev/null 2>&1; then
        rm -rf "$2"; mkdir -p "$(dirname "$2")"; cp -a "$1" "$2"; return 0
    fi
    return 1
}
changed=0
sync_dir php "$site/vendor/tool-schema/tool-schema-php" && changed=1
sync_dir pcre2ecma/php "$site/vendor/tool-schema/pcre2ecma-php" && changed=1
if [ -d drupal/tool_schema ]; then
    sync_dir drupal/tool_schema "$site/web/modules/custom/tool_schema" && changed=1
fi
for m in tests/site/modules/*/; do
    [ -d "$m" ] || continue
    sync_dir "${m%/}" "$site/web/modules/custom/$(basename "$m")" && changed=1
done
if [ "$changed" = 1 ]; then
    (cd "$site" && COMPOSER_DISABLE_NETWORK=1 COMPOSER_ALLOW_SUPERUSER=1 \
        composer dump-autoload --no-plugins --no-scripts --quiet)
fi
cp scripts/site/boot.php scripts/site/setup.php scripts/site/stdio.php "$site/web/"
sitephp setup.php --key-file="$site/mcp-key.txt" --tool-schema="${TOOL_SCHEMA_ENABLE:-1}" \
    --also="${SITE_MODULES:-}" >&2
if [ "$changed" = 1 ]; then sitephp core/scripts/rebuild_token_calculator.sh >/dev/null 2>&1 || true; sitephp -r 'require "boot.php"; drupal_flush_all_caches();'; fi

case "$mode" in
    --build-only) exit 0 ;;
    --stdio) cd "$site/web"; exec php "${php_args[@]}" stdio.php ;;
esac

url="http://127.0.0.1:$port/_mcp_tools"
stop_server
if [ "$mode" = --detach ]; then
    (cd "$site/web" && exec php "${php_args[@]}" -S "127.0.0.1:$port" -t . .ht.router.php \
        >"$site/server.log" 2>&1) &
    echo $! > "$site/server.pid"
    pid="$(cat "$site/server.pid")"
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || break
        if php -r '$s=@fsockopen("127.0.0.1",(int)$argv[1]); exit($s?0:1);' "$port"; then break; fi
        sleep 0.1
    done
    if ! kill -0 "$pid" 2>/dev/null; then
        rm -f "$site/server.pid"
        echo "site.sh: the server did not start (port $port in use?):" >&2; tail -5 "$site/server.log" >&2; exit 1
    fi
    echo "$url" > "$site/mcp-url.txt"
    echo "MCP endpoint: $url"
    echo "API key:      $(cat "$site/mcp-key.txt")"
    exit 0
fi
echo "$url" > "$site/mcp-url.txt"
echo "MCP endpoint: $url"
echo "API key:      $(cat "$site/mcp-key.txt")"
echo "(Ctrl-C stops the server)"
cd "$site/web"
php "${php_args[@]}" -S "127.0.0.1:$port" -t . .ht.router.php &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT INT TERM
wait "$pid"
