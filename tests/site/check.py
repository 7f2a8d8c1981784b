"""Assertions of the site stage (scripts/test.d/75-site.sh) on what the MCP
client received (tests/site/mcp_client.py) and what the site computes
(tests/site/expected.php). Plain Python 3, no dependency.

  check.py baseline DIR   tool_schema off: the list is mcp_tools' own
                          converter's, over HTTP and STDIO alike; the known
                          defects of that baseline hold (asserted as such)
  check.py module DIR     tool_schema on (native and PHP twin)
  check.py uninstalled DIR
  check.py nopatch DIR    mcp_tools unpatched: tool_schema on changes nothing there,
                          and the status report says what the site loses

Call kinds (calls.json): repair (a model-style mistake, repaired: the tool
runs), works (a value in the form the served schema advertises: an entity
ID, "TYPE:ID", `{}`: the tool runs), validates (passes validation; what the
tool does afterwards is its own), ambiguous and refused (refused before the
tool runs, with one line per violation naming the path and the
expectation; `extra` names the one key sent that the schema lacks).
"""

import json
import re
import sys

failures = []
passed = 0


def check(cond, what):
    global passed
    if cond:
        passed += 1
    else:
        failures.append(what)
        print("FAIL:", what)


def load(d, name):
    with open(f"{d}/{name}") as f:
        return json.load(f)


def enc(v):
    return json.dumps(v, sort_keys=False, ensure_ascii=False)


def tools(data):
    return {t["name"]: t["inputSchema"] for t in data["tools"]}


def calls(data):
    spec = {c["id"]: c for c in json.load(open(SPEC))}
    by = {}
    for c, s in zip(data["calls"], json.load(open(SPEC))):
        by[s["id"]] = dict(c, kind=s["kind"], extra=s.get("extra"))
    return by


def prop(schema, path):
    """The schema of an input path like 'level' or 'map.key'."""
    node = schema
    for part in path.replace("[]", "").split("."):
        node = (node.get("properties") or {}).get(part)
        if node is None:
            return None
    return node


def ran(call):
    return not call["isError"] and (call.get("structured") or {}).get("success") is True


def refused_by_validation(call):
    return call["isError"] and (call.get("structured") or {}).get("error_code") == "VALIDATION_FAILED"


PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
EXPECTATION = ("expected ", "unexpected property", "that you can view", "unknown entity type", "translation")


def refusal_texts(label, k, call):
    """A refusal a model can act on: each violation one line, naming the
    path and what was expected (and what was received); no unfilled
    template; additionalProperties only for a key actually sent."""
    st = call.get("structured") or {}
    errors = st.get("validation_errors") or []
    check(errors != [], f"{label}: {k} is refused with its violations listed; got {call['text'][:160]!r}")
    check(st.get("error") == (errors[0]["message"] if errors else None),
          f"{label}: {k}: the refusal's headline is its first violation")
    extra = call.get("extra")
    for e in errors:
        m, path = e.get("message", ""), e.get("path")
        check(isinstance(path, str) and path != "" and m.startswith(path + ": "),
              f"{label}: {k}: the violation names its path ({path!r}): {m!r}")
        check(any(x in m for x in EXPECTATION), f"{label}: {k}: the violation says what was expected: {m!r}")
        check("\n" not in m, f"{label}: {k}: one line per violation: {m!r}")
        check(not PLACEHOLDER.search(m),
              f"{label}: {k}: no unfilled template: {m!r}")
        said = m[len(path) + 2:] if isinstance(path, str) else m
        if said.startswith("expected ") or said.startswith("unexpected property"):
            check(", got " in m, f"{label}: {k}: the violation says what was received: {m!r}")
        if extra is None:
            check("additional" not in m.lower() and "unexpected property" not in m,
                  f"{label}: {k}: no additionalProperties without an extra key: {m!r}")
    if extra is not None:
        check(any(e.get("path") == extra and "unexpected property" in e.get("message", "") for e in errors),
              f"{label}: {k}: the extra key {extra!r} is named")


BROKEN = ["tool_schema_site_test_throwing_definition", "tool_schema_site_test_bad_option",
          "tool_schema_site_test_broken_callback", "tool_schema_site_test_missing_manager"]
SPEC = "tests/site/calls.json"


def common(d, http, stdio, expected, label):
    th, ts = tools(http), tools(stdio)
    check(list(th) == list(ts), f"{label}: HTTP and STDIO list the same tools in the same order")
    check(enc(http["tools"]) == enc(stdio["tools"]), f"{label}: HTTP and STDIO give the same inputSchemas")
    check(set(th) == set(expected), f"{label}: the client lists every Tool API tool the site has "
          f"({len(th)} listed, {len(expected)} on the site; missing {sorted(set(expected) - set(th))})")
    return th


