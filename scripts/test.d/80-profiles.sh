#!/usr/bin/env bash
# Provider profiles (issue 9): every fixture definition and every tool of the
# Tool module (from real Drupal), in every nullable style and every profile:
#   1. the project's per-profile checker (cargo test --test profiles), which
#      also writes the corpus target/profiles/corpus.json;
#   2. the providers' own code, offline, from PyPI with pinned versions
#      (tests/profiles/requirements.txt in a venv): openai's strict-schema
#      helper and anthropic.transform_schema leave each strict schema
#      unchanged, google-genai's types.Schema (extra keys forbidden) takes each
#      gemini schema and dumps it back unchanged;
#   2b. fit_budget() requests through the same SDK helpers, recounted
#      (tests/profiles/budget.php, budget_check.py);
#   3. the MCP TypeScript SDK's tools/list round trip and ajv 2020 strict mode
#      on every mcp schema, and ajv on every fixture value Drupal rejects: no
#      profile accepts one without a warning at its path (npm ci from
#      tests/profiles/package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p target/profiles

scripts/deps.sh >/dev/null
php tests/profiles/tools.php > target/profiles/tools.json

TOOL_SCHEMA_PROFILE_TOOLS="$PWD/target/profiles/tools.json" \
TOOL_SCHEMA_PROFILE_CORPUS="$PWD/target/profiles/corpus.json" \
    cargo test --no-default-features --test profiles -- --nocapture 2>&1 | grep -v '^running\|^$'

venv=target/profiles/venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check -r tests/profiles/requirements.txt
"$venv/bin/python" tests/profiles/sdk_check.py target/profiles/corpus.json

# fit_budget() (issue 19): tool lists at and over each per-request limit and
# the Tool module's tools as one request, both implementations identical
# (with TOOL_SCHEMA_SO), every strict tool unchanged by its SDK, every request
# within its limits as counted again from the SDK's output, one reason per
# fallback.
if [ -n "${TOOL_SCHEMA_SO:-}" ]; then
    php -d extension="$TOOL_SCHEMA_SO" tests/profiles/budget.php target/profiles/tools.json > target/profiles/budget.json
else
    php tests/profiles/budget.php target/profiles/tools.json > target/profiles/budget.json
fi
(cd tests/profiles && "../../$venv/bin/python" budget_check.py ../../target/profiles/budget.json)

(cd tests/profiles && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
node tests/profiles/mcp_check.mjs target/profiles/corpus.json
# input_examples (issue 30): each one fit_budget() returns validates against
# its tool's schema (ajv, formats asserted).
node tests/profiles/examples_check.mjs target/profiles/budget.json
