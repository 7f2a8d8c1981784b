#!/usr/bin/env bash
# The site benchmark (not a test): tools/list over Streamable HTTP on the site
# of scripts/site.sh, all tools, with tool_schema (extension; PHP twin) and
# without it (a second site, BENCH_SITE_DIR-off, where tool_schema stays
# uninstalled), medians of ROUNDS (default 21) interleaved requests: the
# client's wall time, and PHP's wall time and peak memory per request
# (bench/site_router.php). Servers on 127.0.0.1:18951-18953 (opcache on),
# stopped on exit. Prints a Markdown table (docs/benchmarks.md).
# Usage: bench/site.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-21}"
site="${BENCH_SITE_DIR:-$PWD/target/site-bench}"
off="$site-off"
so="${TOOL_SCHEMA_SO:-$PWD/target/release/tool_schema.so}"
[ -f "$so" ] || so="$(scripts/build.sh)"
export TOOL_SCHEMA_SO="$so"
SITE_DIR="$site" TOOL_SCHEMA_ENABLE=1 scripts/site.sh --build-only >/dev/null 2>&1
SITE_DIR="$off" TOOL_SCHEMA_ENABLE=0 scripts/site.sh --build-only >/dev/null 2>&1
logs="$PWD/target/site-bench-logs"; mkdir -p "$logs"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
router="$PWD/bench/site_router.php"
serve_at() { local web="$1" port="$2" log="$3"; shift 3
    (cd "$web" && TOOL_SCHEMA_BENCH_LOG="$log" exec php "$@" -d opcache.enable=1 \
        -S "127.0.0.1:$port" -t . "$router" >/dev/null 2>&1) &
    pids+=($!)
}
serve_at "$site/web" 18951 "$logs/native.log" -d "extension=$so"
serve_at "$site/web" 18952 "$logs/php.log"
serve_at "$off/web" 18953 "$logs/off.log" -d "extension=$so"
for port in 18951 18952 18953; do
    for _ in $(seq 1 100); do
        php -r '$s=@fsockopen("127.0.0.1",(int)$argv[1]); exit($s?0:1);' "$port" && break; sleep 0.1
    done
done
python3 bench/site_bench.py "$rounds" \
    "tool_schema, extension=http://127.0.0.1:18951/_mcp_tools=$logs/native.log=$site/mcp-key.txt" \
    "tool_schema, PHP twin=http://127.0.0.1:18952/_mcp_tools=$logs/php.log=$site/mcp-key.txt" \
    "without tool_schema=http://127.0.0.1:18953/_mcp_tools=$logs/off.log=$off/mcp-key.txt"
