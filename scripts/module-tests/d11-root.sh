#!/usr/bin/env bash
# Lays out a Drupal 11 root for core's test runner (issue 29), in the Debian 13
# chroot of scripts/trixie.sh (PHP 8.4, Debian's composer and PHPUnit 11.5):
#
#   ROOT/web/core                      Drupal core VERSION (target/deps, from
#                                      ../shared/deps/drupal11 by scripts/deps.sh drupal11)
#   ROOT/web/autoload.php              -> ROOT/vendor/autoload.php, as core's scaffold has it
#   ROOT/web/{index.php,.ht.router.php,...}  core's scaffold files (the Functional
#                                      tests' web server); on 11.4 also autoload_runtime.php
#                                      (d11-root.php, with vendor/autoload_runtime.php)
#   ROOT/web/modules/contrib/tool      the Tool module snapshot, unpatched
#   ROOT/web/modules/custom/tool_schema  drupal/tool_schema (synced every run)
#   ROOT/web/modules/contrib/mcp_tools  mcp_tools 1.0.0-alpha26 (../shared/deps/site),
#                                      patched with the module's patches/mcp_tools-*.patch
#   ROOT/vendor/<name>                 opis/json-schema, mcp/sdk and the libraries mcp_tools
#                                      requires (../shared/deps/site, see site_packages)
#   ROOT/vendor/forky                  the Debian forky packages' usr/share/php
#                                      (Symfony 7.4 and the rest; target/deps/forky-php-debs)
#   ROOT/vendor/behat/{mink,mink-browserkit-driver}  ../shared/deps/testing: core's
#                                      tests/bootstrap.php aliases a Mink class (the
#                                      PHPUnit bridge is not needed: core 11 has its own
#                                      deprecation handling)
#   ROOT/vendor/tool-schema/{tool-schema-php,pcre2ecma-php}  php/ and pcre2ecma/php (synced)
#   ROOT/web/core/phpunit.xml          core's phpunit.xml.dist, less failOnPhpunitWarning
#                                      when this PHPUnit does not know it (see below)
#   ROOT/vendor/autoload.php           Debian's composer, offline: dump-autoload of the
#                                      root composer.json scripts/module-tests/d11-root.php writes
#
# Core and the snapshot are copied (core's tests/bootstrap.php finds the
# root as dirname(__DIR__, 2) of its real path, so no symlink), and only
# again when the archives or these scripts change; the module and the
# library are compared and replaced on every run. Nothing enters the
# repository.
#
# Usage (from the repository root, in the chroot):
#   bash scripts/module-tests/d11-root.sh VERSION ROOT
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
version="${1:?version}"
root="${2:?root}"
deps="$repo/target/deps"
testing="${TOOL_SCHEMA_DEPS:-$repo/../shared/deps}/testing"
site="${TOOL_SCHEMA_DEPS:-$repo/../shared/deps}/site"
# From ../shared/deps/site, as scripts/site.sh lays them out for 10.6 (each
# lints clean on PHP 8.4): opis/json-schema (the module's validator, the
# site audit), mcp_tools 1.0.0-alpha26 with the module's
# patches/mcp_tools-*.patch (RequirementsTest enables it) and the libraries
# it requires, Symfony's PSR-7 bridge (core's psr7 services, which the
# installer's container compiles for the Functional tests). Guzzle and the PSR HTTP interfaces are Debian 13's (see
# d11-root.php).
site_packages=(opis-json-schema-2.5.0 opis-string-2.0.2 opis-uri-1.1.0 mcp-sdk-v0.2.2
    code-wheel-mcp-error-codes-v1.2.3 code-wheel-mcp-events-v2.1.1 code-wheel-mcp-http-security-v1.0.4
    psr-clock-1.0.0 psr-http-server-handler-1.0.2 psr-http-server-middleware-1.0.2
    php-http-discovery-1.19.3 phpdocumentor-reflection-common-2.2.0
    phpdocumentor-reflection-docblock-5.3.0 phpdocumentor-type-resolver-1.8.2
    phpstan-phpdoc-parser-1.33.0 webmozart-assert-1.12.1 symfony-polyfill-uuid-v1.29.0
    symfony-psr-http-message-bridge-v6.4.12)
patches=(drupal/tool_schema/patches/mcp_tools-*.patch)
for d in "drupal-core-$version" tool-module-2025-12-16 forky-php-debs/usr/share/php; do
    [ -d "$deps/$d" ] || { echo "d11-root.sh: no $deps/$d (scripts/deps.sh drupal11)" >&2; exit 1; }
done

