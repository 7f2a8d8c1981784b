#!/usr/bin/env bash
# The byte-identical gate of a change that must not alter output (issue 18):
# captures what the public functions return on every fixture case, every
# budget case and COUNT seeded random definitions and values in every profile,
# through the pure-PHP twin and (with TOOL_SCHEMA_SO, or built here) the
# extension, and, when the real-Drupal deps are unpacked (scripts/deps.sh),
# the schemas and values of the real-Drupal differential.
#   scripts/snapshot.sh capture DIR      # before the change
#   scripts/snapshot.sh compare DIR      # after it: exit 1 on any difference
# SEED and COUNT (default 20261201 and 2000) pick the random cases.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-}" dir="${2:-}"
[[ ( "$mode" == capture || "$mode" == compare ) && -n "$dir" ]] || { sed -n 2,10p "$0" >&2; exit 2; }
seed="${SEED:-20261201}" count="${COUNT:-2000}"
so="${TOOL_SCHEMA_SO:-$(scripts/build.sh)}"
out="$dir"; [ "$mode" == compare ] && out="$(mktemp -d)"
mkdir -p "$out"

php -d memory_limit=2G tests/snapshot/snapshot.php "$seed" "$count" > "$out/php.txt"
php -d memory_limit=2G -d extension="$so" tests/snapshot/snapshot.php "$seed" "$count" > "$out/native.txt"
cmp -s "$out/php.txt" "$out/native.txt" || { echo "snapshot: native and PHP differ:"; diff "$out/php.txt" "$out/native.txt" | head -20; exit 1; }
if [ -d target/deps ] && [ -z "${SNAPSHOT_NO_DRUPAL:-}" ]; then
    (cd tests/drupal && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    TOOL_SCHEMA_DIFF_REPORT_ONLY=1 php -d extension="$so" tests/drupal/differential.php \
        | sed '/^== PHP warnings raised inside Drupal/,/^\(==\|differential:\)/{/^==\|^differential:/!d}; /^== PHP warnings raised inside Drupal/d; / s, ajv .* s$/d' > "$out/differential.txt" || true
    cp target/drupal-differential/schemas.json target/drupal-differential/pairs.jsonl "$out/"
fi
echo "snapshot: $(wc -l < "$out/php.txt") cases in $out"

if [ "$mode" == compare ]; then
    status=0
    for f in "$dir"/*; do
        b="$(basename "$f")"
        if ! cmp -s "$f" "$out/$b"; then
            echo "snapshot: $b differs from $dir:"; diff "$f" "$out/$b" | head -20 || true; status=1
        fi
    done
    [ $status -eq 0 ] && echo "snapshot: identical to $dir ($(ls "$dir" | tr '\n' ' '))"
    exit $status
fi
