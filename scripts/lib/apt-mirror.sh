# Sourced by scripts/trixie.sh and scripts/pcre2-testdata.sh.
# apt_mirror: prints the URI this machine's apt sources name for Debian's main
# archive (deb822 .sources first, then sources.list), or fails: no archive
# host is ever written into the repository.
apt_mirror() {
    local uri
    uri=$(grep -hE '^\s*URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n1 || true)
    [ -n "$uri" ] || uri=$(grep -hE '^\s*deb\s' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
        | sed -E 's/\[[^]]*\]//' | awk '{print $2}' | grep -v security | head -n1 || true)
    if [ -z "$uri" ]; then
        echo "no Debian archive URI in this machine's apt sources (/etc/apt/sources.list.d/*.sources, /etc/apt/sources.list)" >&2
        return 1
    fi
    echo "$uri"
}
