#!/usr/bin/env bash
# Every test, on a fresh Debian 12 machine as root: installs what is missing,
# then runs the Rust tests (fixtures against the Rust core), PHPUnit against the
# pure-PHP implementation without the extension, PHPUnit with the extension
# (fixtures against both implementations and the native-vs-PHP parity test on
# 10,000 random definitions and 10,000 random values), then the stage scripts in
# scripts/test.d/ (coerce parity with Rust, the regex differential test, ...).
# Stops at the first failure.
#
# TOOL_SCHEMA_TEST_PHP_ONLY=1 runs only what depends on the PHP it finds (the
# Debian 13 stage, scripts/test.d/90-debian13.sh, runs it so in its chroot with
# PHP 8.4): php -l, cargo test, the build, the PHPUnit runs and the stages
# named in TOOL_SCHEMA_STAGES (space-separated file names of scripts/test.d/
# without .sh); not the host's package install, rustfmt, clippy, fuzzing or
# the provider profiles (Rust and the providers' SDKs: no PHP version in them).
set -euo pipefail
cd "$(dirname "$0")/.."
php_only="${TOOL_SCHEMA_TEST_PHP_ONLY:-}"

# Each stage's wall time, printed when it ends and as a table on exit (also
# after a failure, for the stages that ran).
current="" current_start=0 times=()
stage_end() {
    if [ -n "$current" ]; then
        local took=$((SECONDS - current_start))
        printf '== %s: %ds\n' "$current" "$took"
        times+=("$(printf '%5ds  %s' "$took" "$current")")
    fi
    current=""
}
step() {
    stage_end
    current="$*" current_start=$SECONDS
    printf '\n== %s\n' "$*"
}
summary() {
    stage_end
    printf '\n== stage wall times\n'
    printf '%s\n' "${times[@]}"
    printf '%5ds  total\n' "$SECONDS"
}
trap summary EXIT

if [ -z "$php_only" ]; then
    step "install missing dependencies"
    scripts/install-deps.sh

    step "cargo fmt --check, clippy"
    if cargo fmt --version >/dev/null 2>&1; then cargo fmt --check; fi
    if cargo clippy --version >/dev/null 2>&1; then
        cargo clippy --workspace --all-targets --no-default-features --quiet -- -D warnings
        cargo clippy --workspace --lib --quiet -- -D warnings
    fi
fi

# The Rust core's tests have no PHP: they translate regexes for the PCRE2
# version TOOL_SCHEMA_PCRE_VERSION names (10.42 when unset), which must be the
# one of the PHP under test (10.46 on Debian 13), as the PHP side reads it.
# (After the install step: a fresh machine has no php or phpunit before it.)
TOOL_SCHEMA_PCRE_VERSION="${TOOL_SCHEMA_PCRE_VERSION:-$(php -n -r 'echo PCRE_VERSION;')}"
export TOOL_SCHEMA_PCRE_VERSION
phpunit_bin="$(command -v phpunit)"

step "php -l"
dirs=(); for d in php pcre2ecma bin examples bench stubs tests/phpunit tests/phpt tests/drupal; do [ -d "$d" ] && dirs+=("$d"); done
find "${dirs[@]}" -name '*.php' -print0 | xargs -0 -n1 php -l >/dev/null

step "cargo test (Rust core, all fixtures; the workspace: pcre2ecma too)"
cargo test --workspace --no-default-features
echo "Rust fixture runner: $(wc -l < target/fixture-cases.txt) cases (tests/fixtures/*.json)"

step "build the extension"
so=$(scripts/build.sh)

step "PHPUnit without the extension (pure PHP)"
"$phpunit_bin" --exclude-group native

# The pure-PHP library requires nothing but PHP (composer.json): no php.ini,
# only the extensions PHPUnit itself refuses to start without (dom, mbstring,
# tokenizer, xml, xmlwriter; from PHPUnit 10 on also ctype). The library uses
# none of them: CoreOnlyTest checks its calls, and runs it under a bare
# `php -n`, without mbstring and ctype too.
step "PHPUnit without the extension under php -n (PHP's own extensions and PHPUnit's)"
for_phpunit=(-d extension=dom -d extension=mbstring -d extension=tokenizer -d extension=xml -d extension=xmlwriter)
if ! "$phpunit_bin" --version | grep -q '^PHPUnit 9\.'; then for_phpunit+=(-d extension=ctype); fi
php -n "${for_phpunit[@]}" "$phpunit_bin" --exclude-group native

step "PHPUnit with the extension (native and PHP, parity)"
php -d extension="$so" "$phpunit_bin"

step "PHPUnit with the extension under opcache + tracing JIT (fixtures, parity)"
php -d zend_extension=opcache -d opcache.enable_cli=1 -d opcache.jit=tracing \
    -d opcache.jit_buffer_size=64M -d extension="$so" "$phpunit_bin" --filter 'FixturesTest|ParityTest|HostileInputTest'

for stage in scripts/test.d/*.sh; do
    if [ -n "$php_only" ] && [[ " ${TOOL_SCHEMA_STAGES:-} " != *" $(basename "$stage" .sh) "* ]]; then
        continue
    fi
    step "$stage"
    TOOL_SCHEMA_SO="$so" bash "$stage"
done

printf '\nall tests passed\n'
