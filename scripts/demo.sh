#!/usr/bin/env bash
# The main job: installs what is missing, builds the extension and prints the
# JSON Schema of a sample tool that uses every input type, with the extension
# loaded and then with the pure-PHP implementation, saying which one ran.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
so=$(scripts/build.sh)
echo "== with the extension ($so)"
php -d extension="$so" examples/demo.php
echo
echo "== without it (pure PHP)"
php examples/demo.php --summary
