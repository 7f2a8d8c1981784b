#!/usr/bin/env bash
# Unpacks the pinned upstream archives of ../shared/deps (Drupal core, Symfony,
# the Symfony contracts, psr/log, the Tool module) into target/deps/<name>/,
# after checking them against SHA256SUMS, and prints that directory. Idempotent:
# an archive already unpacked (same checksum) is not unpacked again. The
# archives are test-time inputs only: nothing of them enters the repository.
#
# Usage: scripts/deps.sh            (prints the absolute path of target/deps)
#        scripts/deps.sh drupal11   the same, and also the archives of drupal11/
#                                   (Drupal core 11.3.16 and 11.4.5, checked against
#                                   drupal11/SHA256SUMS; the Debian forky packages of
#                                   forky-php-debs.tar, Symfony 7.4 and the rest, each
#                                   unpacked with dpkg-deb -x into
#                                   target/deps/forky-php-debs/: files under
#                                   usr/share/php/)
# Env:   TOOL_SCHEMA_DEPS  the folder holding the archives (default ../shared/deps)
set -euo pipefail
cd "$(dirname "$0")/.."
src="${TOOL_SCHEMA_DEPS:-$PWD/../shared/deps}"
[ -f "$src/SHA256SUMS" ] || { echo "deps.sh: no $src/SHA256SUMS" >&2; exit 1; }
src="$(cd "$src" && pwd)"
out="$PWD/target/deps"
mkdir -p "$out"
(cd "$src" && sha256sum --quiet -c SHA256SUMS) >&2 || { echo "deps.sh: checksum mismatch in $src" >&2; exit 1; }
unpack() {
    # unpack ARCHIVE_DIR: every .tar.gz of ARCHIVE_DIR/SHA256SUMS into $out/<name>.
    local dir="$1" sum file name stamp
    while read -r sum file; do
        case "$file" in *.tar.gz) ;; *) continue ;; esac
        name="${file%.tar.gz}"
        stamp="$out/.$name.sha256"
        if [ -d "$out/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then
            continue
        fi
        rm -rf "$out/$name" "$out/.$name.tmp"
        mkdir -p "$out/.$name.tmp"
        tar -xzf "$dir/$file" -C "$out/.$name.tmp"
        # Archives hold one top folder named like the archive; keep its content.
        if [ -d "$out/.$name.tmp/$name" ] && [ "$(ls -A "$out/.$name.tmp" | wc -l)" = 1 ]; then
            mv "$out/.$name.tmp/$name" "$out/$name"
            rmdir "$out/.$name.tmp"
        else
            mv "$out/.$name.tmp" "$out/$name"
        fi
        echo "$sum" > "$stamp"
    done < "$dir/SHA256SUMS"
}
unpack "$src"
if [ "${1:-}" = drupal11 ]; then
    d11="$src/drupal11"
    [ -f "$d11/SHA256SUMS" ] || { echo "deps.sh: no $d11/SHA256SUMS" >&2; exit 1; }
    (cd "$d11" && sha256sum --quiet -c SHA256SUMS) >&2 || { echo "deps.sh: checksum mismatch in $d11" >&2; exit 1; }
    unpack "$d11"
    sum="$(awk '$2 == "forky-php-debs.tar" {print $1}' "$d11/SHA256SUMS")"
    name=forky-php-debs
    if ! [ -d "$out/$name" ] || [ "$(cat "$out/.$name.sha256" 2>/dev/null)" != "$sum" ]; then
        command -v dpkg-deb >/dev/null || { echo "deps.sh: dpkg-deb is needed for $d11/forky-php-debs.tar" >&2; exit 1; }
        rm -rf "$out/$name" "$out/.$name.tmp"
        mkdir -p "$out/.$name.tmp/debs" "$out/.$name.tmp/root"
        tar -xf "$d11/forky-php-debs.tar" -C "$out/.$name.tmp/debs"
        for deb in "$out/.$name.tmp/debs"/*.deb; do
            dpkg-deb -x "$deb" "$out/.$name.tmp/root"
        done
        mv "$out/.$name.tmp/root" "$out/$name"
        rm -rf "$out/.$name.tmp"
        echo "$sum" > "$out/.$name.sha256"
    fi
fi
echo "$out"
