#!/usr/bin/env bash
# The conversation a model has with a site (issue 27): a whole installed site
# (scripts/site.sh, with the test module tests/site/modules/tool_schema_site_test
# and its echo tool) and the pinned real MCP client (target/site-venv,
# tests/site/requirements.txt), in three configurations, each on the same
# fresh database: tool_schema on with the extension, on with the PHP twin,
# and off (the site without the module).
#   1. round-trip acceptance (tests/site/roundtrip.py): every listed tool is
#      called with values generated from its advertised inputSchema
#      (hypothesis-jsonschema, derandomized), entity handles also replaced by
#      existing entities; no value valid under the schema may be refused as
#      invalid input, no existing entity in an advertised form answered "not
#      found", and the echo tool must receive each valid value as sent;
#   2. the conversation corpus (tests/site/conversation.json, run by
#      tests/site/conversation.py): model mistakes that must be repaired (the
#      tool receives the right value) and ambiguous values that must be refused
#      with a message that names the path and the expectation and no input the
#      call did not send.
# Both fail the stage only for the runs with tool_schema (extension and PHP
# twin, which must also classify every round-trip answer alike); the run
# without it is measured and reported (its numbers are the "without" column
# of docs/benchmarks.md, "The conversation on a site"). Every run prints its
# numbers; a tool that is not called is named with the reason.
# The site is SITE_CONV_DIR (default target/site-conv-ci: the calls change it;
# its database is put back to the state after the build before each run), the
# server 127.0.0.1:SITE_CONV_PORT (default 18932), stopped on exit. The
# extension is a private copy of TOOL_SCHEMA_SO (a rebuild of the tree's .so
# under a running server would crash it). Results: target/conversation-test/.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS
export SITE_DIR="${SITE_CONV_DIR:-$PWD/target/site-conv-ci}"
export PORT="${SITE_CONV_PORT:-18932}"
export SITE_MODULES=tool_schema_site_test
out="$PWD/target/conversation-test"
rm -rf "$out"; mkdir -p "$out"

py="$(scripts/lib/site-venv.sh)"
trap 'scripts/site.sh --stop' EXIT

so="${TOOL_SCHEMA_SO:-}"
if [ -z "$so" ]; then so="$(scripts/build.sh)"; fi
cp "$so" "$out/tool_schema.so"
export TOOL_SCHEMA_SO="$out/tool_schema.so"
web="$SITE_DIR/web"
db="$web/sites/default/files/.sqlite"

# The site as built (tool_schema off), from its pristine database when the
# build is the same, plus users 2 (for the tools that change the user they
# get) and 3 to 6 (for entity_delete).
if [ -f "$SITE_DIR/conv-pristine.sqlite" ] && [ "$(cat "$SITE_DIR/conv-pristine.stamp" 2>/dev/null)" = "$(cat "$SITE_DIR/.built" 2>/dev/null)" ]; then
    scripts/site.sh --stop
    rm -f "$db"-wal "$db"-shm "$db"-journal
    cp "$SITE_DIR/conv-pristine.sqlite" "$db"
fi
TOOL_SCHEMA_ENABLE=0 scripts/site.sh --build-only >/dev/null
if [ "$(cat "$SITE_DIR/conv-pristine.stamp" 2>/dev/null)" != "$(cat "$SITE_DIR/.built")" ]; then
    cp "$db" "$SITE_DIR/conv-pristine.sqlite"
    cat "$SITE_DIR/.built" > "$SITE_DIR/conv-pristine.stamp"
