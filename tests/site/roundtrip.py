"""Round-trip acceptance on a site (scripts/test.d/76-conversation.sh): every
tool of tools/list (the real MCP client, tests/site/sitecalls.py) is called
with values generated from its own advertised inputSchema by a schema-driven
generator (PyPI hypothesis-jsonschema + hypothesis, pinned in
tests/site/requirements.txt; derandomized, no example database: the same values
on every run), and each answer is classified (sitecalls.classify: ran /
invalid / not_found / other).

The contract (../shared/CONTRACT.md, "On a site"): a value valid under the
schema the site advertises is never refused as invalid input.

Entity inputs: a generated string names no entity, so each value with an
entity handle in it (an input whose schema is one: a fixed type, `An ID of a
"T" entity.` in its description or a pattern `^(?:T:...`; a plain entity, the
pattern `TYPE:ID`) is sent twice: as generated (the site may only answer "not
found" / "cannot view" there, never "invalid input"), and with the handle
replaced by each advertised form naming an existing entity (`"2"`, `"user:2"`,
`"user:2:en"`; only the forms valid under the schema), which must never be
answered "invalid input", nor "not found" about the entity.

The echo tool of the test module (tool_schema_site_test_echo) returns what it
received: a valid value must arrive as sent (an entity handle as that entity,
a date-time as the same instant, a number as the same number).

What is called, and why not more:
  - every listed tool, VALUES (default 4) generated values each (the echo
    tool, whose every input type is the point, four times as many), plus the
    entity substitutions, all naming user 2 (scripts/site/setup.php's second
    account; entity_delete gets users 3 to 6, one per call, which the stage
    creates), never user 1, the account the endpoint runs as; the tools that
    change or delete the entity they are given (VICTIM_TOOLS) never get a
    generated handle naming user 0 or 1 (blocking or deleting the API user,
    or anonymous, would change what every later call gets); entity_delete
    runs last;
  - no tool is excluded: the site is throwaway (its database put back for each run), the
    MCP server's own tools are read-only, and no listed tool uninstalls
    modules or changes the API user's roles (user_add_role / user_remove_role
    get user 2);
  - strings hold no NUL byte (allow_x00=False): a map key that starts with
    one is valid JSON, but no PHP object can hold it, so the opis validation
    of mcp_tools (and of tool_schema) cannot even read such a map and refuses
    it at the root ("The data ({type}) must match the type: {expected}"); a
    limit of PHP, not of a schema, and nothing a model sends;
  - a tool whose advertised inputSchema is not a valid JSON Schema (the test
    module's deliberately broken definitions, served as mcp_tools gives them),
    or from which the generator cannot draw a value, is not called: it is
    listed under "skipped" with the reason (printed, never silent).

Usage:
  roundtrip.py URL KEYFILE OUT.json LABEL [--strict] [--values N]
    --strict: exit 1 when a valid value is refused as invalid input, an
    existing entity in an advertised form is answered "not found", or the
    echo tool receives a valid value changed (the runs with tool_schema);
    without it the numbers are reported only (the run without the module).
The test module's deliberately wrong tools (EXEMPT) are called and counted,
not asserted.
"""

import argparse
import asyncio
import copy
import json
import os
import re
import sys
import tempfile
import time
import warnings
from datetime import datetime

# Hypothesis keeps its files out of the tree (no example database is used).
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "tool_schema-hypothesis"))

import jsonschema
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException
from hypothesis_jsonschema import from_schema

import conversation
import sitecalls

ECHO = "tool_schema_site_test_echo"
BEYOND_INT64 = {}   # tool => values left out (an integer beyond PHP's int64)
REFINED = {}        # tool => inputs it refines at run time (tests/site/refined.php)
INPUT = re.compile(r"\bInput ([A-Za-z0-9_]+):")
VICTIM_TOOLS = {"entity_delete", "user_block", "user_unblock", "user_add_role", "user_remove_role",
                "field_set_value", "entity_save", "entity_revision_add"}
