#!/usr/bin/env bash
# Regex translator (issues 4 and 10, rule A1): first the PCRE2 tables the PHP
# twin assembles per version against their checksums (tables_checksum.php;
# pcre2ecma/tests/tables.rs checks the same ones); then the Rust translations
# of each corpus, then the PHP differential test (Rust == PHP byte for byte;
# preg_match == ECMA RegExp 'u' on the corpus subjects, traps, affixes and
# strings generated from each emitted pattern; PCRE JIT == interpreter;
# attack strings under a time limit per pattern in node: 0 timeouts), on:
#   1. the hand-written corpus (pcre2ecma/tests/regex/corpus.json);
#   2. Drupal core 10.6's own validation patterns, extracted from the pinned
#      archive (scripts/deps.sh unpacks it, checksums first): every skip must be
#      documented in docs/regex.md, and no emitted pattern may have a lookaround;
#   3. 2,000 random patterns (seed 40);
#   4. PCRE2's own test suite (pcre2ecma/tests/regex/pcre2_suite.php) of the
#      PCRE2 this PHP runs: its testdata/ from Debian's pcre2 source package
#      (scripts/pcre2-testdata.sh: apt-get source into target/pcre2-VERSION,
#      never the repository), or the directory PCRE2_TESTDATA names;
# then the branches of the PCRE2 version check in both implementations.
# Everything runs for the PCRE2 this PHP has (10.42 on Debian 12, 10.46 on
# Debian 13: scripts/trixie.sh run bash scripts/test.d/40-regex.sh): the Rust
# core, which has no PHP, is told the version through TOOL_SCHEMA_PCRE_VERSION.
set -euo pipefail
cd "$(dirname "$0")/../.."
TOOL_SCHEMA_PCRE_VERSION="$(php -r 'echo PCRE_VERSION;')"
export TOOL_SCHEMA_PCRE_VERSION
echo "regex differential on PCRE2 $TOOL_SCHEMA_PCRE_VERSION"

if ! command -v node >/dev/null 2>&1; then
    apt-get install -y nodejs
fi
mkdir -p target
# The translator and its corpus tools are pcre2ecma's (pcre2ecma/tests/regex/).
rx=pcre2ecma/tests/regex
diff_test() { php -d memory_limit=2G "$rx/differential.php" "$@"; }
# The Rust translations of corpus $1 into $2 (cargo runs the test in pcre2ecma/:
# absolute paths).
rust_corpus() {
    REGEX_CORPUS="$PWD/$1" REGEX_RUST_OUT="$PWD/$2" \
        cargo test --no-default-features -p pcre2ecma --test regex_corpus corpus_translations
}

# 0. The tables of every claimed version, as the PHP twin assembles them.
php "$rx/tables_checksum.php"

# 1. Hand-written corpus (the Rust translations again, for this PCRE2).
rust_corpus "$rx/corpus.json" target/regex-rust.json
diff_test --name="hand-written corpus" --generate=20 --attack "$rx/corpus.json" target/regex-rust.json

# 2. Drupal core 10.6.
deps=$(scripts/deps.sh)
php "$rx/drupal_corpus.php" "$deps/drupal-core-10.6.15" "$deps/symfony-6.4.12" > target/regex-drupal.json
rust_corpus target/regex-drupal.json target/regex-drupal-rust.json
diff_test --name="Drupal core 10.6 validation patterns" --generate=40 --attack --no-lookaround \
    --skips-documented-in=docs/regex.md target/regex-drupal.json target/regex-drupal-rust.json

# 3. Random patterns.
php "$rx/fuzz.php" 40 2000 > target/regex-fuzz.json
rust_corpus target/regex-fuzz.json target/regex-fuzz-rust.json
diff_test --name="random patterns, seed 40" --generate=5 --attack target/regex-fuzz.json target/regex-fuzz-rust.json

# 4. PCRE2's own test suite, the one of this PCRE2 version.
testdata="${PCRE2_TESTDATA:-$(scripts/pcre2-testdata.sh)}"
php "$rx/pcre2_suite.php" "$testdata" > target/regex-pcre2.json
rust_corpus target/regex-pcre2.json target/regex-pcre2-rust.json
source=$(cat "$testdata/../SOURCE" 2>/dev/null || echo "$testdata")
diff_test --name="PCRE2's own test suite, $source" \
    --generate=3 --attack target/regex-pcre2.json target/regex-pcre2-rust.json

# 5. The PCRE2 version check of tool_schema (TOOL_SCHEMA_SO: the extension built by scripts/test.sh).
php tests/regex/pcre_version.php "${TOOL_SCHEMA_SO:-}"
