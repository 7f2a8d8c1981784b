#!/usr/bin/env bash
# The module's own tests (drupal/tool_schema/tests/src/{Unit,Kernel,Functional}) on core's
# test runner on Drupal 11 (issue 29): Drupal core 11.3.16 and 11.4.5 on PHP
# 8.4 and Debian 13's PHPUnit 11.5, in the chroot of scripts/trixie.sh, as
# 72-module-tests.sh runs them on Drupal 10.6. For each core,
# scripts/module-tests/d11-root.sh lays out a root in
# target/module-root-d11/<version> (web/core, the Tool module snapshot,
# the module, the library, Symfony 7.4 from the forky debs, Debian 13's
# Twig, VarDumper, prophecy-phpunit and vfsStream; vendor/autoload.php by
# Debian's composer, offline), then, from its web/:
#
#   phpunit -c core/phpunit.xml modules/custom/tool_schema/tests
#
# (core/phpunit.xml: core's phpunit.xml.dist less the one attribute
# Debian's PHPUnit 11.5.19 does not know, see d11-root.sh; its
# tests/bootstrap.php, its extensions), KernelTestBase on SQLite,
# BrowserTestBase against PHP's built-in server on the root
# (127.0.0.1:MODULE_TESTS_D11_PORT, default 18935; d11-run.sh), first
# without the extension (the PHP twin), then with the Debian 13 stage's
# build for PHP 8.4 (target/debian13/tree, as 91-drupal11.sh uses it). The
# extension is given by an ini file in PHP_INI_SCAN_DIR, not `php -d`:
# kernel tests run in a separate process (#[RunTestsInSeparateProcesses]),
# which PHPUnit starts without the parent's -d settings; TOOL_SCHEMA_EXPECT
# (native or php) has InputSchemasTest check, in that process, which
# implementation runs.
#
# Bounded: each PHPUnit run has 600 s. Idempotent: the roots are laid out
# again only when the archives or d11-root.sh change; the module and the
# library are synced on every run. Prints PHPUnit's closing lines and the
# wall time of each part.
#
# Alone: bash scripts/test.d/92-module-tests-d11.sh after 90-debian13.sh (its
# chroot and its build; it fails when that stage's copy of the work tree is
# missing or older than the Rust sources here). TOOL_SCHEMA_D11_VERSIONS picks
# the cores (default "11.3.16 11.4.5").
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
tree="$(scripts/lib/debian13-tree.sh 92-module-tests-d11)"

deps="${TOOL_SCHEMA_DEPS:-$repo/../shared/deps}"
(cd "$deps/testing" && sha256sum --quiet -c SHA256SUMS)
scripts/deps.sh drupal11 >/dev/null
scripts/trixie.sh setup

out="$repo/target/module-root-d11"
mkdir -p "$out"
times=()
failed=0
part() { # name command...: runs it, keeps its wall time, goes on after a failure
    local name="$1" start=$SECONDS rc=0
    shift
    echo "-- $name"
    "$@" || rc=$?
    local took=$((SECONDS - start))
    local note=""
    [ "$rc" = 0 ] || { note="  FAILED (exit $rc)"; failed=1; }
    echo "-- $name: ${took}s$note"
    times+=("$(printf '%5ds  %s%s' "$took" "$name" "$note")")
}
summary() {
    printf '\n-- module tests on Drupal 11, wall time\n'
    printf '%s\n' "${times[@]}"
}
trap summary EXIT

# The o200k ranks for O200kTokenizerTest, as 72-module-tests.sh has them.
ranks=""
if ! ranks="$(scripts/o200k-ranks.sh "$repo/target/o200k_base.tiktoken" 2>/dev/null)"; then
    ranks=""
    echo "-- no o200k ranks (scripts/o200k-ranks.sh failed): O200kTokenizerTest compares nothing"
fi
# The Functional tests' web server (scripts/module-tests/d11-run.sh).
port="${MODULE_TESTS_D11_PORT:-18935}"

so=""
build() {
    # The Debian 13 stage's build, with its environment: cargo finds it up
    # to date and only prints the path.
    so=$(cd "$tree" && "$repo/scripts/trixie.sh" run env TOOL_SCHEMA_PHP_CONFIG=/usr/bin/php-config8.4 scripts/build.sh | tail -n1)
    mkdir -p "$out/ini"
    printf 'extension=%s\n' "$so" > "$out/ini/tool_schema.ini"
    scripts/trixie.sh run env PHP_INI_SCAN_DIR=":$out/ini" php -r 'echo "extension for PHP ", PHP_VERSION, ": ", ToolSchema\IMPLEMENTATION, " ", ToolSchema\VERSION, PHP_EOL;'
}
part "the Debian 13 stage's extension for PHP 8.4 (target/debian13/tree)" build

# module_tests VERSION IMPLEMENTATION [ENV...]: the module's tests from the root's
# web/ (scripts/module-tests/d11-run.sh: PHP's built-in server for the
# Functional tests, then PHPUnit), a fresh SQLite folder each run; the
# closing lines printed (all of PHPUnit's output when it fails).
module_tests() {
    local version="$1" expect="$2" log rc=0
    shift 2
    log="$out/$version-$expect.log"
    rm -rf "$out/db-$version"
    mkdir -p "$out/db-$version"
    "$repo/scripts/trixie.sh" run env "$@" TOOL_SCHEMA_EXPECT="$expect" ${ranks:+TOOL_SCHEMA_O200K_RANKS="$ranks"} \
        bash scripts/module-tests/d11-run.sh "$out/$version" "$out/db-$version" "$port" >"$log" 2>&1 || rc=$?
    rm -rf "$out/db-$version"
    if [ "$rc" = 0 ]; then
        grep -E '^(PHPUnit |Runtime:|Configuration:)' "$log" | sed 's/^/   /'
        # The deprecations the tests triggered (core lists each with its
        # message on the line after its number).
        awk '/^[0-9]+\) \// {getline m; print "   deprecation: " m}' "$log"
        tail -n 2 "$log" | sed 's/^/   /'
    else
        cat "$log"
    fi
    return "$rc"
}

for version in ${TOOL_SCHEMA_D11_VERSIONS:-11.3.16 11.4.5}; do
    part "Drupal $version: the root (target/module-root-d11/$version)" \
        scripts/trixie.sh run bash scripts/module-tests/d11-root.sh "$version" "$out/$version"
    part "Drupal $version: the module's tests on core's runner, PHP twin" \
        module_tests "$version" php
    part "Drupal $version: the module's tests on core's runner, with the extension" \
        module_tests "$version" native PHP_INI_SCAN_DIR=":$out/ini"
done
exit "$failed"
