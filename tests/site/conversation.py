"""The conversation a model has with a site (scripts/test.d/76-conversation.sh):
the calls of tests/site/conversation.json, each with a mistake models make,
over the real MCP client (tests/site/sitecalls.py), and what came of each:

  right    the tool ran and received the value the case says (for
           tool_schema_site_test_echo, input by input, with PHP types: the echo
           tool returns what it got; for another tool, its answer matches the
           case's `ran` regex)
  wrong    the tool ran with another value (a repair case whose value differs,
           or a case that must be refused and ran)
  refused  the tool did not run: refused (invalid input or not found)
  other    an error, access denied

and, for each refusal, whether its first line names the path and the
expectation (a refusal case: its `path`, and one word of each list of its
`expects`) and whether it mentions an input the call did not send (any
refusal; the missing required input a case is about excepted, and the list of
allowed names after "allowed:" that answers a key the schema does not have:
that list is the expectation, not something said about the value).

Usage:
  conversation.py run URL KEYFILE OUT.json LABEL [--strict]
      --strict (the runs with tool_schema): exit 1 unless every case meets
      its expectation, no call ran with a wrong value, every refusal names the
      path and the expectation, and none mentions an input not sent
  conversation.py table OUT.json...
      the Markdown table of docs/benchmarks.md ("The conversation on a site")
"""

import argparse
import asyncio
import json
import re
import sys

import sitecalls

CORPUS = "tests/site/conversation.json"


def untag(t):
    """The echo tool's tagged value as plain JSON ({"@entity": ...} for an entity)."""
    if not isinstance(t, dict) or len(t) != 1:
        return t
    (tag, v), = t.items()
    if tag == "array":
        return [untag(x) for x in v] if isinstance(v, list) else {k: untag(x) for k, x in v.items()}
    if tag == "entity":
        return {"@entity": v}
    if tag == "object":
        return {"@object": v}
    return v


OMITTED = {}     # the echo tool's values for a call that sends item_count only


def match(t, e, name=None):
    """Whether the echo tool's tagged value `t` is the expected plain value `e`
    ({"@omitted": true}: what the tool gets when the input is not sent)."""
    if isinstance(e, dict) and set(e) == {"@omitted"}:
        return name in OMITTED and t == OMITTED[name]
    if not isinstance(t, dict) or len(t) != 1:
        return False
    (tag, v), = t.items()
    if isinstance(e, dict) and set(e) == {"@entity"}:
        return tag == "entity" and v == e["@entity"]
    if e is None:
        return tag == "null"
    if isinstance(e, bool):
        return tag == "bool" and v is e
    if isinstance(e, int):
        return tag == "int" and v == e
    if isinstance(e, float):
        return tag in ("float", "int") and float(v) == e
    if isinstance(e, str):
        return tag == "string" and v == e
    if isinstance(e, list):
        return tag == "array" and isinstance(v, list) and len(v) == len(e) and all(map(match, v, e))
    if isinstance(e, dict):
        if tag != "array":
            return False
        if not e:
            return v in ([], {})
        return isinstance(v, dict) and set(v) == set(e) and all(match(v[k], e[k]) for k in e)
    return False


def names(schema):
    """Every property name of a schema, at any depth."""
    out = set()
    if isinstance(schema, dict):
        for k, sub in (schema.get("properties") or {}).items():
            out.add(k)
            out |= names(sub)
        for key in ("items", "additionalProperties"):
            out |= names(schema.get(key))
        for key in ("anyOf", "oneOf", "allOf"):
            for sub in schema.get(key) or []:
                out |= names(sub)
    return out


def sent(value):
    """Every key the call sent, at any depth (inside JSON strings too)."""
    out = set()
    if isinstance(value, str) and value.strip()[:1] in ("{", "["):
        try:
            value = json.loads(value)
        except ValueError:
            return out
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            out |= sent(v)
    elif isinstance(value, list):
        for v in value:
            out |= sent(v)
    return out


def word(name, text):
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", text) is not None


