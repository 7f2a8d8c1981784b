#!/usr/bin/env bash
# Debian 13 (issue 20): the PHP-dependent tests again on PHP 8.4, PCRE2 10.46
# and PHPUnit 11.5, in the chroot of scripts/trixie.sh (made or brought up to
# date first: `scripts/trixie.sh setup`, idempotent). Inside it, scripts/test.sh
# runs with TOOL_SCHEMA_TEST_PHP_ONLY=1 (each sub-stage's wall time is printed
# as on the host): php -l, cargo test --workspace --no-default-features, the release build
# for PHP 8.4 (php-config8.4), PHPUnit without the extension, under php -n,
# with it, with opcache + tracing JIT, then the stages 40-regex (the
# differential on 10.46), 50-pie (phpize8.4/php-config8.4), 60-valgrind and
# 70-drupal (Drupal 10.6 on PHP 8.4).
#
# It runs in a copy of the work tree (the files git tracks, and untracked ones
# it does not ignore, as they are now) at target/debian13/tree, whose own
# target/ (cargo's builds for PHP 8.4, the unpacked archives, the test
# outputs) is kept between runs: nothing the host's stages write under
# target/ is touched, and the host's build is never rebuilt. TOOL_SCHEMA_SO
# (the host's build) is not used.
#
# Drupal 10.6 needs doctrine/lexer 2.x and Debian 13 has 3.x: Debian 12's
# php-doctrine-lexer package (2.1, what the host installs) is downloaded with
# apt-get on the host and unpacked with dpkg-deb into target/debian13/, and
# tests/drupal/autoload.php is pointed at it (TOOL_SCHEMA_DOCTRINE_LEXER).
#
# Alone: bash scripts/test.d/90-debian13.sh (as root, from the repository root;
# the first run makes the chroot, about 3 min, and builds everything once).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
out="$repo/target/debian13"
tree="$out/tree"
mkdir -p "$out"

start=$SECONDS
scripts/trixie.sh setup
printf '== 90-debian13: chroot ready: %ds\n' "$((SECONDS - start))"

# Debian 12's doctrine/lexer 2.1 for Drupal 10.6.
lexer="$out/doctrine-lexer"
if [ ! -f "$lexer/usr/share/php/Doctrine/Common/Lexer/AbstractLexer.php" ]; then
    rm -rf "$lexer" "$out/debs"
    mkdir -p "$out/debs"
    (cd "$out/debs" && { apt-get download -qq php-doctrine-lexer 2>/dev/null \
        || { apt-get update -qq && apt-get download -qq php-doctrine-lexer; }; })
    deb=$(ls "$out/debs"/php-doctrine-lexer_2.*.deb) || { echo "90-debian13: no doctrine/lexer 2.x package from the host's apt" >&2; exit 1; }
    dpkg-deb -x "$deb" "$lexer"
fi

# The copy of the work tree: a fresh file tree each run, the old target/ moved in.
start=$SECONDS
rm -rf "$tree.new"
mkdir -p "$tree.new"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
    if [ -e "$f" ]; then printf '%s\0' "$f"; fi
done | tar --null -T - -cf - | tar -xf - -C "$tree.new"
if [ -d "$tree/target" ]; then mv "$tree/target" "$tree.new/target"; fi
rm -rf "$tree"
mv "$tree.new" "$tree"
printf '== 90-debian13: copy of the work tree in %s: %ds\n' "$tree" "$((SECONDS - start))"

cd "$tree"
"$repo/scripts/trixie.sh" run env \
    TOOL_SCHEMA_TEST_PHP_ONLY=1 \
    TOOL_SCHEMA_STAGES="40-regex 50-pie 60-valgrind 70-drupal" \
    TOOL_SCHEMA_PHP_CONFIG=/usr/bin/php-config8.4 \
    TOOL_SCHEMA_PHPIZE=/usr/bin/phpize8.4 \
    TOOL_SCHEMA_DEPS="$(dirname "$repo")/shared/deps" \
    TOOL_SCHEMA_DOCTRINE_LEXER="$lexer/usr/share/php/Doctrine/Common/Lexer" \
    TOOL_SCHEMA_PARITY_SEED="${TOOL_SCHEMA_PARITY_SEED:-}" \
    TOOL_SCHEMA_PARITY_CASES="${TOOL_SCHEMA_PARITY_CASES:-}" \
    bash -c 'echo "== 90-debian13: PHP $(php -r "echo PHP_VERSION;"), PCRE2 $(php -r "echo PCRE_VERSION;"), $(phpunit --version | head -n1)"; exec scripts/test.sh'
