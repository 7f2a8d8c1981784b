"""Assertions of the site stage (scripts/test.d/75-site.sh) on what the MCP
client received (tests/site/mcp_client.py) and what the site computes
(tests/site/expected.php). Plain Python 3, no dependency.

  check.py baseline DIR   tool_schema off: the list is mcp_tools' own
                          converter's, over HTTP and STDIO alike; the known
                          defects of that baseline hold (asserted as such)
  check.py module DIR     tool_schema on (native and PHP twin)
  check.py uninstalled DIR
  check.py nopatch DIR    mcp_tools unpatched: tool_schema on changes nothing there
"""

import json
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
        by[s["id"]] = dict(c, kind=s["kind"])
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
            if call["kind"] == "repair":
                check(ran(call), f"module ({impl}): {k} ({call['name']} {enc(call['arguments'])}) is repaired "
                      f"and succeeds; got {call['text'][:160]!r}")
            else:
                check(not ran(call) and "Successfully" not in call["text"],
                      f"module ({impl}): {k} ({call['name']} {enc(call['arguments'])}) is an error and the tool "
                      f"does not run; got {call['text'][:160]!r}")
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
    print(f"without the patch: {len(on['tools'])} tools, {len(on['calls'])} calls, as without tool_schema")


if __name__ == "__main__":
    {"baseline": baseline, "module": module, "uninstalled": uninstalled, "nopatch": nopatch}[sys.argv[1]](sys.argv[2])
    print(f"{sys.argv[1]}: {passed} checks passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)
