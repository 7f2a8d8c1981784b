#!/usr/bin/env bash
# coerce_input: Rust fixtures, PHP fixtures, and PHP-vs-Rust parity on
# random (definition, value) pairs. Run from the repository root.
# COERCE_PARITY_SEED / COERCE_PARITY_CASES pick the parity run (default: a
# fixed seed so CI is repeatable, 10000 cases); the seed is printed so a failure can be replayed.
set -euo pipefail

seed="${COERCE_PARITY_SEED:-20261130}"
cases="${COERCE_PARITY_CASES:-10000}"
target="${CARGO_TARGET_DIR:-target}"
out="${target}/coerce-parity.jsonl"
case "${out}" in
    /*) ;;
    *) out="${PWD}/${out}" ;;
esac

cargo test --no-default-features --test coerce_rules
php tests/php/coerce_fixtures.php

echo "coerce parity: seed ${seed}, ${cases} cases"
COERCE_PARITY_SEED="${seed}" COERCE_PARITY_CASES="${cases}" COERCE_PARITY_OUT="${out}" \
    cargo test --no-default-features --test coerce_parity -- --nocapture
php tests/php/coerce_parity.php "${out}"
