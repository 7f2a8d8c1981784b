#!/usr/bin/env bash
# The token benchmark: o200k tokens (gpt-tokenizer, pinned in bench/package.json
# and bench/package-lock.json) of every tool's input schema as a model reads it,
# the Tool module's own against tool_schema's in each profile, for the Tool
# module's plugins on real Drupal 10.6 (bench/tokens.php; scripts/deps.sh
# unpacks the pinned archives) and any --list=FILE given (a site's own tool
# list: see bench/tokens.php). Prints one Markdown table per tool list
# (docs/benchmarks.md#tokens); exits 1 when tool_schema's canonical schema
# lacks a constraint keyword the Tool module's states for an input.
#
#   bench/tokens.sh [--list=FILE]... [--json]
#
# Environment: PHP=php; TOOL_SCHEMA_SO=path loads the extension (else the
# pure-PHP twin runs: the same bytes).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
php="${PHP:-php}"
scripts/deps.sh >/dev/null
(cd bench && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
ext=()
[[ -n "${TOOL_SCHEMA_SO:-}" ]] && ext=(-d "extension=$TOOL_SCHEMA_SO")
php_args=() node_args=()
for a in "$@"; do
    case "$a" in
        --list=*) php_args+=("$a") ;;
        *) node_args+=("$a") ;;
    esac
done
schemas="$(mktemp)"
trap 'rm -f "$schemas"' EXIT
"$php" "${ext[@]}" bench/tokens.php "${php_args[@]}" > "$schemas"
node bench/tokens.mjs "${node_args[@]}" "$schemas"