LAST = ["entity_delete"]
# Called and counted, but not asserted: the test module's deliberately wrong
# definitions (tests/site/modules/tool_schema_site_test), which tool_schema
# declines (their schema is mcp_tools' own, served as before: what is valid
# under it is not the module's promise) or whose own default is wrong on purpose.
EXEMPT = {
    "tool_schema_site_test_throwing_definition": "a definition that throws, declined by tool_schema",
    "tool_schema_site_test_bad_option": "a malformed Length option, declined by tool_schema",
    "tool_schema_site_test_broken_callback": "a Choice callback that fails, declined by tool_schema",
    "tool_schema_site_test_missing_manager": "a PluginExists whose manager is missing, declined by tool_schema",
    "tool_schema_site_test_wrong_examples": "its default (50) breaks its own Range 1..10 on purpose: "
                                            "scripts/site-audit.php's case",
}
# Entity type => IDs that exist, for every tool: user 2 (scripts/site/setup.php's
# second account). User 1, the account the endpoint runs as, is the
# conversation corpus' note (entity_user_id_string): Drupal's validation of
# the current user's own account asks for its password.
EXISTING = {"user": ["2"]}
VICTIM = {"user": ["2"]}        # for VICTIM_TOOLS
DELETE_IDS = {"entity_delete": ["3", "4", "5", "6"]}    # users the stage creates to be deleted, one per call
ABOUT_ENTITY = re.compile(r"entity with (?:the )?ID|that you can view|unknown entity type|cannot view", re.I)
FIXED_ID = re.compile(r'An ID of an? "([a-z0-9_]+)" entity\.')
FIXED_PATTERN = re.compile(r"^\^\(\?:([a-z0-9_]+):")
# ISO 8601 durations, for a "duration" format (the generator has none).
DURATIONS = st.from_regex(r"\AP(?:[1-9][0-9]{0,2}D)?T[1-9][0-9]{0,2}[HMS]\Z")


def entity_kind(schema):
    """None, or ("fixed-id", T) / ("fixed", T) / ("plain", None) for an entity handle schema."""
    if not isinstance(schema, dict):
        return None
    desc, pattern = schema.get("description") or "", schema.get("pattern") or ""
    m = FIXED_ID.search(desc)
    if m:
        return ("fixed-id", m.group(1))
    if "{{entity:" in pattern or 'An entity: "TYPE:ID"' in desc:
        m = FIXED_PATTERN.match(pattern)
        if m:
            return ("fixed", m.group(1))
        return ("plain", None)
    return None


def entity_paths(schema, path=()):
    """[(path, kind)]: where a value of this schema holds an entity handle
    (path items: property names, or None for every item of a list)."""
    out = []
    if not isinstance(schema, dict):
        return out
    k = entity_kind(schema)
    if k:
        return [(path, k)]
    for name, sub in (schema.get("properties") or {}).items():
        out += entity_paths(sub, path + (name,))
    if isinstance(schema.get("items"), dict):
        out += entity_paths(schema["items"], path + (None,))
    for key in ("anyOf", "oneOf"):
        for sub in schema.get(key) or []:
            out += entity_paths(sub, path)
    return out


def forms(kind, ids):
    """[(value, must_run)] naming existing entities in the forms the schema advertises."""
    how, t = kind
    out = []
    for etype, eids in ids.items():
        if t not in (None, etype):
            continue
        for i in eids:
            if how == "fixed-id":
                out += [(i, True), (f"{etype}:{i}", False), (f"{etype}:{i}:en", False)]
            else:
                out += [(f"{etype}:{i}", True), (f"{etype}:{i}:en", True)]
    return out


def at(value, path):
    """The places (container, key) of `path` in a value."""
    if not path:
        return []
    head, rest = path[0], path[1:]
    if head is None:
        places = [(value, i) for i in range(len(value))] if isinstance(value, list) else []
    else:
        places = [(value, head)] if isinstance(value, dict) and head in value else []
    if not rest:
        return [p for p in places if isinstance(p[0][p[1]], str)]
    return [q for c, k in places for q in at(c[k], rest)]


def names_user(value, ids):
    """Whether a handle string names one of these users."""
    return any(re.fullmatch(rf"(?:user:)?{i}(?::[a-z_-]+)?", value.strip()) for i in ids)


