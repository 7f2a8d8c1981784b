#!/usr/bin/env bash
# Unpacks the pinned upstream source archives (test-time inputs, see
# /work/shared/deps/README.md) into target/deps/<name>/, idempotently, after
# checking each archive against SHA256SUMS. Prints the directory of each
# archive asked for (all of them when none is named).
#
#   scripts/deps.sh                        # every archive; prints target/deps/<name> per line
#   scripts/deps.sh drupal-core-10.6.15    # one archive; prints its directory
#
# The archives are found in $TOOL_SCHEMA_DEPS, else ../shared/deps next to the
# repository, else /work/shared/deps. An archive already unpacked from the same
# checksum is left alone (a stamp file records it); a changed archive is
# unpacked again. Concurrent runs are serialized with flock.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

src=${TOOL_SCHEMA_DEPS:-}
if [ -z "$src" ]; then
    for d in "$root/../shared/deps" /work/shared/deps; do
        if [ -f "$d/SHA256SUMS" ]; then src=$d; break; fi
    done
fi
if [ -z "$src" ] || [ ! -f "$src/SHA256SUMS" ]; then
    echo "deps.sh: no SHA256SUMS found (set TOOL_SCHEMA_DEPS to the archive directory)" >&2
    exit 1
fi
src=$(cd "$src" && pwd)
out="$root/target/deps"
mkdir -p "$out"

exec 9>"$out/.lock"
flock 9

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    while read -r _ file; do
        names+=("${file%.tar.gz}")
    done < <(grep '\.tar\.gz$' "$src/SHA256SUMS")
fi

for name in "${names[@]}"; do
    archive="$name.tar.gz"
    expected=$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1 }' "$src/SHA256SUMS")
    if [ -z "$expected" ]; then
        echo "deps.sh: $archive is not listed in $src/SHA256SUMS" >&2
        exit 1
    fi
    dir="$out/$name"
    stamp="$dir/.tool_schema_sha256"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$expected" ]; then
        echo "$dir"
        continue
    fi
    actual=$(sha256sum "$src/$archive" | awk '{ print $1 }')
    if [ "$actual" != "$expected" ]; then
        echo "deps.sh: checksum mismatch for $archive (expected $expected, got $actual)" >&2
        exit 1
    fi
    tmp=$(mktemp -d "$out/.unpack.XXXXXX")
    tar -xzf "$src/$archive" -C "$tmp"
    # The archives hold one top-level directory named after them; anything else
    # is kept as it is under <name>/.
    shopt -s dotglob nullglob
    entries=("$tmp"/*)
    shopt -u dotglob nullglob
    rm -rf "$dir"
    if [ ${#entries[@]} -eq 1 ] && [ -d "${entries[0]}" ]; then
        mv "${entries[0]}" "$dir"
        rmdir "$tmp"
    else
        mv "$tmp" "$dir"
    fi
    echo "$expected" > "$stamp"
    echo "$dir"
done
