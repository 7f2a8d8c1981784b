#!/usr/bin/env bash
# The Debian 13 stage's copy of the work tree (scripts/test.d/90-debian13.sh:
# target/debian13/tree, with its PHP 8.4 build), for the stages that use that
# build (91-drupal11, 92-module-tests-d11): fails, naming the stage, when the
# copy is missing or its Rust sources are not the work tree's; prints its path.
# Usage: tree="$(scripts/lib/debian13-tree.sh STAGE)"
set -euo pipefail
cd "$(dirname "$0")/../.."
stage="${1:?usage: debian13-tree.sh STAGE}"
tree="$PWD/target/debian13/tree"
if [ ! -f "$tree/scripts/build.sh" ]; then
    echo "$stage: no $tree: the Debian 13 stage (scripts/test.d/90-debian13.sh) makes it and builds the PHP 8.4 extension this stage uses; run it first" >&2
    exit 1
fi
while IFS= read -r -d '' f; do
    if ! cmp -s "$f" "$tree/$f"; then
        echo "$stage: $tree/$f is not the work tree's $f: run scripts/test.d/90-debian13.sh first (its build is the one used here)" >&2
        exit 1
    fi
done < <(git ls-files -z src Cargo.toml Cargo.lock build.rs)
echo "$tree"
