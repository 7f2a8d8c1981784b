#!/usr/bin/env bash
# Builds the extension (release) and prints the path of tool_schema.so.
# TOOL_SCHEMA_PHP_CONFIG: the php-config of the PHP to build for (default
# php-config from PATH); the Debian 13 stage gives php-config8.4.
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
cargo build --release --quiet
so="$PWD/target/release/libtool_schema.so"
cp "$so" "$PWD/target/release/tool_schema.so"
echo "$PWD/target/release/tool_schema.so"
