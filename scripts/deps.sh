#!/usr/bin/env bash
# Unpacks the pinned upstream archives of ../shared/deps (Drupal core, Symfony,
# the Symfony contracts, psr/log, the Tool module) into target/deps/<name>/,
# after checking them against SHA256SUMS, and prints that directory. Idempotent:
# an archive already unpacked (same checksum) is not unpacked again. The
# archives are test-time inputs only: nothing of them enters the repository.
#
# Usage: scripts/deps.sh            (prints the absolute path of target/deps)
# Env:   TOOL_SCHEMA_DEPS  the folder holding the archives (default ../shared/deps)
set -euo pipefail
cd "$(dirname "$0")/.."
src="${TOOL_SCHEMA_DEPS:-$PWD/../shared/deps}"
[ -f "$src/SHA256SUMS" ] || { echo "deps.sh: no $src/SHA256SUMS" >&2; exit 1; }
src="$(cd "$src" && pwd)"
out="$PWD/target/deps"
mkdir -p "$out"
(cd "$src" && sha256sum --quiet -c SHA256SUMS) >&2 || { echo "deps.sh: checksum mismatch in $src" >&2; exit 1; }
while read -r sum file; do
    name="${file%.tar.gz}"
    stamp="$out/.$name.sha256"
    if [ -d "$out/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then
        continue
    fi
    rm -rf "$out/$name" "$out/.$name.tmp"
    mkdir -p "$out/.$name.tmp"
    tar -xzf "$src/$file" -C "$out/.$name.tmp"
    # Archives hold one top folder named like the archive; keep its content.
    if [ -d "$out/.$name.tmp/$name" ] && [ "$(ls -A "$out/.$name.tmp" | wc -l)" = 1 ]; then
        mv "$out/.$name.tmp/$name" "$out/$name"
        rmdir "$out/.$name.tmp"
    else
        mv "$out/.$name.tmp" "$out/$name"
    fi
    echo "$sum" > "$stamp"
done < "$src/SHA256SUMS"
echo "$out"
