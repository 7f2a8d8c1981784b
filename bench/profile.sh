#!/usr/bin/env bash
# Where the time goes: instruction counts per call from callgrind (immune to the
# load of a shared machine), split into Zend marshalling vs Rust heap vs rules.
#
#   bench/profile.sh [WORKLOAD...]
#
# WORKLOAD: normalize-native (default set: all below), floor, coerce-native,
# coerce-valid-native, normalize-php, coerce-php, coerce-valid-php.
# Each workload runs twice under callgrind (1 and 6 passes over the 120-tool
# catalogue, opcache off); the difference is divided by the 600 extra calls.
# Needs valgrind and python3, and the bench extension (bench/bench.sh builds it).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
so="${BENCH_SO:-$root/target/bench/release/libtool_schema.so}"
[[ -f "$so" ]] || { echo "profile: build the bench extension first (bench/bench.sh)" >&2; exit 1; }
out="${PROFILE_DIR:-$root/target/bench/callgrind}"
mkdir -p "$out"

workloads=("$@")
if [[ ${#workloads[@]} -eq 0 ]]; then
    workloads=(normalize-native floor normalize-php coerce-native coerce-php coerce-valid-native coerce-valid-php)
fi
tools=120
for w in "${workloads[@]}"; do
    for p in 1 6; do
        valgrind --tool=callgrind --callgrind-out-file="$out/$w.$p.out" \
            php -n -d "extension=$so" bench/run.php --profile="$w" --passes="$p" >"$out/$w.$p.log" 2>&1
    done
    echo "=== $w ==="
    python3 bench/callgrind_breakdown.py "$out/$w.1.out" "$out/$w.6.out" $((tools * 5)) 20
    echo
done
