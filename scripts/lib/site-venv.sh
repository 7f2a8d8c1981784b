#!/usr/bin/env bash
# The site stages' Python (75-site, 76-conversation): a venv in
# target/site-venv with tests/site/requirements.txt's pinned packages (the MCP
# client, the schema-driven generator), made again only when that file
# changes. Prints the venv's python.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$PWD/target/site-venv"
want="$(sha256sum tests/site/requirements.txt | cut -c1-16)"
if [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$want" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r tests/site/requirements.txt >&2
    echo "$want" > "$venv/.requirements"
fi
echo "$venv/bin/python"