def judge(case, answer, schema):
    cls = sitecalls.classify(answer)
    head = sitecalls.headline(answer)
    r = {"id": case["id"], "tool": case["tool"], "arguments": case["arguments"], "class": cls,
         "headline": head[:300], "text": (answer.get("text") or "")[:800]}
    ran = cls == "ran" and (answer.get("structured") or {}).get("success") is True
    if ran and case["tool"] == ECHO:
        got = ((answer.get("structured") or {}).get("data") or {}).get("values") or {}
        r["received"] = {k: untag(got.get(k)) for k in (case.get("receives") or case["arguments"])}
    if "refused" in case:
        r["expect"] = "refused"
        r["outcome"] = "wrong" if cls == "ran" else ("refused" if cls in ("invalid", "not_found") else "other")
    else:
        r["expect"] = "right"
        if cls == "ran":
            if not ran:
                r["outcome"] = "wrong"      # the tool ran and failed on the value it got
            elif "receives" in case:
                got = ((answer.get("structured") or {}).get("data") or {}).get("values") or {}
                r["outcome"] = "right" if all(k in got and match(got[k], v, k) for k, v in case["receives"].items()) else "wrong"
            else:
                r["outcome"] = "right" if re.search(case["ran"], answer.get("text") or "") else "wrong"
        else:
            r["outcome"] = "refused" if cls in ("invalid", "not_found") else "other"
    if r["outcome"] == "refused":
        excused = set(case.get("refused", {}).get("path", "").split("."))
        # The names after "allowed:" are the expectation for a key the call sent
        # that the schema does not have, not something said about the value.
        said = re.sub(r"allowed: [\w, ]+", "allowed: ...", answer.get("text") or "")
        unsent = sorted(n for n in names(schema) - sent(case["arguments"]) - excused if word(n, said))
        r["mentions_unsent"] = unsent
        if "refused" in case:
            spec = case["refused"]
            path_ok = all(word(p, head) for p in spec["path"].split("."))
            exp_ok = all(any(w.lower() in head.lower() for w in alts) for alts in spec["expects"])
            r["names_path"], r["names_expectation"] = path_ok, exp_ok
    return r


async def run(url, keyfile, cases):
    async with sitecalls.session(url, keyfile) as s:
        schemas = dict(await sitecalls.tools(s))
        if ECHO in schemas:
            a = await sitecalls.call(s, ECHO, {"item_count": 1})
            OMITTED.update(((a.get("structured") or {}).get("data") or {}).get("values") or {})
        out = []
        for c in cases:
            if c["tool"] not in schemas:
                out.append({"id": c["id"], "tool": c["tool"], "arguments": c["arguments"], "class": "other",
                            "outcome": "other", "expect": "refused" if "refused" in c else "right",
                            "headline": "the tool is not listed", "text": ""})
                continue
            a = await sitecalls.call(s, c["tool"], c["arguments"])
            out.append(judge(c, a, schemas[c["tool"]]))
        return out


def summarize(label, results):
    rep = [r for r in results if r["expect"] == "right"]
    ref = [r for r in results if r["expect"] == "refused"]
    refusals = [r for r in results if r["outcome"] == "refused"]
    named = [r for r in ref if r["outcome"] == "refused" and r.get("names_path") and r.get("names_expectation")]
    return {
        "label": label, "cases": len(results), "repair_cases": len(rep), "refusal_cases": len(ref),
        "ran_right": sum(r["outcome"] == "right" for r in results),
        "ran_wrong": sum(r["outcome"] == "wrong" for r in results),
        "repairs_refused": sum(r["outcome"] == "refused" for r in rep),
        "refused_as_they_must": sum(r["outcome"] == "refused" for r in ref),
        "other": sum(r["outcome"] == "other" for r in results),
        "refusals": len(refusals),
        "refusals_naming_path_and_expectation": len(named),
        "refusal_cases_refused": sum(r["outcome"] == "refused" for r in ref),
        "refusals_mentioning_unsent": sum(bool(r.get("mentions_unsent")) for r in refusals),
    }


