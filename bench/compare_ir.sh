#!/usr/bin/env bash
# Instructions per call of each bench workload, for two extension builds and
# their trees' PHP twins: a comparison that a loaded machine cannot skew
# (callgrind counts instructions; wall time on a shared machine is noise).
# Each workload runs twice under callgrind (bench/run.php --profile=W, 1 and
# 3 passes over the bench catalogue); the difference, divided by the extra
# calls, cancels start-up and leaves the calls alone.
#
#   bench/compare_ir.sh BEFORE_TREE BEFORE_SO AFTER_TREE AFTER_SO
#
# The .so files must be built with the `bench` feature (cargo build --release
# --features bench --target-dir target/bench: bench/bench.sh's build).
set -euo pipefail
[ $# -eq 4 ] || { sed -n 2,12p "$0" >&2; exit 2; }
trees=("$1" "$3") sos=("$2" "$4")
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
ir() { # tree so workload passes -> total Ir
    local out="$tmp/cg.$RANDOM"
    (cd "$1" && valgrind --tool=callgrind --callgrind-out-file="$out" \
        php -n -d extension="$2" bench/run.php --profile="$3" --passes="$4" >/dev/null 2>&1)
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ && !seen {gsub(",", "", $1); print $1; seen = 1}'
}
tools="${TOOLS:-120}"  # the bench catalogue's tools (bench/catalogue.php)
printf '| workload | before (Ir/call) | after (Ir/call) | after/before |\n|---|---:|---:|---:|\n'
# WORKLOADS: the workloads to compare (bench/run.php --profile; default all six).
for w in ${WORKLOADS:-normalize-native normalize-php coerce-native coerce-php coerce-valid-native coerce-valid-php}; do
    per=()
    for i in 0 1; do
        a=$(ir "${trees[$i]}" "${sos[$i]}" "$w" 1)
        b=$(ir "${trees[$i]}" "${sos[$i]}" "$w" 3)
        per+=($(( (b - a) / (2 * tools) )))
    done
    printf '| %s | %d | %d | %s |\n' "$w" "${per[0]}" "${per[1]}" "$(python3 -c "print(f'{${per[1]}/${per[0]}:.3f}')")"
done
