#!/usr/bin/env bash
# The main job: installs what is missing, builds the extension and prints the
# JSON Schema of a sample tool that uses every input type, with the extension
# loaded and then with the pure-PHP implementation, saying which one ran.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
so=$(scripts/build.sh)
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
