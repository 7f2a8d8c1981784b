"""fit_budget() requests (target/profiles/budget.json, tests/profiles/budget.php)
through the providers' own code, offline:

- every tool marked strict goes through the provider's strict helper
  (openai's `_ensure_strict_json_schema`, `anthropic.transform_schema`) and
  comes back unchanged (sdk_check.py's checks);
- the strict tools of each request, counted here from the schemas the SDK
  returned (not from the library's counts), stay within the per-request
  limits: Anthropic 20 strict tools, 24 optional parameters (properties not
  in `required`, at every level), 16 parameters with union types (`anyOf` or
  a `type` list); OpenAI 5,000 object properties, 1,000 enum values (a
  `const` is one), 120,000 characters of property names and string enum and
  const values;
- every tool not strict has exactly one reason: one `profile_budget_exceeded`
  at its name, or its own `profile_strict_impossible` /
  `profile_limit_exceeded`; no strict tool has one;
- `input_examples` (issue 30) only with the anthropic profile, and each tool
  that has them, as a tool definition (`name`, `input_schema`, `strict`,
  `input_examples`), is accepted by the SDK's own types: pydantic's strict
  validation of `anthropic.types.ToolParam` and
  `anthropic.types.beta.BetaToolParam` (every example consumed), at most 3
  non-empty examples (each example is validated against the schema by
  ajv in examples_check.mjs).

Usage: python budget_check.py [budget.json]. Exit 1 on any failure.
"""

import json
import sys
from collections import Counter

from pydantic import TypeAdapter

from anthropic.types import ToolParam
from anthropic.types.beta import BetaToolParam
from sdk_check import anthropic_check, openai_check

TOOL_PARAMS = [TypeAdapter(ToolParam), TypeAdapter(BetaToolParam)]


def examples_check(name, tool, entry, profile, failures, stats):
    """`input_examples` through the SDK's own tool definition types."""
    if "input_examples" not in entry:
        return
    examples = entry["input_examples"]
    if profile != "anthropic":
        failures.append(f"{name}: {tool}: input_examples with {profile}")
        return
    if not isinstance(examples, list) or not 1 <= len(examples) <= 3 or not all(isinstance(e, dict) and e for e in examples):
        failures.append(f"{name}: {tool}: input_examples not 1 to 3 non-empty objects: {examples!r}")
        return
    param = {"name": tool, "input_schema": entry["schema"], "strict": entry["strict"], "input_examples": examples}
    for adapter in TOOL_PARAMS:
        try:
            out = adapter.validate_python(param, strict=True)
            if list(out["input_examples"]) != examples:
                failures.append(f"{name}: {tool}: input_examples changed by the SDK's types")
        except Exception as e:
            failures.append(f"{name}: {tool}: input_examples refused by the SDK's types: {type(e).__name__}: {e}")
            return
    stats["anthropic tools with input_examples, accepted by ToolParam and BetaToolParam"] += 1
    stats["anthropic input_examples"] += len(examples)

LIMITS = {
    "anthropic": {"strict tools": 20, "optional parameters": 24, "parameters with union types": 16},
    "openai": {"object properties": 5000, "enum values": 1000, "characters": 120000},
}
CHECKS = {"openai": openai_check, "anthropic": anthropic_check}


def walk(s, counts, profile):
    if isinstance(s, list):
        for v in s:
            walk(v, counts, profile)
        return
    if not isinstance(s, dict):
        return
    props = s.get("properties")
    if isinstance(props, dict):
        required = set(s.get("required", []))
        for name, p in props.items():
            counts["object properties"] += 1
            counts["characters"] += len(name)
            if name not in required:
                counts["optional parameters"] += 1
            if isinstance(p, dict) and ("anyOf" in p or isinstance(p.get("type"), list)):
                counts["parameters with union types"] += 1
    values = list(s.get("enum", []))
    if "const" in s:
        values.append(s["const"])
    counts["enum values"] += len(values)
    counts["characters"] += sum(len(v) for v in values if isinstance(v, str))
    for k, v in s.items():
        if k in ("properties",):
            for p in v.values() if isinstance(v, dict) else []:
                walk(p, counts, profile)
        elif k in ("items", "anyOf", "oneOf", "allOf", "not", "$defs"):
            walk(v, counts, profile)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/profiles/budget.json"
    with open(path, encoding="utf-8") as f:
        requests = json.load(f)
    failures = []
    stats = Counter()
    for r in requests:
        profile = r["profile"]
        name = r["name"]
        reasons = Counter()
        budget = Counter()
        for w in r["warnings"]:
            tool = w["path"].split(".", 1)[0]
            if w["code"] == "profile_budget_exceeded":
                budget[tool] += 1
                if w["path"] != tool:
                    failures.append(f"{name}: budget warning not at the tool's name: {w['path']}")
            if w["code"] in ("profile_budget_exceeded", "profile_strict_impossible", "profile_limit_exceeded"):
                reasons[tool] += 1
        counts = Counter()
        for tool, entry in r["tools"].items():
            examples_check(name, tool, entry, profile, failures, stats)
            if profile not in CHECKS:
                if entry["strict"]:
                    failures.append(f"{name}: {tool} strict in {profile}")
                continue
            if not entry["strict"]:
                stats[f"{profile} fallback"] += 1
                if reasons[tool] == 0:
                    failures.append(f"{name}: {tool} not strict, without a warning")
                if budget[tool] > 1 or (budget[tool] == 1 and reasons[tool] != 1):
                    failures.append(f"{name}: {tool}: one reason expected, {dict(reasons)}")
                continue
            if reasons[tool]:
                failures.append(f"{name}: {tool} strict, with a fallback warning")
            try:
                ok, out = CHECKS[profile](entry["schema"])
            except Exception as e:
                failures.append(f"{name}: {tool}: rejected by the SDK: {type(e).__name__}: {e}")
                continue
            if not ok:
                failures.append(f"{name}: {tool}: changed by the SDK")
            stats[f"{profile} strict, unchanged by the SDK"] += ok
            counts["strict tools"] += 1
            walk(out, counts, profile)
        for what, mx in LIMITS.get(profile, {}).items():
            if counts[what] > mx:
                failures.append(f"{name}: {counts[what]} {what} in the strict tools (at most {mx})")
        stats[f"{profile} budget warnings"] += sum(budget.values())
        if name.startswith("tool_module"):
            fell = [t for t, e in r["tools"].items() if not e["strict"]]
            print(f"  {name}: {counts['strict tools']} strict, {len(fell)} not "
                  f"({sum(budget.values())} over the budget: {', '.join(t for t in fell if budget[t])}); "
                  + ", ".join(f"{counts[w]} {w}" for w in LIMITS[profile]))
    print(f"budget check: {len(requests)} requests")
    for k in sorted(stats):
        print(f"  {k}: {stats[k]}")
    if failures:
        print(f"{len(failures)} failure(s):")
        for f in failures[:40]:
            print("- " + f)
        sys.exit(1)
    print("budget check: every strict tool unchanged by its SDK, every request within its limits, one reason per fallback")


if __name__ == "__main__":
    main()
