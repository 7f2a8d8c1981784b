#!/usr/bin/env bash
# A Debian 13 ("trixie") chroot with PHP 8.4 (PCRE2 10.46, PHPUnit 11.5), for
# the Debian 13 test stage, built from the host's own Debian mirror with
# debootstrap. It lives outside the repository (default /opt/tool_schema-trixie)
# and is never committed.
#
#   scripts/trixie.sh setup         build the chroot, or bring its packages up
#                                   to date with the list below (idempotent)
#   scripts/trixie.sh run CMD...    run CMD in the chroot, in this work tree
#   scripts/trixie.sh path          print the chroot's root
#
# `run` mounts /proc, /dev, /dev/pts, /sys, the Rust toolchain ($CARGO_HOME,
# $RUSTUP_HOME) and the work tree's parent (so ../shared is beside it) at the
# same paths, inside a private mount namespace (unshare -m): the binds exist
# only for that command and vanish with it, so deleting the chroot from the
# host can never follow a bind into the host's files. `setup` also copies the
# CA certificates the host adds (/usr/local/share/ca-certificates) into the
# chroot, and `run` sets NODE_EXTRA_CA_CERTS, so that npm reaches the registry
# as on the host. Used by scripts/test.d/90-debian13.sh. Environment:
# TRIXIE_ROOT, TRIXIE_ENV (more VAR=value words for the command's environment).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="${TRIXIE_ROOT:-/opt/tool_schema-trixie}"
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
rustup_home="${RUSTUP_HOME:-$HOME/.rustup}"
work="$(dirname "$here")"

packages=(php8.4-cli php8.4-dev libphp8.4-embed php8.4-mbstring php8.4-xml php8.4-intl
          php8.4-opcache php8.4-sqlite3 php8.4-gd libclang-dev clang build-essential pkg-config git
          ca-certificates phpunit valgrind nodejs npm composer patch php-psr-container
          php-doctrine-deprecations php-email-validator php-phpspec-prophecy-phpunit
          php-mikey179-vfsstream php-symfony-var-dumper php-psr-event-dispatcher
          php-twig php-twig-html-extra php-guzzlehttp-guzzle php-guzzlehttp-psr7
          php-guzzlehttp-promises php-psr-http-client php-psr-http-factory php-psr-http-message
          php-symfony-browser-kit php-symfony-dom-crawler php-symfony-css-selector
          php-symfony-runtime)

# shellcheck source=scripts/lib/apt-mirror.sh
. "$here/scripts/lib/apt-mirror.sh"
mirror() {
    apt_mirror || { echo "trixie.sh: debootstrap needs the host's Debian archive URI" >&2; return 1; }
}

inside() {
    # Runs "$@" in the chroot with the binds, in a private mount namespace.
    unshare --mount --propagation private -- bash -euo pipefail -c '
        root=$1; shift; cargo_home=$1; shift; rustup_home=$1; shift; work=$1; shift; cwd=$1; shift
        mount -t proc proc "$root/proc"
        mount --rbind /dev "$root/dev"
        mount --rbind /sys "$root/sys"
        for d in "$cargo_home" "$rustup_home" "$work"; do
            mkdir -p "$root$d"
            mount --rbind "$d" "$root$d"
        done
        cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
        exec chroot "$root" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" \
            PATH="$cargo_home/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
            CARGO_HOME="$cargo_home" RUSTUP_HOME="$rustup_home" CI="${CI:-}" LANG=C.UTF-8 \
            NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
            ${TRIXIE_ENV:-} bash -c "cd \"\$0\" && exec \"\$@\"" "$cwd" "$@"
    ' bash "$root" "$cargo_home" "$rustup_home" "$work" "$PWD" "$@"
}

case "${1:-}" in
setup)
    command -v debootstrap >/dev/null || {
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    }
    if [ ! -x "$root/usr/bin/apt-get" ] || [ ! -f "$root/.tool_schema-bootstrapped" ]; then
        # A half-made chroot (an interrupted debootstrap) is made again; it holds
        # no mount (binds only ever exist inside `run`'s namespace).
        if [ -d "$root" ] && ! grep -q " $root" /proc/mounts; then rm -rf "$root"; fi
        uri=$(mirror) || exit 1
        mkdir -p "$(dirname "$root")"
        echo "trixie.sh: debootstrap trixie into $root from $uri" >&2
        debootstrap --variant=minbase trixie "$root" "$uri" >/dev/null
        touch "$root/.tool_schema-bootstrapped"
    fi
    want="${packages[*]}"
    if [ "$(cat "$root/.tool_schema-packages" 2>/dev/null)" != "$want" ]; then
        echo "trixie.sh: apt-get install in the chroot" >&2
        (cd / && inside env DEBIAN_FRONTEND=noninteractive bash -c \
            'apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" >/dev/null' \
            bash "${packages[@]}")
        echo "$want" > "$root/.tool_schema-packages"
    fi
    # The CAs the host adds to Debian's (a TLS-intercepting proxy's, ...), so
    # that npm in the chroot reaches the registry as on the host.
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        mkdir -p "$root/usr/local/share/ca-certificates"
        if ! diff -rq /usr/local/share/ca-certificates "$root/usr/local/share/ca-certificates" >/dev/null 2>&1; then
            echo "trixie.sh: the host's CA certificates into the chroot" >&2
            cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
            (cd / && inside update-ca-certificates >/dev/null)
        fi
    fi
    inside php -r 'echo "trixie.sh: PHP ", PHP_VERSION, ", PCRE2 ", PCRE_VERSION, PHP_EOL;' >&2
    ;;
run)
    shift
    [ -f "$root/.tool_schema-packages" ] || { echo "trixie.sh: no chroot at $root (scripts/trixie.sh setup)" >&2; exit 1; }
    inside "$@"
    ;;
path)
    echo "$root"
    ;;
*)
    sed -n '2,20p' "$0" >&2
    exit 2
    ;;
esac
