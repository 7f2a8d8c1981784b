#!/usr/bin/env bash
# Builds the extension (release) and prints the path of tool_schema.so.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
so="$PWD/target/release/libtool_schema.so"
cp "$so" "$PWD/target/release/tool_schema.so"
echo "$PWD/target/release/tool_schema.so"
