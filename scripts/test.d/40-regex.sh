#!/usr/bin/env bash
# Regex translator (issue 4 / A1): Rust translations of the corpus, then the
# PHP differential test (Rust == PHP byte for byte; preg_match == ECMA RegExp 'u';
# PCRE JIT == interpreter), on the hand-written corpus and on a seeded random one.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v node >/dev/null 2>&1; then
    apt-get install -y nodejs
fi

# target/regex-rust.json (the Rust translations of the corpus) was written by
# `cargo test` (tests/regex_corpus.rs), which scripts/test.sh runs first.
php tests/regex/differential.php

mkdir -p target
php tests/regex/fuzz.php 40 2000 > target/regex-fuzz.json
REGEX_CORPUS=target/regex-fuzz.json REGEX_RUST_OUT=target/regex-fuzz-rust.json \
    cargo test --no-default-features --test regex_corpus corpus_translations
php tests/regex/differential.php target/regex-fuzz.json target/regex-fuzz-rust.json
