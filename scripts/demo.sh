#!/usr/bin/env bash
# The main job: installs what is missing, builds the extension and prints the
# JSON Schema of a sample tool that uses every input type, with the extension
# loaded and then with the pure-PHP implementation, saying which one ran.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf 'demo: %s\n' "$*" >&2; }
say "checking what is installed (PHP 8.2, its headers, libclang: apt-get the first time)"
scripts/install-deps.sh
say "building the extension (cargo build --release: a few minutes the first time, seconds after)"
so=$(TOOL_SCHEMA_BUILD_PROGRESS=1 scripts/build.sh)
say "built $so"
native=$(php -d extension="$so" examples/demo.php)
pure=$(php examples/demo.php)
echo "== with the extension ($so)"
echo "$native"
echo
echo "== without it (pure PHP)"
echo "$pure" | head -1
if [ "$(echo "$native" | tail -n +2)" = "$(echo "$pure" | tail -n +2)" ]; then
    echo "the pure-PHP implementation printed the same schema, warnings and repair, byte for byte"
else
    echo "the implementations differ:" >&2
    diff <(echo "$native") <(echo "$pure") >&2 || true
    exit 1
fi