fi
(cd "$web" && php -r 'require "boot.php";
    $users = \Drupal::entityTypeManager()->getStorage("user");
    foreach ([2, 3, 4, 5, 6] as $uid) {
        if (!$users->load($uid)) {
            $users->create(["uid" => $uid, "name" => "conversation-$uid", "mail" => "conversation-$uid@example.com", "status" => 1])->save();
        }
    }')
cp "$db" "$out/clean.sqlite"

failed=()
run() { # slug label enable native strict
    local slug="$1" label="$2" enable="$3" native="$4" strict="$5" t0=$SECONDS
    echo "-- $label"
    scripts/site.sh --stop
    rm -f "$db"-wal "$db"-shm "$db"-journal
    cp "$out/clean.sqlite" "$db"
    TOOL_SCHEMA_ENABLE="$enable" TOOL_SCHEMA_NATIVE="$native" scripts/site.sh --detach >/dev/null
    local impl
    impl="$(cd "$web" && php $([ "$native" = 0 ] || echo "-d extension=$TOOL_SCHEMA_SO") -r 'require "boot.php";
        echo \Drupal::moduleHandler()->moduleExists("tool_schema") ? "on" : "off", "/",
            defined("ToolSchema\\IMPLEMENTATION") ? \ToolSchema\IMPLEMENTATION : "none";')"
    echo "site: tool_schema $impl"
    local url key
    url="$(cat "$SITE_DIR/mcp-url.txt")" key="$SITE_DIR/mcp-key.txt"
    timeout 300 "$py" tests/site/conversation.py run "$url" "$key" "$out/conversation-$slug.json" "$label" $strict \
        || failed+=("conversation ($label)")
    cp tests/site/refined.php "$web/"
    (cd "$web" && php refined.php) > "$out/refined-$slug.json"
    timeout 300 "$py" tests/site/roundtrip.py "$url" "$key" "$out/roundtrip-$slug.json" "$label" $strict \
        --refined "$out/refined-$slug.json" \
        || failed+=("round trip ($label)")
    echo "$label: $((SECONDS - t0)) s"
}
run on-native "tool_schema, extension" 1 1 --strict
run on-php "tool_schema, PHP twin" 1 0 --strict
run off "without tool_schema" 0 1 ""
scripts/site.sh --stop

# The extension and the PHP twin: the same answers, class by class.
python3 - "$out" <<'PY' || failed+=("native = PHP twin")
import json, sys
d = sys.argv[1]
a = json.load(open(f"{d}/roundtrip-on-native.json"))["calls"]
b = json.load(open(f"{d}/roundtrip-on-php.json"))["calls"]
c = json.load(open(f"{d}/conversation-on-native.json"))["results"]
e = json.load(open(f"{d}/conversation-on-php.json"))["results"]
diff = [(x["tool"], x["arguments"], x["class"], y["class"]) for x, y in zip(a, b)
        if (x["tool"], x["arguments"], x["class"]) != (y["tool"], y["arguments"], y["class"])]
diff += [(x["id"], x["arguments"], x["outcome"], y["outcome"]) for x, y in zip(c, e)
         if (x["id"], x["outcome"], x.get("received")) != (y["id"], y["outcome"], y.get("received"))]
for t, args, x, y in diff[:20]:
    print(f"FAIL: native and PHP twin differ: {t} {json.dumps(args, ensure_ascii=False)[:160]}: {x} / {y}")
ok = not diff and len(a) == len(b) and len(c) == len(e)
print(f"native = PHP twin: {len(a)} round-trip calls and {len(c)} conversation calls answered alike" if ok else
      f"FAIL: native and PHP twin: {len(diff)} answers differ ({len(a)}/{len(b)} round-trip calls)")
sys.exit(0 if ok else 1)
PY

echo "-- the conversation (docs/benchmarks.md)"
"$py" tests/site/conversation.py table "$out/conversation-on-native.json" \
    "$out/conversation-on-php.json" "$out/conversation-off.json" | tee "$out/table.md"
python3 - "$out" <<'PY' | tee -a "$out/table.md"
import json, sys
print()
print("| configuration | tools called | values | ran | refused as invalid input | not found | errors | valid values refused as invalid (asserted) | existing entities not run (asserted) | echo tool: ran with a changed value (asserted) |")
print("|---|---|---|---|---|---|---|---|---|---|")
for slug in ("on-native", "on-php", "off"):
    s = json.load(open(f"{sys.argv[1]}/roundtrip-{slug}.json"))["summary"]
    label = s["label"]
    k = s["classes"]
    print(f"| {label} | {s['tools_called']} of {s['tools']} | {s['calls']} | {k.get('ran', 0)} | {k.get('invalid', 0)} | "
          f"{k.get('not_found', 0)} | {k.get('other', 0)} | {s['valid_refused_as_invalid']} | {s['existing_entity_not_run']} | "
          f"{s['echo_ran_with_a_changed_value']} of {s['echo_calls_ran']} |")
PY
echo "conversation stage: $((SECONDS - start)) s"
if [ "${#failed[@]}" != 0 ]; then
    printf 'FAIL: %s\n' "${failed[@]}"
    exit 1
fi
