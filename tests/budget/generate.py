#!/usr/bin/env python3
"""Writes the fit_budget() fixtures (tests/budget/*.json): tool lists just
under and just over each per-request limit. Each case gives the tools, the
options, the expected `strict` flag of every tool and the expected warnings;
both runners (tests/budget.rs, tests/phpunit/BudgetTest.php) also check that
each schema is normalize_schema()'s: with the profile for a strict tool, with
`mcp` for a fallback. Run: python3 tests/budget/generate.py"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
ANTHROPIC = "Anthropic strict tool use"
OPENAI = "OpenAI strict mode"


def tool(props):
    return {"type": "map", "properties": props}


def string(required=True):
    d = {"type": "string"}
    if not required:
        d["required"] = False
    return d


def union():
    # A type Drupal does not know, with a base schema of two types: Anthropic
    # writes an anyOf (one parameter with a union type).
    return {"type": "x", "base_schema": {"type": ["string", "integer"]}}


def optional(n, prefix="o"):
    return {f"{prefix}{i}": string(False) for i in range(n)}


def over(label, parts):
    text = "; ".join(
        f"at most {mx} {what} per request (the strict tools before this one: {used}, this one: {n})"
        for mx, what, used, n in parts
    )
    return f"{label} allows {text}: this tool is sent without strict mode"


def budget(path, label, parts):
    return {"code": "profile_budget_exceeded", "path": path, "message": over(label, parts)}


def case(name, tools, options, strict, warnings=(), note=None):
    c = {"name": name, "tools": tools, "options": options, "strict": strict, "warnings": list(warnings)}
    if note:
        c = {"name": name, "note": note, **{k: v for k, v in c.items() if k != "name"}}
    return c


def anthropic():
    o = {"profile": "anthropic"}
    cases = []
    tools = {f"t{i:02d}": tool({"a": string()}) for i in range(20)}
    cases.append(case("budget_anthropic_20_tools", tools, o, {k: True for k in tools},
                      note="20 strict tools: the limit, all strict"))
    tools = {f"t{i:02d}": tool({"a": string()}) for i in range(21)}
    cases.append(case("budget_anthropic_21_tools", tools, o,
                      {k: k != "t20" for k in tools},
                      [budget("t20", ANTHROPIC, [(20, "strict tools", 20, 1)])],
                      note="the 21st tool falls back; list order decides"))
    tools = {"a": tool(optional(20)), "b": tool(optional(4))}
    cases.append(case("budget_anthropic_24_optional", tools, o, {"a": True, "b": True},
                      note="24 optional parameters in all: the limit"))
    tools = {"a": tool(optional(20)), "b": tool(optional(5)), "c": tool(optional(4)), "d": tool(optional(1))}
    cases.append(case("budget_anthropic_25_optional", tools, o,
                      {"a": True, "b": False, "c": True, "d": False},
                      [budget("b", ANTHROPIC, [(24, "optional parameters", 20, 5)]),
                       budget("d", ANTHROPIC, [(24, "optional parameters", 24, 1)])],
                      note="first-fit: b does not fit, c after it still does, d no longer"))
    tools = {"a": tool({f"u{i}": union() for i in range(10)}), "b": tool({f"u{i}": union() for i in range(6)})}
    cases.append(case("budget_anthropic_16_unions", tools, o, {"a": True, "b": True},
                      note="16 parameters with union types: the limit"))
    tools = {"a": tool({**{f"u{i}": union() for i in range(10)}, **optional(10)}),
             "b": tool({**{f"u{i}": union() for i in range(7)}, **optional(15)})}
    cases.append(case("budget_anthropic_17_unions", tools, o, {"a": True, "b": False},
                      [budget("b", ANTHROPIC, [(24, "optional parameters", 10, 15), (16, "parameters with union types", 10, 7)])],
                      note="b breaks two limits: one warning names both"))
    tools = {"free": tool({"settings": {"type": "map"}}), **{f"t{i:02d}": tool({"a": string()}) for i in range(20)}}
    cases.append(case("budget_anthropic_impossible_counts_nothing", tools, o,
                      {k: k != "free" for k in tools},
                      [{"code": "profile_strict_impossible", "path": "free.properties.settings",
                        "message": "Anthropic strict tool use cannot state a map that accepts any keys: send this tool without strict mode"}],
                      note="a tool that cannot be strict on its own falls back with its own warning, no budget warning, and takes no room"))
    return cases


def openai():
    o = {"profile": "openai"}
    cases = []
    def enum(n, start):
        return {"type": "integer", "constraints": {"Choice": list(range(start, start + n))}}
    tools = {"a": tool({"e": enum(600, 0)}), "b": tool({"e": enum(400, 1000)})}
    cases.append(case("budget_openai_1000_enum_values", tools, o, {"a": True, "b": True},
                      note="1,000 enum values in all: the limit"))
    tools = {"a": tool({"e": enum(600, 0)}), "b": tool({"e": enum(401, 1000)}), "c": tool({"e": enum(400, 2000)})}
    cases.append(case("budget_openai_1001_enum_values", tools, o, {"a": True, "b": False, "c": True},
                      [budget("b", OPENAI, [(1000, "enum values", 600, 401)])]))
    def props(n, prefix):
        return {f"{prefix}{i:04d}": string() for i in range(n)}
    tools = {"a": tool(props(2500, "a")), "b": tool(props(2499, "b"))}
    cases.append(case("budget_openai_5000_properties", tools, o, {"a": True, "b": True},
                      note="5,000 object properties in all (the root objects are not properties): the limit"))
    tools = {"a": tool(props(2500, "a")), "b": tool(props(2501, "b"))}
    cases.append(case("budget_openai_5001_properties", tools, o, {"a": True, "b": False},
                      [budget("b", OPENAI, [(5000, "object properties", 2499 + 1, 2501)])]))
    # 120,000 characters: property names of 1,000 characters.
    def long(n, prefix, size=1000):
        return {prefix + str(i).rjust(size - len(prefix), "x"): string() for i in range(n)}
    tools = {"a": tool(long(60, "a")), "b": tool(long(60, "b"))}
    cases.append(case("budget_openai_120000_characters", tools, o, {"a": True, "b": True},
                      note="120,000 characters of property names in all: the limit"))
    tools = {"a": tool(long(60, "a")), "b": tool({**long(60, "b"), "c": string()})}
    cases.append(case("budget_openai_120001_characters", tools, o, {"a": True, "b": False},
                      [budget("b", OPENAI, [(120000, "characters of property names and enum values", 60000, 60001)])]))
    return cases


def others():
    cases = []
    tools = {f"t{i:02d}": tool({"a": string()}) for i in range(21)}
    for p in ("mcp", "gemini", "gemini_json"):
        cases.append(case(f"budget_{p}_no_strict_mode", tools, {"profile": p}, {k: False for k in tools},
                          note="no strict mode: every tool as the profile writes it, nothing counted"))
    cases.append(case("budget_default_profile", {"a": tool({"a": string()})}, {}, {"a": False}))
    cases.append(case("budget_empty_list", {}, {"profile": "anthropic"}, {}))
    cases.append({"name": "budget_error_not_an_array", "tools": {"bad": "string"}, "options": {"profile": "openai"},
                  "error": "bad: the definition must be an array"})
    cases.append({"name": "budget_error_definition", "tools": {"ok": tool({}), "bad": {"type": "map", "properties": "x"}},
                  "options": {"profile": "openai"},
                  "error": "bad: properties: must be an array"})
    cases.append({"name": "budget_error_option", "tools": {}, "options": {"profile": "x"},
                  "error": "options.profile: must be \"mcp\", \"openai\", \"anthropic\", \"gemini\" or \"gemini_json\""})
    return cases


def examples():
    """Issue 30: `input_examples` with the anthropic profile, built from the
    properties' examples (the k-th of each; a required property's last one or
    its default when its list is shorter, an optional one left out), kept
    only when they validate against the schema the tool is sent with."""
    o = {"profile": "anthropic"}
    impossible = {"code": "profile_strict_impossible", "path": "f.properties.settings",
                  "message": "Anthropic strict tool use cannot state a map that accepts any keys: send this tool without strict mode"}
    cases = []

    def with_examples(c, expected):
        c["input_examples"] = expected
        return c

    node = tool({
        "title": {"type": "string", "examples": ["Hello", "World"]},
        "count": {"type": "integer", "required": False, "examples": [3]},
        "tags": {"type": "list", "items": {"type": "string"}, "required": False, "examples": [["a", "b"]]},
        "published": {"type": "boolean", "default": False},
    })
    cases.append(with_examples(case(
        "budget_input_examples_composed", {"node_create": node}, o, {"node_create": True},
        note="k = 0: every first example; k = 1: title's second, the optional ones (one example each) left out, "
             "the required boolean without examples gives its default"),
        {"node_create": [{"title": "Hello", "count": 3, "tags": ["a", "b"], "published": False},
                         {"title": "World", "published": False}]}))
    cases.append(with_examples(case(
        "budget_input_examples_invalid_dropped",
        {"n": tool({"n": {"type": "integer", "examples": ["x", 5]}}),
         "d": tool({"d": {"type": "decimal", "examples": [12.5, "12.50"]}}),
         "o": tool({"r": {"type": "string", "examples": ["x"]},
                    "o": {"type": "string", "required": False, "examples": [None, "a"]}})},
        o, {"n": True, "d": True, "o": True},
        [{"code": "profile_constraint_dropped", "path": "d.properties.d",
          "message": "Anthropic strict tool use cannot state this constraint; the description says it and Drupal checks it: "
                     "Must match the regular expression `^-?\\d+(\\.\\d+)?$`."}],
        note="\"x\" is no integer, 12.5 no decimal string, and Anthropic's schema leaves an optional property out "
             "instead of allowing null: those examples are not sent"),
        {"n": [{"n": 5}], "d": [{"d": "12.50"}], "o": [{"r": "x", "o": "a"}]}))
    cases.append(with_examples(case(
        "budget_input_examples_at_most_3", {"t": tool({"a": {"type": "integer", "examples": [1, 2, 3, 4]}})},
        o, {"t": True}), {"t": [{"a": 1}, {"a": 2}, {"a": 3}]}))
    cases.append(with_examples(case(
        "budget_input_examples_none",
        {"no_examples": tool({"a": string()}),
         "required_missing": tool({"a": string(), "b": {"type": "string", "examples": ["x"]}})},
        o, {"no_examples": True, "required_missing": True},
        note="no examples at all; a required property without examples nor default: the object misses it"), {}))
    cases.append(with_examples(case(
        "budget_input_examples_fallback",
        {"f": tool({"settings": {"type": "map", "examples": [{"a": 1}]}, "name": {"type": "string", "examples": ["x"]}}),
         "g": tool({"settings": {"type": "map", "examples": [{"a": 1}]}, "mail": {"type": "email", "examples": ["a@example.com"]}})},
        o, {"f": False, "g": False}, [impossible, {**impossible, "path": "g.properties.settings"}],
        note="sent without strict mode, with the canonical schema: validated against it; a pattern (the email corner) "
             "is not decided here, so g's example is not sent"),
        {"f": [{"settings": {"a": 1}, "name": "x"}]}))
    cases.append(with_examples(case(
        "budget_input_examples_anthropic_email", {"m": tool({"mail": {"type": "email", "examples": ["a@example.com"]}})},
        o, {"m": True}, [{"code": "profile_constraint_dropped", "path": "m.properties.mail",
                          "message": "Anthropic strict tool use cannot state this constraint; the description says it and Drupal checks it: "
                                     "At most 64 characters before the @, and at most 62 in each part of the domain."},
                         {"code": "profile_constraint_dropped", "path": "m.properties.mail",
                          "message": "Anthropic strict tool use cannot state this constraint; the description says it and Drupal checks it: "
                                     "At most 254 characters."}],
        note="format is an annotation (JSON Schema 2020-12): Anthropic's schema has no pattern left to decide"),
        {"m": [{"mail": "a@example.com"}]}))
    cases.append(with_examples(case(
        "budget_input_examples_openai_none", {"n": tool({"n": {"type": "integer", "examples": [5]}})},
        {"profile": "openai"}, {"n": True}, note="only the anthropic profile"), {}))
    return cases


for name, cases in (("anthropic", anthropic()), ("openai", openai()), ("others", others()), ("input_examples", examples())):
    data = {"rule": f"fit_budget: {name}", "cases": cases}
    indent = None if name == "openai" else 1
    (HERE / f"{name}.json").write_text(json.dumps(data, indent=indent, ensure_ascii=False) + "\n")