def baseline(d):
    http, stdio, exp = load(d, "base-http.json"), load(d, "base-stdio.json"), load(d, "base-expected.json")
    th = common(d, http, stdio, exp, "baseline")
    for name, schema in th.items():
        check(enc(schema) == enc(exp[name]["mcp_tools"]),
              f"baseline: {name}'s inputSchema is mcp_tools' ToolApiSchemaConverter output")
    enums = [(n, p) for n, r in exp.items() for p in r["enums"]]
    tool_enums = [(n, p) for n, p in enums if not n.startswith("tool_schema_site_test")]
    check(len(tool_enums) == 15, f"baseline: the Tool module's tools have 15 enum inputs (found {len(tool_enums)})")
    for n, p in tool_enums:
        check("enum" not in enc(prop(th[n], p)), f"baseline defect: {n}.{p} is listed without its enum")
    c = calls(http)
    check(ran(c["float_for_int_id"]) and "with ID 1" in c["float_for_int_id"]["text"],
          "baseline defect: entity_load_by_id with entity_id \"1.5\" loads user 1")
    check(ran(c["maybe_bool"]), "baseline defect: display_message runs with repeat \"maybe\" (upcast to false)")
    for k in ("enum_case", "json_map_and_enum_case", "empty_optional"):
        check(not ran(c[k]), f"baseline defect: {k} is refused (not repaired)")
    check(not ran(c["unknown_enum"]), "baseline: an unknown log level is refused")
    check(not ran(c["entity_plain"]) and not ran(c["entity_fixed_string"]),
          "baseline defect: entity inputs given as \"user:1\" or an ID do not reach the tool as entities")
    for k in ("all_optional_empty", "all_optional_empty_users", "optional_map_empty"):
        check(refused_by_validation(c[k]), f"baseline defect: {k} ({c[k]['name']} {enc(c[k]['arguments'])}) is refused: "
              f"{{}} is validated as a list")
    texts = "\n".join(e.get("message", "") for k in ("refusal_type", "all_optional_empty")
                      for e in (c[k].get("structured") or {}).get("validation_errors") or [])
    check(PLACEHOLDER.search(texts) is not None, "baseline defect: refusals are opis templates left unfilled")
    print(f"baseline: {len(th)} tools over HTTP and STDIO, {len(tool_enums)} enum inputs "
          f"listed without enum, {len(c)} calls")