def show(v):
    return json.dumps(v, ensure_ascii=False)[:160]


def cmd_run(o):
    corpus = json.load(open(CORPUS))
    results = asyncio.run(run(o.url, o.keyfile, corpus["cases"]))
    s = summarize(o.label, results)
    sitecalls.dump(o.out, {"summary": s, "results": results})
    print(f"conversation ({o.label}): {s['cases']} calls: {s['ran_right']} ran with the right value, "
          f"{s['ran_wrong']} with a wrong value, {s['repairs_refused']} repairable refused, "
          f"{s['refused_as_they_must']}/{s['refusal_cases']} ambiguous refused, {s['other']} errors; refusals naming "
          f"path and expectation {s['refusals_naming_path_and_expectation']}/{s['refusal_cases_refused']}, "
          f"mentioning an input not sent {s['refusals_mentioning_unsent']}/{s['refusals']}")
    bad = 0
    tag = "FAIL" if o.strict else "note"
    for r in results:
        what = f"{r['id']} ({r['tool']} {show(r['arguments'])})"
        if r["outcome"] != ("right" if r["expect"] == "right" else "refused"):
            bad += 1
            if r["expect"] == "right":
                got = f"received {show(r['received'])}" if "received" in r else f"{r['class']}: {r['headline'][:200]!r}"
                print(f"{tag} ({o.label}): {what} must run with the repaired value; {r['outcome']}, {got}")
            else:
                got = f"received {show(r['received'])}" if "received" in r else repr(r['headline'][:200])
                print(f"{tag} ({o.label}): {what} must be refused; {r['outcome']}: {got}")
        if r["outcome"] == "refused" and r["expect"] == "refused" and not (r.get("names_path") and r.get("names_expectation")):
            bad += 1
            miss = [x for x, ok in (("the path", r.get("names_path")), ("the expectation", r.get("names_expectation"))) if not ok]
            print(f"{tag} ({o.label}): {what}: the refusal does not name {' and '.join(miss)}: {r['headline'][:200]!r}")
        if r.get("mentions_unsent"):
            bad += 1
            print(f"{tag} ({o.label}): {what}: the refusal mentions {', '.join(r['mentions_unsent'])}, not sent: "
                  f"{r['headline'][:200]!r}")
    if o.strict and bad:
        print(f"conversation ({o.label}): {bad} failures")
        sys.exit(1)


def cmd_table(o):
    rows = [json.load(open(f))["summary"] for f in o.files]
    cols = [("calls", "cases"),
            ("ran with the right value", "ran_right"),
            ("ran with a wrong value", "ran_wrong"),
            ("repairable, refused", "repairs_refused"),
            ("ambiguous, refused", None),
            ("errors", "other"),
            ("refusals naming path and expectation", None),
            ("refusals mentioning an input not sent", None)]
    print("| configuration | " + " | ".join(c for c, _ in cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for s in rows:
        cells = []
        for c, k in cols:
            if c == "ambiguous, refused":
                cells.append(f"{s['refused_as_they_must']} of {s['refusal_cases']}")
            elif c.startswith("refusals naming"):
                cells.append(f"{s['refusals_naming_path_and_expectation']} of {s['refusal_cases_refused']}")
            elif c.startswith("refusals mentioning"):
                cells.append(f"{s['refusals_mentioning_unsent']} of {s['refusals']}")
            else:
                cells.append(str(s[k]))
        print(f"| {s['label']} | " + " | ".join(cells) + " |")


ECHO = json.load(open(CORPUS))["echo"] if __name__ == "__main__" else "tool_schema_site_test_echo"

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("url")
    r.add_argument("keyfile")
    r.add_argument("out")
    r.add_argument("label")
    r.add_argument("--strict", action="store_true")
    t = sub.add_parser("table")
    t.add_argument("files", nargs="+")
    o = ap.parse_args()
    cmd_run(o) if o.cmd == "run" else cmd_table(o)
