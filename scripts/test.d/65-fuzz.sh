#!/usr/bin/env bash
# Coverage-guided fuzzing of the pure Rust core (fuzz/: normalize, coerce, the
# PCRE translator and B1's JSON decoder over the serde_json backend), a short
# run: cargo-fuzz is installed from crates.io when missing; the target is built
# with the nightly toolchain when one is installed, else with this machine's
# stable one and RUSTC_BOOTSTRAP=1 (no other toolchain can be fetched in CI).
# The seeds are every fixture case and regex corpus pattern (written by
# tests/fuzz_corpus.rs, which runs the same body over them on every
# `cargo test`); the corpus grows in target/fuzz-corpus across runs.
#
# Long runs: TOOL_SCHEMA_FUZZ_SECONDS=3600 bash scripts/test.d/65-fuzz.sh
# (see fuzz/README.md). A crash fails the stage and leaves its input in
# fuzz/artifacts/core/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${TOOL_SCHEMA_FUZZ_SECONDS:-60}"

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked --version 0.13.2 --quiet
fi
if rustup run nightly rustc --version >/dev/null 2>&1; then
    toolchain=(+nightly)
else
    toolchain=()
    export RUSTC_BOOTSTRAP=1
fi

seeds="$PWD/target/fuzz-seeds" corpus="$PWD/target/fuzz-corpus"
mkdir -p "$seeds" "$corpus"
TOOL_SCHEMA_FUZZ_SEEDS="$seeds" TOOL_SCHEMA_FUZZ_EDITS=0 \
    cargo test --quiet --no-default-features --test fuzz_corpus >/dev/null

cd fuzz
log="$PWD/../target/fuzz-run.log"
# No sanitizer: the core is safe Rust (the unsafe zval backend is checked
# under valgrind by stage 60); debug assertions stay on.
status=0
cargo "${toolchain[@]}" fuzz run --sanitizer none core "$corpus" "$seeds" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
grep -E '^(Done|stat::(number_of_executed_units|new_units_added|peak_rss_mb)|INFO: seed corpus)' "$log" || true
if [ "$status" -ne 0 ]; then
    tail -n 80 "$log"
    echo "fuzzing failed (exit $status): the input is in fuzz/artifacts/core/" >&2
    exit "$status"
fi