stamp="$(cat "$deps/.drupal-core-$version.sha256" "$deps/.tool-module-2025-12-16.sha256" \
    "$deps/.forky-php-debs.sha256" "$testing/SHA256SUMS" "$site/SHA256SUMS" "${patches[@]}" \
    scripts/module-tests/d11-root.sh | sha256sum | cut -c1-16)"
(cd "$site" && sha256sum --quiet -c SHA256SUMS)
if [ "$(cat "$root/.built" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$root"
    mkdir -p "$root/web/modules/contrib" "$root/web/modules/custom" "$root/web/profiles" \
        "$root/web/themes" "$root/web/sites/simpletest/browser_output" "$root/vendor/tool-schema"
    cp -a "$deps/drupal-core-$version" "$root/web/core"
    cp -a "$deps/tool-module-2025-12-16" "$root/web/modules/contrib/tool"
    cp -a "$deps/forky-php-debs/usr/share/php" "$root/vendor/forky"
    for f in "$testing"/behat-mink-*.tar.gz "${site_packages[@]/#/$site/}"; do
        f="${f%.tar.gz}.tar.gz"
        name="$(basename "$f" .tar.gz)"
        tmp="$(mktemp -d)"; tar -xzf "$f" -C "$tmp"
        dir="$(php -r 'echo json_decode(file_get_contents($argv[1]))->name;' "$tmp/$name/composer.json")"
        mkdir -p "$root/vendor/$(dirname "$dir")"; mv "$tmp/$name" "$root/vendor/$dir"; rm -rf "$tmp"
    done
    tar -xzf "$site/drupal-mcp_tools-1.0.0-alpha26.tar.gz" -C "$root/web/modules/contrib"
    mv "$root/web/modules/contrib/drupal-mcp_tools-1.0.0-alpha26" "$root/web/modules/contrib/mcp_tools"
    for p in "${patches[@]}"; do
        patch -p1 --quiet --forward -d "$root/web/modules/contrib/mcp_tools" < "$p"
    done
    printf '<?php\n\nreturn require __DIR__ . %s;\n' "'/../vendor/autoload.php'" > "$root/web/autoload.php"
    # Core's scaffold files that the Functional tests' web server serves
    # (as scripts/site.sh puts them on the 10.6 root).
    sc="$root/web/core/assets/scaffold/files"
    cp "$sc/index.php" "$sc/update.php" "$sc/robots.txt" "$root/web/"
    cp "$sc/ht.router.php" "$root/web/.ht.router.php"
    cp "$sc/htaccess" "$root/web/.htaccess"
    mkdir -p "$root/web/sites/default"
    cp "$sc/default.settings.php" "$sc/default.services.yml" "$root/web/sites/default/"
    echo "$stamp" > "$root/.built"
fi

sync_dir() { # from to: replace `to` when its content differs
    if ! diff -rq "$1" "$2" >/dev/null 2>&1; then
        rm -rf "$2"; mkdir -p "$(dirname "$2")"; cp -a "$1" "$2"
    fi
}
sync_dir drupal/tool_schema "$root/web/modules/custom/tool_schema"
sync_dir php "$root/vendor/tool-schema/tool-schema-php"
sync_dir pcre2ecma/php "$root/vendor/tool-schema/pcre2ecma-php"

# Core's PHPUnit configuration as Drupal's documentation has a site adapt it
# (a copy, core/phpunit.xml): core 11.3/11.4's phpunit.xml.dist sets
# failOnPhpunitWarning="true", an attribute newer than Debian 13's PHPUnit
# 11.5.19, whose schema validation then warns and fails every run. 11.5.19
# fails on PHPUnit warnings anyway (what the attribute asks), so dropping
# the line changes nothing else; the copy is checked to differ by that line
# alone, and is core's file unchanged on a PHPUnit that knows the attribute.
dist="$root/web/core/phpunit.xml.dist"
if grep -rqs failOnPhpunitWarning /usr/share/php/PHPUnit/TextUI/Configuration/Xml/; then
    cp "$dist" "$root/web/core/phpunit.xml"
else
    sed '/^ *failOnPhpunitWarning="true"$/d' "$dist" > "$root/web/core/phpunit.xml"
    if [ "$(diff "$dist" "$root/web/core/phpunit.xml" | grep -c '^[<>]')" != 1 ]; then
        echo "d11-root.sh: core/phpunit.xml should differ from phpunit.xml.dist by the failOnPhpunitWarning line alone" >&2
        exit 1
    fi
fi

php scripts/module-tests/d11-root.php "$root"
(cd "$root" && COMPOSER_DISABLE_NETWORK=1 COMPOSER_ALLOW_SUPERUSER=1 \
    composer dump-autoload --no-plugins --no-scripts --quiet)
