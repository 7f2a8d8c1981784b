#!/usr/bin/env bash
# PIE / pecl-style install, end to end, in a clean copy of the repository:
#   phpize && ./configure && make && make test && make install INSTALL_ROOT=<tmp>
# then loads the installed tool_schema.so with `php -n -d extension=...` and runs
# a smoke test (functions, constants, php --ri, versions, the CLI).
# This is what PIE runs (`pie install tool-schema/tool-schema`), minus the
# download and the php.ini edit.
#
# Run from the repository root. The clean copy is the files `git ls-files`
# lists (tracked files, as they are in the working tree). It is made in a temp
# dir that is removed on exit.
#
# Build cache: cargo's target dir is $TOOL_SCHEMA_PIE_TARGET_DIR, default this
# repository's target/ (outside the copy), the one scripts/build.sh builds the
# release extension in. scripts/build.sh gives cargo the same PHP_CONFIG/PHP
# as this build does (switching them would make cargo rerun ext-php-rs's build
# script and rebuild), and tar keeps the files' times, so after
# scripts/build.sh cargo finds the crate up to date and `make` only copies it:
# this stage tests the packaging, not a second release build.
#
# The PHP it builds for: TOOL_SCHEMA_PHPIZE and TOOL_SCHEMA_PHP_CONFIG (default
# phpize and php-config from PATH; the Debian 13 stage gives phpize8.4 and
# php-config8.4, and the same php-config to scripts/build.sh); the smoke test
# runs that php-config's --php-binary.
set -euo pipefail

root="$PWD"
test -f "$root/config.m4" || { echo "50-pie: run from the repository root" >&2; exit 2; }
phpize="${TOOL_SCHEMA_PHPIZE:-phpize}"
php_config="${TOOL_SCHEMA_PHP_CONFIG:-$(command -v php-config || true)}"
for tool in "$phpize" "$php_config" make cargo git tar; do
    command -v "$tool" >/dev/null || { echo "50-pie: $tool is required" >&2; exit 1; }
done
php_bin="$("$php_config" --php-binary)"
php() { "$php_bin" "$@"; }

export CARGO_TARGET_DIR="${TOOL_SCHEMA_PIE_TARGET_DIR:-$root/target}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/tool-schema-pie.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
src="$tmp/src"
dest="$tmp/root"
mkdir -p "$src" "$dest"

echo "50-pie: clean copy in $src (cargo target dir $CARGO_TARGET_DIR)"
files() {
    # The files git tracks; in a copy without git (the Debian 13 stage's
    # target/debian13/tree, which is that list already), every file but target/.
    if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$root" ]; then
        git ls-files -z
    else
        find . -path ./target -prune -o \( -type f -o -type l \) -printf '%P\0'
    fi
}
files | while IFS= read -r -d '' f; do
    if [ -e "$f" ]; then printf '%s\0' "$f"; fi
done | tar --null -T - -cf - | tar -xf - -C "$src"

cd "$src"
log="$tmp/log"
run() {
    # Runs a build step quietly; shows its output when it fails.
    local name="$1"
    shift
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "50-pie: $name failed" >&2
        exit 1
    fi
}

run phpize "$phpize"
run configure ./configure --enable-tool-schema --with-php-config="$php_config"
echo "50-pie: make (cargo build --release)"
run make make
test -f modules/tool_schema.so || { echo "50-pie: make produced no modules/tool_schema.so" >&2; exit 1; }
if ! nm -D --defined-only modules/tool_schema.so 2>/dev/null | grep -q ' get_module$'; then
    echo "50-pie: modules/tool_schema.so is not the cargo-built extension (no get_module)" >&2
    exit 1
fi

echo "50-pie: make test"
if ! NO_INTERACTION=1 REPORT_EXIT_STATUS=1 make test TESTS="$src/tests/phpt" >"$log" 2>&1; then
    cat "$log" >&2
    echo "50-pie: make test failed" >&2
    exit 1
fi
passed="$(sed -n 's/^Tests passed *: *\([0-9]*\).*/\1/p' "$log")"
expected="$(find tests/phpt -name '*.phpt' | wc -l)"
if ! grep -q '^Tests failed *: *0 ' "$log" || [ "${passed:-0}" -ne "$expected" ]; then
    cat "$log" >&2
    echo "50-pie: make test: ${passed:-0} of $expected .phpt tests passed" >&2
    exit 1
fi
echo "50-pie: make test: $passed of $expected .phpt tests passed"

run "make install" make install INSTALL_ROOT="$dest"
so="$dest$("$php_config" --extension-dir)/tool_schema.so"
test -f "$so" || { echo "50-pie: make install did not install $so" >&2; exit 1; }
echo "50-pie: installed $so"