INT64_MIN, INT64_MAX = -2 ** 63, 2 ** 63 - 1


def beyond_int64(v):
    """Does the value hold an integer PHP cannot hold (json_decode() makes a
    float of it)? JSON Schema's integer is unbounded, the canonical schema
    states no bound no constraint states (CONTRACT: "integer bounds appear
    only when a constraint states one"), and Drupal refuses such a number
    for an integer: an inherent limit of PHP, left out of the round trip and
    counted."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return not INT64_MIN <= v <= INT64_MAX
    if isinstance(v, list):
        return any(beyond_int64(x) for x in v)
    if isinstance(v, dict):
        return any(beyond_int64(x) for x in v.values())
    return False


def generate(schema, n):
    out = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(from_schema(schema, custom_formats={"duration": DURATIONS}, allow_x00=False))
    def collect(v):
        out.append(v)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        collect()
    seen, unique = set(), []
    for v in out:
        k = json.dumps(v, sort_keys=True)
        if k not in seen:
            seen.add(k)
            unique.append(v)
    return unique


def plan(tools, n):
    """[(tool, arguments, origin, must_run)], skipped [(tool, reason)]."""
    calls, skipped = [], []
    order = [t for t in tools if t[0] not in LAST] + [t for t in tools if t[0] in LAST]
    for name, schema in order:
        try:
            jsonschema.Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as e:
            skipped.append((name, f"its inputSchema is not a valid JSON Schema: {e.message}"))
            continue
        validator = jsonschema.Draft202012Validator(schema)
        try:
            values = generate(schema, n * 4 if name == ECHO else n)
        except (HypothesisException, Exception) as e:  # noqa: B014 - any generator failure is reported
            skipped.append((name, f"the generator cannot draw from its inputSchema: {type(e).__name__}: {e}"[:300]))
            continue
        values = [v for v in values if validator.is_valid(v)]
        big = [v for v in values if beyond_int64(v)]
        if big:
            BEYOND_INT64[name] = len(big)
            values = [v for v in values if not beyond_int64(v)]
        if not values:
            skipped.append((name, "the generator drew no value valid under its inputSchema"))
            continue
        paths = entity_paths(schema)
        ids = VICTIM if name in VICTIM_TOOLS else EXISTING
        deleted = 0
        for i, v in enumerate(values):
            if name in VICTIM_TOOLS and any(names_user(c[k], ["0", "1"]) for p, _ in paths for c, k in at(v, p)):
                continue    # never the API user or anonymous for a tool that changes the entity
            calls.append((name, v, "generated", False))
            # The same value with every entity handle in it naming an existing entity.
            w, subs, must = copy.deepcopy(v), [], False
            if name in DELETE_IDS:
                # A deleted entity is gone for the next call: one of its own each time.
                ids = {"user": [DELETE_IDS[name][deleted % len(DELETE_IDS[name])]]}
                deleted += 1
            for p, kind in paths:
                fs = forms(kind, ids)
                places = at(w, p)
                if not fs or not places:
                    continue
                value, m = fs[i % len(fs)]
                for c, k in places:
                    c[k] = value
                subs.append(f"{'.'.join('[]' if x is None else x for x in p)}={value}")
                must = must or m
            if subs and validator.is_valid(w):
                calls.append((name, w, "entity " + " ".join(subs), must))
    return calls, skipped


async def run(url, keyfile, n):
    async with sitecalls.session(url, keyfile) as s:
        tools = await sitecalls.tools(s)
        t0 = time.monotonic()
        calls, skipped = plan(tools, n)
        gen_s = time.monotonic() - t0
        out = []
        schemas = dict(tools)
        for name, args, origin, must in calls:
            a = await sitecalls.call(s, name, args)
            c = {"tool": name, "arguments": args, "origin": origin, "must_run": must,
                 "class": sitecalls.classify(a), "headline": sitecalls.headline(a)[:300], "text": a["text"][:600]}
            if name == ECHO and c["class"] == "ran":
                got = ((a.get("structured") or {}).get("data") or {}).get("values") or {}
                c["changed"] = changed(schemas[name], args, got)
            out.append(c)
        return tools, out, skipped, gen_s


def changed(schema, args, got):
    """The inputs the echo tool did not receive as sent (a valid value must
    arrive as it is: an entity handle as that entity, a date-time as the same
    instant, anything else unchanged, int and float alike for a number)."""
    out = []
    for k, v in args.items():
        if k not in (schema.get("properties") or {}):
            continue        # not an input (an open schema lets it through; the tool never sees it)
        prop = schema["properties"][k] or {}
        t = got.get(k)
        if v is None:
            ok = True       # null for an optional input: the tool gets its default (a map: its properties)
        elif entity_kind(prop):
            m = re.fullmatch(r"(?:(user):)?(\d+)(?::[a-z_-]+)?", v) if isinstance(v, str) else None
            ok = t == {"entity": f"user:{m.group(2)}"} if m else True
        elif prop.get("format") == "date-time":
            try:
                ok = isinstance(t, dict) and datetime.fromisoformat(t.get("string", "")) == datetime.fromisoformat(v)
            except ValueError:
                ok = False
        else:
            ok = same(t, v, prop)
        if not ok:
            out.append({"input": k, "sent": v, "received": conversation.untag(t)})
    return out


INT64 = 2 ** 63


def same(t, v, schema):
    """conversation.match, where the schema types the value; in content the
    schema leaves free (a map without properties, a list without items), an
    integer beyond PHP's int64 may arrive as the float json_decode() makes of
    it: nothing there could say otherwise."""
    typed = isinstance(schema, dict) and any(k in schema for k in ("type", "enum", "const")) \
        and "anyOf" not in schema
    if not isinstance(t, dict) or len(t) != 1:
        return False
    (tag, x), = t.items()
    if isinstance(v, dict) and tag == "array" and isinstance(x, list) and list(v) == [str(i) for i in range(len(x))]:
        x = {str(i): y for i, y in enumerate(x)}    # a PHP array with keys 0..n-1 is a JSON list on the way back
    if isinstance(v, dict) and v and tag == "array" and isinstance(x, dict):
        props = (schema or {}).get("properties") or {}
        return set(v) == set(x) and all(same(x[k], v[k], props.get(k)) for k in v)
    if isinstance(v, list) and tag == "array" and isinstance(x, list):
        return len(v) == len(x) and all(same(a, b, (schema or {}).get("items")) for a, b in zip(x, v))
    if not typed and isinstance(v, int) and not isinstance(v, bool) and abs(v) >= INT64 and tag == "float":
        return float(v) == x
    return conversation.match(t, v)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("keyfile")
    ap.add_argument("out")
    ap.add_argument("label")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--values", type=int, default=4)
    ap.add_argument("--refined", help="tests/site/refined.php's output: the inputs each tool refines at run time")
    o = ap.parse_args()
    if o.refined:
        with open(o.refined) as fh:
            REFINED.update({t: set(i) for t, i in json.load(fh).items()})
    t0 = time.monotonic()
    tools, calls, skipped, gen_s = asyncio.run(run(o.url, o.keyfile, o.values))
    classes = {}
    for c in calls:
        classes[c["class"]] = classes.get(c["class"], 0) + 1
    called = sorted({c["tool"] for c in calls})
    def refined(c):
        m = INPUT.search(c["headline"])
        return bool(m) and m.group(1) in REFINED.get(c["tool"], ())
    unstatable = [c for c in calls if c["class"] == "invalid" and c["tool"] not in EXEMPT and refined(c)]
    bad = [c for c in calls if c["class"] == "invalid" and c["tool"] not in EXEMPT and not refined(c)]
    # An existing entity in an advertised form answered "not found" (an answer
    # about the entity: the rest of a generated value may name nothing).
    unrun = [c for c in calls if c["must_run"] and c["class"] == "not_found" and c["tool"] not in EXEMPT
             and ABOUT_ENTITY.search(c["headline"])]
    exempt = [c for c in calls if c["tool"] in EXEMPT and c["class"] == "invalid"]
    wrong = [c for c in calls if c.get("changed")]
    summary = {"label": o.label, "tools": len(tools), "tools_called": len(called), "skipped": len(skipped),
               "calls": len(calls), "classes": classes, "valid_refused_as_invalid": len(bad),
               "existing_entity_not_run": len(unrun), "exempt_refused_as_invalid": len(exempt),
               "refined_input_refused": len(unstatable), "left_out_beyond_int64": sum(BEYOND_INT64.values()),
               "echo_calls_ran": sum(1 for c in calls if "changed" in c), "echo_ran_with_a_changed_value": len(wrong),
               "tools_with_a_valid_value_refused": sorted({c["tool"] for c in bad}),
               "generate_s": round(gen_s, 1), "wall_s": round(time.monotonic() - t0, 1)}
    sitecalls.dump(o.out, {"summary": summary, "skipped": [{"tool": t, "reason": r} for t, r in skipped],
                           "calls": calls, "schemas": dict(tools)})
    print(f"roundtrip ({o.label}): {len(tools)} tools listed, {len(called)} called with {len(calls)} values "
          f"valid under their advertised inputSchema: " + ", ".join(f"{k} {v}" for k, v in sorted(classes.items()))
          + f" ({summary['wall_s']} s, generating {summary['generate_s']} s)")
    for t, r in skipped:
        print(f"roundtrip ({o.label}): NOT CALLED {t}: {r}")
    for t in sorted({c["tool"] for c in exempt}):
        n = sum(1 for c in exempt if c["tool"] == t)
        print(f"roundtrip ({o.label}): not asserted: {t}, {n} of its values refused as invalid input ({EXEMPT[t]})")
    for t in sorted({c["tool"] for c in unstatable}):
        ins = sorted({INPUT.search(c["headline"]).group(1) for c in unstatable if c["tool"] == t})
        print(f"roundtrip ({o.label}): not asserted: {t}, {sum(1 for c in unstatable if c['tool'] == t)} of its values "
              f"refused on {', '.join(ins)}, which it refines at run time from other inputs (the served schema is "
              f"the definition before refining)")
    for t, n in sorted(BEYOND_INT64.items()):
        print(f"roundtrip ({o.label}): left out: {t}, {n} generated values with an integer beyond PHP's int64")
    fails = 0
    for c in bad:
        fails += 1
        print(f"{'FAIL' if o.strict else 'refused'} ({o.label}): {c['tool']} {json.dumps(c['arguments'], ensure_ascii=False)[:200]}"
              f" [{c['origin']}] valid under the advertised schema, refused as invalid input: {c['headline'][:200]!r}")
    for c in unrun:
        fails += 1
        print(f"{'FAIL' if o.strict else 'not run'} ({o.label}): {c['tool']} {json.dumps(c['arguments'], ensure_ascii=False)[:200]}"
              f" [{c['origin']}] names an existing entity in an advertised form and is answered {c['class']}: "
              f"{c['headline'][:200]!r}")
    for c in wrong:
        fails += 1
        print(f"{'FAIL' if o.strict else 'changed'} ({o.label}): {ECHO} {json.dumps(c['arguments'], ensure_ascii=False)[:200]}"
              f" [{c['origin']}] ran with a value other than the valid one sent: "
              + "; ".join(f"{x['input']}: sent {json.dumps(x['sent'], ensure_ascii=False)[:80]}, received "
                          f"{json.dumps(x['received'], ensure_ascii=False)[:80]}" for x in c["changed"]))
    causes = {}
    for c in bad + unrun:
        key = re.sub(r'"[^"]*"|\'[^\']*\'|-?\d[\d.e+]*', "…", c["headline"])[:110]
        causes.setdefault(key, set()).add(c["tool"])
    for c in wrong:
        causes.setdefault("the echo tool received another value (" + ", ".join(x["input"] for x in c["changed"]) + ")",
                          set()).add(c["tool"])
    for key, ts in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        print(f"roundtrip ({o.label}): cause: {key!r}: {', '.join(sorted(ts))}")
    if o.strict and fails:
        print(f"roundtrip ({o.label}): {fails} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
