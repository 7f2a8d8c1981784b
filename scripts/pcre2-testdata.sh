#!/usr/bin/env bash
# PCRE2's own test suite (testdata/) for the PCRE2 this PHP runs, from the
# Debian source package of pcre2 (issue 20): `apt-get source --download-only
# pcre2` with a deb-src entry that reuses the URI of this machine's own apt
# sources (the main archive's, as scripts/trixie.sh's mirror() reads it) and
# this release's codename, in a private apt state under target/ (the
# machine's apt configuration and lists are not touched), then `dpkg-source
# -x` into target/pcre2-<version>/ (never the repository). Prints the
# testdata directory. Idempotent: a second run only prints it.
#
#   scripts/pcre2-testdata.sh            on the host (Debian 12: pcre2 10.42)
#   scripts/trixie.sh run scripts/pcre2-testdata.sh    in the chroot (10.46)
#
# Fails when the source package's upstream version is not the PCRE2 version
# PHP reports (PCRE_VERSION): the suite must be the one of the library under
# test. Run as root (apt-get update of the private lists).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

version=$(php -n -r 'echo explode(" ", PCRE_VERSION)[0];')
out="$repo/target/pcre2-$version"
if [ -f "$out/testdata/testinput1" ] && [ -f "$out/testdata/testinput5" ]; then
    echo "$out/testdata"
    exit 0
fi

# The URI of the main archive in this machine's apt sources.
. "$repo/scripts/lib/apt-mirror.sh"
uri=$(apt_mirror) || { echo "pcre2-testdata.sh: cannot fetch pcre2's source package" >&2; exit 1; }
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || { echo "pcre2-testdata.sh: no VERSION_CODENAME in /etc/os-release" >&2; exit 1; }

work="$repo/target/pcre2-src"
rm -rf "$work" "$out.new"
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/download"
echo "deb-src $uri $codename main" > "$work/sources.list"
apt_opts=(-o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
          -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache"
          -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= -o APT::Sandbox::User=root)
echo "pcre2-testdata.sh: deb-src $uri $codename main (PHP's PCRE2: $version)" >&2
apt-get "${apt_opts[@]}" update -qq >&2
# The version the (signed) Sources index names, the one apt-get source fetches.
srcver=$(apt-cache "${apt_opts[@]}" showsrc pcre2 | awk '/^Version:/ {print $2}' | sort -V | tail -n1)
upstream=$(echo "$srcver" | sed -E 's/^[0-9]+://; s/-[^-]*$//')
if [ "${upstream%%[-+~]*}" != "$version" ]; then
    echo "pcre2-testdata.sh: the source package is pcre2 $srcver, PHP runs PCRE2 $version" >&2
    exit 1
fi
# apt checks each file it fetches against the index's hashes. A mirror may
# lack the Debian revision's .dsc and diff (seen: trixie's 10.46-1~deb13u3,
# 404) while it has the upstream tarball: then testdata/ comes from that
# tarball (upstream's suite, without Debian's changes to it, if any).
(cd "$work/download" && apt-get "${apt_opts[@]}" source --download-only -qq pcre2 >&2) || true
dsc="$work/download/pcre2_${srcver#*:}.dsc"
orig=$(ls "$work/download"/pcre2_"$upstream".orig.tar.* 2>/dev/null | head -n1 || true)
mkdir -p "$out.new"
if [ -f "$dsc" ]; then
    # (apt has checked the .dsc against the signed index; dpkg-source's own
    # gpgv check of the uploader's signature has no keyring here: its output
    # is shown only when the unpacking fails.)
    dpkg-source -x "$dsc" "$work/tree" > "$work/dpkg-source.log" 2>&1 || { cat "$work/dpkg-source.log" >&2; exit 1; }
    cp -a "$work/tree/testdata" "$out.new/testdata"
    echo "pcre2 $srcver (dpkg-source -x $(basename "$dsc"))" > "$out.new/SOURCE"
elif [ -n "$orig" ]; then
    echo "pcre2-testdata.sh: no $(basename "$dsc") on the mirror; testdata/ from $(basename "$orig")" >&2
    mkdir -p "$work/tree"
    tar -xf "$orig" -C "$work/tree" --strip-components=1 --wildcards '*/testdata/*'
    cp -a "$work/tree/testdata" "$out.new/testdata"
    echo "pcre2 $srcver (upstream tarball $(basename "$orig"); the mirror had no .dsc)" > "$out.new/SOURCE"
else
    echo "pcre2-testdata.sh: apt-get source --download-only pcre2 ($srcver) fetched neither the .dsc nor the upstream tarball" >&2
    exit 1
fi
rm -rf "$out"
mv "$out.new" "$out"
rm -rf "$work"
echo "$out/testdata"
