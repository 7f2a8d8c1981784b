#!/usr/bin/env bash
# The benchmark command: native tool_schema vs the pure-PHP twin.
#
#   bench/bench.sh [run.php options...]      e.g. bench/bench.sh --samples=51 --leak=200000
#
# Builds the extension with the `bench` feature (ToolSchema\Bench\deep_copy, the
# floor) into target/bench if it is missing (or BENCH_REBUILD=1), then runs
# bench/run.php twice in fresh processes: opcache off, then opcache + tracing JIT.
# Then, on real Drupal 10.6 (target/deps, unpacked by scripts/deps.sh), the
# input schemas of all the Tool module's tools through the serializer: its own
# normalizer against tool_schema's drop-in (InputSchemaCache: cold, warm from
# the cache bin, warm in memory; with the extension and the PHP twin) and the
# split of the drop-in's cold path (bench/drupal.php), in the same two modes and
# with opcache but no JIT (with the php.ini, which loads mbstring, xml, intl).
#
# Environment:
#   PHP=php            the PHP CLI to use
#   BENCH_CPU=1        CPU to pin to with taskset (empty: no pinning)
#   BENCH_SO=path      use this extension instead of building one
#   BENCH_REBUILD=1    run cargo build even when the .so exists
#   BENCH_NO_BUILD=1   never build (fail if the .so is missing)
#   BENCH_DRUPAL_ONLY=1  only the Drupal benchmark (bench/drupal.php needs no
#                      bench build: BENCH_SO=$(scripts/build.sh) will do)
#   BENCH_DRUPAL_ARGS="--ceiling"  options for bench/drupal.php (--ceiling: the
#                      stripped caches of bench/drupal_ceiling.php as more rows)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

php="${PHP:-php}"
so="${BENCH_SO:-$root/target/bench/release/libtool_schema.so}"

if [[ -z "${BENCH_SO:-}" ]]; then
    if [[ ! -f "$so" || -n "${BENCH_REBUILD:-}" ]]; then
        if [[ -n "${BENCH_NO_BUILD:-}" ]]; then
            echo "bench: $so is missing and BENCH_NO_BUILD is set" >&2
            exit 1
        fi
        echo "bench: building the bench extension (cargo build --release --features bench --target-dir target/bench)..." >&2
        cargo build --release --features bench --target-dir target/bench >&2
    elif [[ -n "$(find src pcre2ecma/src Cargo.toml pcre2ecma/Cargo.toml Cargo.lock build.rs -newer "$so" -print -quit 2>/dev/null)" ]]; then
        echo "bench: note: sources are newer than $so (BENCH_REBUILD=1 rebuilds)" >&2
    fi
fi
[[ -f "$so" ]] || { echo "bench: no extension at $so" >&2; exit 1; }

pin=()
cpu="${BENCH_CPU-1}"
if [[ -n "$cpu" ]] && command -v taskset >/dev/null 2>&1; then
    pin=(taskset -c "$cpu")
fi

# -n: no php.ini, so nothing but what is listed here is loaded.
base=(-n -d "extension=$so" -d memory_limit=1G -d zend.assertions=-1)
jit=(-d zend_extension=opcache -d opcache.enable=1 -d opcache.enable_cli=1
     -d opcache.jit=tracing -d opcache.jit_buffer_size=64M)

status=0
if [[ -z "${BENCH_DRUPAL_ONLY:-}" ]]; then
echo "=== run 1/2: opcache off ==="
"${pin[@]}" "$php" "${base[@]}" bench/run.php "$@" || status=$?

echo
echo "=== run 2/2: opcache on, JIT tracing ==="
if ! "$php" "${base[@]}" "${jit[@]}" -r 'exit(function_exists("opcache_get_status") && (opcache_get_status(false)["jit"]["on"] ?? false) ? 0 : 1);'; then
    echo "bench: JIT did not come on with: ${jit[*]}" >&2
    exit 1
fi
"${pin[@]}" "$php" "${base[@]}" "${jit[@]}" bench/run.php "$@" || status=$?
echo
fi

echo "=== Drupal: the Tool module's normalizer vs the drop-in (bench/drupal.php) ==="
scripts/deps.sh >/dev/null
drupal=(-d "extension=$so" -d memory_limit=1G)
read -r -a dargs <<< "${BENCH_DRUPAL_ARGS:-}"
echo "--- opcache off"
"${pin[@]}" "$php" "${drupal[@]}" -d opcache.enable_cli=0 bench/drupal.php "${dargs[@]}" || status=$?
opcache=()
"$php" -m | grep -q "Zend OPcache" || opcache=(-d zend_extension=opcache)
# Opcache without JIT: what most production sites run.
echo "--- opcache on, JIT off"
"${pin[@]}" "$php" "${drupal[@]}" "${opcache[@]}" -d opcache.enable=1 -d opcache.enable_cli=1 \
    -d opcache.jit=off bench/drupal.php "${dargs[@]}" || status=$?
echo "--- opcache on, JIT tracing"
"${pin[@]}" "$php" "${drupal[@]}" "${opcache[@]}" -d opcache.enable=1 -d opcache.enable_cli=1 \
    -d opcache.jit=tracing -d opcache.jit_buffer_size=64M bench/drupal.php "${dargs[@]}" || status=$?

exit "$status"
