#!/usr/bin/env bash
# Installs what building and testing tool_schema needs on Debian 12, when it is
# missing: PHP 8.2 (CLI, headers, opcache), libclang (ext-php-rs runs bindgen),
# PHPUnit, Node.js (the regex differential test runs ECMAScript RegExp) and
# valgrind (the leak check) and Composer (the library install check, offline);
# for the real-Drupal stage (scripts/test.d/70-drupal.sh): the PHP extensions
# Drupal 10.6 and Symfony 6.4 need, Debian's psr/container, doctrine/lexer,
# doctrine/deprecations and egulias/email-validator (never its php-symfony-*
# 5.4 packages), and patch (applies drupal/tool_schema/patches/ to a copy of the Tool module);
# for the whole site (scripts/site.sh): SQLite, GD and cURL for PHP; for the
# module's tests on core's base classes (scripts/test.d/72-module-tests.sh):
# prophecy-phpunit and vfsStream; for the report page's browser check
# (scripts/test.d/77-report-page.sh): Debian's Chromium, run headless.
# Rust (cargo) must already be installed.
set -euo pipefail

packages=(php8.2-cli php8.2-dev php8.2-opcache libclang-dev phpunit nodejs valgrind composer
          php8.2-mbstring php8.2-xml php8.2-intl php-psr-container php-doctrine-lexer
          php-doctrine-deprecations php-email-validator patch python3-venv
          php8.2-sqlite3 php8.2-gd php8.2-curl php-phpspec-prophecy-phpunit php-mikey179-vfsstream
          chromium)
missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "install-deps: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v cargo >/dev/null || { echo "install-deps: cargo (Rust) is required" >&2; exit 1; }
