#!/usr/bin/env bash
# Regex translator (issue 4 / A1): Rust translations of the corpus, then the
# PHP differential test (Rust == PHP byte for byte; preg_match == ECMA RegExp 'u').
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v node >/dev/null 2>&1; then
    apt-get install -y nodejs
fi

cargo test --no-default-features --test regex_corpus
php tests/regex/differential.php
