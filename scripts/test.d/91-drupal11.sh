#!/usr/bin/env bash
# Real Drupal 11 in the loop (issue 20): Drupal core 11.3.16 and 11.4.5 with
# Symfony 7.4 (the Debian forky packages of ../shared/deps/drupal11) and the
# Tool module snapshot unpatched, on PHP 8.4 in the Debian 13 chroot
# (scripts/trixie.sh), unpacked by `scripts/deps.sh drupal11` into target/deps
# (checksums first; nothing enters the repo). For each core:
#   1. PHPUnit on the real classes (tests/drupal/phpunit.xml, TOOL_SCHEMA_DRUPAL
#      picks the core), without the extension, then with the extension for
#      PHP 8.4 that the Debian 13 stage (90-debian13.sh, which runs before
#      this one) built in its copy of the work tree, target/debian13/tree:
#      one build for both stages. On 11.4, where core narrowed
#      ComplexDataNormalizer::normalize() and the Tool module snapshot's
#      normalizers are a fatal error to load, the serializer tests use
#      tool_schema's normalizer with core's normalizers only; the tests of
#      the Tool module's own normalizers are skipped with the reason;
#      DocsTest runs on 10.6 only (its "before" columns are 10.6's);
#   2. the fixtures' own claims, judged by this Drupal (fixture_verdicts.php);
#   3. the differential test (differential.php; the generator also draws the
#      constraint ids that are plugins on 11 and not on 10.6), native, the PHP
#      twin compared on every definition.
#   4. the module's validator against ajv (validator_verdicts.php) on those
#      pairs, on PHP 8.4's PCRE2 10.46.
# Each part's wall time is printed, and a table at the end.
# TOOL_SCHEMA_DIFF_REPORT_ONLY=1 prints the differential's classes without failing.
# Drupal 10.6 on PHP 8.4 is the Debian 13 stage's, not this one's.
# Alone: bash scripts/test.d/91-drupal11.sh after 90-debian13.sh (it fails
# when that stage's copy of the work tree is missing or older than the Rust
# sources here).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
tree="$(scripts/lib/debian13-tree.sh 91-drupal11)"

scripts/deps.sh drupal11 >/dev/null
scripts/trixie.sh setup
(cd tests/drupal && npm ci --no-audit --no-fund --loglevel=error >/dev/null)

times=()
part() {
    local name="$1" start=$SECONDS
    shift
    echo "-- $name"
    "$@"
    local took=$((SECONDS - start))
    echo "-- $name: ${took}s"
    times+=("$(printf '%5ds  %s' "$took" "$name")")
}
summary() {
    printf '\n-- Drupal 11 parts, wall time\n'
    printf '%s\n' "${times[@]}"
}
trap summary EXIT

in_chroot() {
    scripts/trixie.sh run env ${TOOL_SCHEMA_DIFF_REPORT_ONLY:+TOOL_SCHEMA_DIFF_REPORT_ONLY=1} "$@"
}

so=""
build() {
    # The Debian 13 stage's build, with its environment: cargo finds it up
    # to date and only prints the path.
    so=$(cd "$tree" && "$repo/scripts/trixie.sh" run env TOOL_SCHEMA_PHP_CONFIG=/usr/bin/php-config8.4 scripts/build.sh | tail -n1)
    in_chroot php -d extension="$so" -r 'echo "extension for PHP ", PHP_VERSION, ": ", ToolSchema\IMPLEMENTATION, " ", ToolSchema\VERSION, " (", $argv[1], ")", PHP_EOL;' "$so"
}
part "the Debian 13 stage's extension for PHP 8.4 (target/debian13/tree)" build

for version in 11.3.16 11.4.5; do
    part "Drupal $version: PHPUnit on real Drupal, pure PHP" \
        in_chroot TOOL_SCHEMA_DRUPAL="$version" phpunit -c tests/drupal/phpunit.xml
    part "Drupal $version: PHPUnit on real Drupal, with the extension" \
        in_chroot TOOL_SCHEMA_DRUPAL="$version" php -d extension="$so" /usr/bin/phpunit -c tests/drupal/phpunit.xml
    part "Drupal $version: fixture verdicts" \
        in_chroot TOOL_SCHEMA_DRUPAL="$version" php -d extension="$so" tests/drupal/fixture_verdicts.php
    part "Drupal $version: differential test, native (the PHP twin compared on every definition)" \
        in_chroot TOOL_SCHEMA_DRUPAL="$version" TOOL_SCHEMA_DIFF_EXPECT_NATIVE=1 php -d extension="$so" tests/drupal/differential.php
    part "Drupal $version: validator verdicts (the module's validator against ajv, PCRE2 10.46)" \
        in_chroot TOOL_SCHEMA_DRUPAL="$version" php tests/drupal/validator_verdicts.php
done
