#!/usr/bin/env bash
# Builds the extension (release) and prints the path of tool_schema.so.
# TOOL_SCHEMA_PHP_CONFIG: the php-config of the PHP to build for (default
# php-config from PATH); the Debian 13 stage gives php-config8.4.
# TOOL_SCHEMA_BUILD_PROGRESS=1: cargo's progress on stderr (a first build
# takes minutes; scripts/demo.sh shows it); stdout is the path alone either way.
set -euo pipefail
cd "$(dirname "$0")/.."
# PHP_CONFIG and PHP as the phpize build gives them to cargo (config.m4,
# Makefile.frag): ext-php-rs reruns its build script, and the crates above it
# are rebuilt, whenever they change, so with the same values the PIE stage
# (scripts/test.d/50-pie.sh) reuses this build instead of making its own.
if php_config="${TOOL_SCHEMA_PHP_CONFIG:-$(command -v php-config)}" && [ -n "$php_config" ]; then
    PHP_CONFIG="$php_config" PHP="$("$php_config" --php-binary)"
    export PHP_CONFIG PHP
fi
quiet=(--quiet)
[ "${TOOL_SCHEMA_BUILD_PROGRESS:-}" != 1 ] || quiet=()
cargo build --release "${quiet[@]}" >&2
# CARGO_TARGET_DIR (relative to the repository root, as cargo reads it) keeps a
# build for another PHP apart (the Debian 13 stage builds in its own copy of
# the work tree, target/debian13/tree, instead).
out="${CARGO_TARGET_DIR:-target}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
cp "$out/release/libtool_schema.so" "$out/release/tool_schema.so"
echo "$out/release/tool_schema.so"