def module(d):
    exp = load(d, "on-expected.json")
    exp_php = load(d, "on-expected-php.json")
    base = tools(load(d, "base-http.json"))
    check(enc(exp) == enc(exp_php), "module: expected.php gives the same bytes with the extension and the PHP twin")
    runs = {}
    for impl in ("native", "php"):
        http, stdio = load(d, f"on-{impl}-http.json"), load(d, f"on-{impl}-stdio.json")
        runs[impl] = (http, stdio)
        th = common(d, http, stdio, exp, f"module ({impl})")
        taken = declined = 0
        for name, schema in th.items():
            want = exp[name]["tool_schema"]
            if want is None:
                declined += 1
                check(enc(schema) == enc(base[name]),
                      f"module ({impl}): {name}, which tool_schema declines, is served as before")
            else:
                taken += 1
                check(enc(schema) == enc(want),
                      f"module ({impl}): {name}'s inputSchema is tool_schema.input_schemas' toolSchema()")
        for n in BROKEN:
            check(n in th and enc(th[n]) == enc(base[n]),
                  f"module ({impl}): bad definition {n} is served as before")
        tool_enums = [(n, p) for n, r in exp.items() for p in r["enums"] if not n.startswith("tool_schema_site_test")]
        for n, p in tool_enums:
            check("enum" in enc(prop(th[n], p)), f"module ({impl}): {n}.{p} carries its enum")
        c = calls(http)
        for k, call in c.items():
            what = f"{k} ({call['name']} {enc(call['arguments'])})"
            if call["kind"] in ("repair", "works"):
                check(ran(call), f"module ({impl}): {what} is {'repaired and ' if call['kind'] == 'repair' else ''}"
                      f"succeeds; got {call['text'][:160]!r}")
            elif call["kind"] == "validates":
                check(not refused_by_validation(call) and call.get("rpcError") is None,
                      f"module ({impl}): {what} passes validation; got {call['text'][:160]!r}")
            else:
                check(not ran(call) and "Successfully" not in call["text"],
                      f"module ({impl}): {what} is an error and the tool does not run; got {call['text'][:160]!r}")
                check(refused_by_validation(call), f"module ({impl}): {what} is refused as invalid input, "
                      f"before the tool runs; got {call['text'][:160]!r}")
                refusal_texts(f"module ({impl})", k, call)
        first = lambda k: ((c[k].get("structured") or {}).get("validation_errors") or [{}])[0]
        check(first("entity_missing").get("message") == 'entity: no "user" entity with ID "999" that you can view',
              f"module ({impl}): a missing entity: {first('entity_missing').get('message')!r}")
        check(first("entity_not_viewable").get("message", "").replace('"0"', '"999"') == first("entity_missing").get("message"),
              f"module ({impl}): the anonymous user (which the API user, uid 1, may not view) gets the refusal a "
              f"missing entity gets: {first('entity_not_viewable').get('message')!r}")
        check(first("entity_fixed_missing").get("message") == 'user: no "user" entity with ID "999" that you can view',
              f"module ({impl}): a missing entity for a fixed entity type: {first('entity_fixed_missing').get('message')!r}")
        check('"users"' in first("entity_unknown_type").get("message", ""),
              f"module ({impl}): an unknown entity type is named: {first('entity_unknown_type').get('message')!r}")
        check(first("refusal_required").get("path") == "entity",
              f"module ({impl}): a missing required input is named: {first('refusal_required')!r}")
        level = first("unknown_enum").get("message", "")
        check(level.startswith("level: expected one of ") and all(f'"{v}"' in level for v in ("debug", "warning", "emergency")),
              f"module ({impl}): an enum refusal lists the allowed values: {level!r}")
        check("user_unblock" in c["entity_fixed_int"]["name"] and "tool_schema_site_user" in c["entity_fixed_int"]["text"],
              f"module ({impl}): user_unblock with the integer 2 ran on user 2: {c['entity_fixed_int']['text'][:120]!r}")
        cs = calls(stdio)
        check(enc([(k, v["isError"], v["structured"]) for k, v in c.items()])
              == enc([(k, v["isError"], v["structured"]) for k, v in cs.items()]),
              f"module ({impl}): the calls give the same results over HTTP and STDIO")
        print(f"module ({impl}): {len(th)} tools ({taken} from tool_schema, {declined} declined and served "
              f"as before), {len(tool_enums)} enum inputs carry enum, {len(c)} calls")
    check(enc(runs["native"][0]["tools"]) == enc(runs["php"][0]["tools"]),
          "module: native and PHP twin list the same inputSchemas over HTTP")
    check(runs["native"][0]["raw_tools_list"] == runs["php"][0]["raw_tools_list"],
          "module: native and PHP twin send the same bytes for tools/list over HTTP")
    check(enc(runs["native"][1]["tools"]) == enc(runs["php"][1]["tools"]),
          "module: native and PHP twin list the same inputSchemas over STDIO")
    strip = lambda data: [(c["isError"], c["structured"]) for c in data["calls"]]
    check(enc(strip(runs["native"][0])) == enc(strip(runs["php"][0])),
          "module: native and PHP twin give the same call results")


def uninstalled(d):
    base, off = load(d, "base-http.json"), load(d, "off-http.json")
    check(enc(base["tools"]) == enc(off["tools"]),
          "uninstalled: tools/list is the one captured before tool_schema was enabled")
    check(base["raw_tools_list"] == off["raw_tools_list"],
          "uninstalled: the same bytes as before tool_schema was enabled")
    print(f"uninstalled: {len(off['tools'])} tools as before enabling")


def nopatch(d):
    off, on = load(d, "nopatch-off-http.json"), load(d, "nopatch-on-http.json")
    check(enc(off["tools"]) == enc(on["tools"]),
          "without the mcp_tools patch: enabling tool_schema leaves tools/list as it was")
    strip = lambda data: [(c["isError"], c["structured"]) for c in data["calls"]]
    check(enc(strip(off)) == enc(strip(on)),
          "without the mcp_tools patch: the calls give what they gave without tool_schema")
    req, req_on = load(d, "nopatch-requirements.json"), load(d, "on-requirements.json")
    mcp = req.get("tool_schema_mcp_tools") or {}
    check(mcp.get("severity") == "warning",
          f"without the patch: the status report warns that mcp_tools is not taken over; got {enc(req)[:300]}")
    check(all(x in mcp.get("description", "") for x in ("no enums", "lossy repairs", "entity inputs refused",
                                                         "mcp_tools-extension-points.patch")),
          f"without the patch: the warning says what the site loses and what to apply: {mcp.get('description')!r}")
    check("tool_schema_mcp_tools" not in req_on, "with the patch: no mcp_tools warning")
    for r in (req, req_on):
        check((r.get("tool_schema_tool_input") or {}).get("severity") == "warning",
              "the Tool module snapshot (no input event, not patched): the status report warns")
    print(f"without the patch: {len(on['tools'])} tools, {len(on['calls'])} calls, as without tool_schema")


if __name__ == "__main__":
    {"baseline": baseline, "module": module, "uninstalled": uninstalled, "nopatch": nopatch}[sys.argv[1]](sys.argv[2])
    print(f"{sys.argv[1]}: {passed} checks passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)