# Smoke test of the installed module, with no php.ini (-n).
php -n -d extension="$so" -r '
    $fail = static function (string $m): void { fwrite(STDERR, "50-pie smoke: $m\n"); exit(1); };
    extension_loaded("tool_schema") || $fail("not loaded");
    ToolSchema\IMPLEMENTATION === "native" || $fail("IMPLEMENTATION is " . ToolSchema\IMPLEMENTATION);
    $composer = json_decode(file_get_contents("composer.json"), true)["version"];
    preg_match("/^version = \"([^\"]+)\"/m", file_get_contents("Cargo.toml"), $m);
    foreach (["phpversion()" => phpversion("tool_schema"), "ToolSchema\\VERSION" => ToolSchema\VERSION, "Cargo.toml" => $m[1] ?? null] as $what => $v) {
        $v === $composer || $fail("$what is " . var_export($v, true) . ", composer.json says $composer");
    }
    $schema = ToolSchema\normalize_schema(["type" => "map", "properties" => ["n" => ["type" => "string", "required" => false]]], [], $w);
    $json = json_encode($schema);
    $json === "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":[\"string\",\"null\"]}},\"additionalProperties\":false}" || $fail("normalize_schema: $json");
    $w === [] || $fail("warnings: " . json_encode($w));
    ToolSchema\coerce_input(["n" => "5"], ["type" => "map", "properties" => ["n" => ["type" => "integer"]]]) === ["n" => 5] || $fail("coerce_input");
    echo "50-pie: smoke test passed (tool_schema ", phpversion("tool_schema"), ", native)\n";
'
info="$(php -n -d extension="$so" --ri tool_schema)"
for row in 'Version => ' 'Implementation => native' 'Built with ext-php-rs => ' 'Built with rustc => ' 'PHP API => '; do
    grep -qF "$row" <<<"$info" || { echo "$info" >&2; echo "50-pie: php --ri tool_schema lacks '$row'" >&2; exit 1; }
done
echo '{"type":"integer"}' >"$tmp/def.json"
out="$(echo '"7"' | php -n -d extension="$so" bin/tool-schema coerce "$tmp/def.json" - 2>"$tmp/stderr")" || true
[ "$out" = "7" ] || { cat "$tmp/stderr" >&2; echo "50-pie: bin/tool-schema coerce printed '$out'" >&2; exit 1; }
grep -q '(native)' "$tmp/stderr" || { cat "$tmp/stderr" >&2; echo "50-pie: bin/tool-schema did not run native" >&2; exit 1; }
echo "50-pie: installed extension works (php --ri, bin/tool-schema)"

# The pure-PHP library as a Composer package (php/composer.json), installed
# from a path repository into a scratch project, with and without the extension.
if command -v composer >/dev/null; then
    project="$tmp/composer-project"
    mkdir -p "$project"
    cat >"$project/composer.json" <<JSON
{
    "name": "tool-schema/install-check",
    "repositories": [
        {"packagist.org": false},
        {"type": "path", "url": "$src/php", "options": {"symlink": false}},
        {"type": "path", "url": "$src/pcre2ecma/php", "options": {"symlink": false}}
    ],
    "require": {"tool-schema/tool-schema-php": "$(php -r 'echo json_decode(file_get_contents("php/composer.json"), true)["version"];')"}
}
JSON
    run "composer install" env COMPOSER_HOME="$tmp/composer-home" COMPOSER_ALLOW_SUPERUSER=1 \
        composer install --no-interaction --no-progress --working-dir="$project"
    check='require $argv[1] . "/vendor/autoload.php";
        $s = json_encode(ToolSchema\normalize_schema(["type" => "string", "required" => false]));
        $s === "{\"type\":[\"string\",\"null\"]}" || exit(1);
        ToolSchema\coerce_input("5", ["type" => "integer"]) === 5 || exit(1);
        class_exists("ToolSchema\\Php\\Drupal\\DefinitionArrayBuilder") && exit(1);
        echo ToolSchema\IMPLEMENTATION;'
    [ "$(php -n -r "$check" "$project")" = "php" ] || { echo "50-pie: the Composer library does not work without the extension" >&2; exit 1; }
    [ "$(php -n -d extension="$so" -r "$check" "$project")" = "native" ] || { echo "50-pie: the Composer library does not defer to the extension" >&2; exit 1; }
    echo "50-pie: Composer library (php/composer.json) installs from a path repository and works with and without the extension"
else
    echo "50-pie: composer is not installed: the Composer library install check did not run"
fi
