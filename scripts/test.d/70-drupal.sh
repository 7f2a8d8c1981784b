#!/usr/bin/env bash
# Real Drupal in the loop (issue 8): Drupal core 10.6.15, Symfony 6.4.12 and the
# Tool module, from the pinned archives of ../shared/deps, unpacked by
# scripts/deps.sh into target/deps (checksums first; nothing enters the repo).
#   1. PHPUnit on the real classes (tests/drupal/phpunit.xml), without the
#      extension, then with it: the adapter on core and Tool module definitions,
#      every input of the 33 tools in the three nullable styles, the schema glue
#      in the real Serializer, coercion in the patched TypedInputsTrait, the
#      generated sections of docs/drupal.md up to date;
#   2. the fixtures' own claims (tests/drupal/fixture_verdicts.php): every value
#      a normalize fixture says its schema accepts, judged by real Drupal;
#   3. the differential test (tests/drupal/differential.php): ~30,000 generated
#      definition/value pairs, Drupal's verdict against ajv's (npm ci from
#      tests/drupal/package-lock.json), with the extension (checked native) and
#      the PHP twin compared on every definition; and every value Drupal
#      rejects against each provider profile's schema (issue 9: never looser
#      without a warning at the path).
#   4. the module's validator (tests/drupal/validator_verdicts.php, issue 27):
#      SchemaValidator's verdict on tool arguments against ajv's, on every
#      fixture's values, format probes and the differential's pairs (the
#      module's PHP code and opis only: the same run in both branches).
# TOOL_SCHEMA_DIFF_REPORT_ONLY=1 prints the differential's classes without failing.
set -euo pipefail
cd "$(dirname "$0")/../.."

scripts/deps.sh >/dev/null
so="${TOOL_SCHEMA_SO:-}"
phpunit_bin="$(command -v phpunit)"

(cd tests/drupal && npm ci --no-audit --no-fund --loglevel=error >/dev/null)

echo "-- PHPUnit on real Drupal, pure PHP"
"$phpunit_bin" -c tests/drupal/phpunit.xml
if [ -n "$so" ]; then
    echo "-- PHPUnit on real Drupal, with the extension"
    php -d extension="$so" "$phpunit_bin" -c tests/drupal/phpunit.xml
    echo "-- fixture verdicts: what the fixtures' schemas accept, judged by Drupal"
    php -d extension="$so" tests/drupal/fixture_verdicts.php
    echo "-- differential test, native (the PHP twin compared on every definition)"
    TOOL_SCHEMA_DIFF_EXPECT_NATIVE=1 php -d extension="$so" tests/drupal/differential.php
else
    echo "-- fixture verdicts: what the fixtures' schemas accept, judged by Drupal"
    php tests/drupal/fixture_verdicts.php
    echo "-- differential test, pure PHP (no TOOL_SCHEMA_SO)"
    php tests/drupal/differential.php
fi
echo "-- validator verdicts: the module's validator (SchemaValidator) against ajv"
php tests/drupal/validator_verdicts.php
