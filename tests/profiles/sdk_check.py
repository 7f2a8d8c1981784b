"""The providers' own code, offline, on every schema of the profile corpus
(target/profiles/corpus.json, written by `cargo test --test profiles`).

- openai: the SDK's strict-schema helper (`openai.lib._pydantic.
  _ensure_strict_json_schema`, what `to_strict_json_schema` and the agents'
  strict schemas run) must leave the schema unchanged: a fixed point.
- anthropic: `anthropic.transform_schema` must return the schema unchanged
  (and not fail).
- gemini: `google.genai.types.Schema.model_validate` (extra keys forbidden)
  must accept it, and dumping it back (by alias, without None) must give the
  schema unchanged.
- gemini_json: google-genai types `FunctionDeclaration.parameters_json_schema`
  as `Any` and sends it as it is, so its own statement of the subset,
  `types.JSONSchema`, is the check: `model_validate` (extra keys forbidden),
  every key of every schema object one of the model's fields by alias (checked
  again by walking the schema, in case a later SDK lets extra keys in), the
  dump by alias equal to the schema, and a `FunctionDeclaration` built with it
  that serializes it unchanged. A self-check first: a keyword outside the
  model must be refused.

A schema with a `profile_strict_impossible` warning is meant to be sent
without strict mode, where the strict helpers are not used: those are counted
apart, and only checked not to make the helper fail.

Usage: python sdk_check.py [corpus.json]. Exit 1 on any schema rejected or
changed.
"""

import copy
import json
import sys
from collections import Counter

from importlib.metadata import version

from openai.lib._pydantic import _ensure_strict_json_schema
import anthropic
from google.genai import types


def openai_check(schema):
    s = copy.deepcopy(schema)
    out = _ensure_strict_json_schema(s, path=(), root=s)
    return out == schema, out


def anthropic_check(schema):
    out = anthropic.transform_schema(copy.deepcopy(schema))
    return out == schema, out


def gemini_check(schema):
    model = types.Schema.model_validate(copy.deepcopy(schema))
    out = model.model_dump(by_alias=True, exclude_none=True, mode="json")
    return same(out, schema), out


def json_schema_keys(model):
    return {f.alias or name for name, f in model.model_fields.items()}


def gemini_json_keys(schema, allowed, at="$"):
    """Every key of every schema object is a field of types.JSONSchema."""
    if not isinstance(schema, dict):
        raise ValueError(f"{at}: a schema must be an object, not {json.dumps(schema)}")
    for k, v in schema.items():
        if k not in allowed:
            raise ValueError(f"{at}: {k} is not a field of types.JSONSchema")
        if k in ("items",) or (k == "additionalProperties" and isinstance(v, dict)):
            gemini_json_keys(v, allowed, f"{at}.{k}")
        elif k in ("properties", "$defs"):
            for name, s in v.items():
                gemini_json_keys(s, allowed, f"{at}.{k}.{name}")
        elif k in ("anyOf", "oneOf"):
            for i, s in enumerate(v):
                gemini_json_keys(s, allowed, f"{at}.{k}[{i}]")


def gemini_json_check(schema):
    gemini_json_keys(schema, json_schema_keys(types.JSONSchema))
    model = types.JSONSchema.model_validate(copy.deepcopy(schema))
    out = model.model_dump(by_alias=True, exclude_none=True, mode="json")
    decl = types.FunctionDeclaration(name="tool", parameters_json_schema=copy.deepcopy(schema))
    sent = decl.model_dump(by_alias=True, exclude_none=True, mode="json")["parametersJsonSchema"]
    return same(out, schema) and sent == schema, out


def gemini_json_self_check():
    """The check refuses a keyword outside the model, at any depth."""
    for bad in (
        {"type": "object", "properties": {"a": {"type": "string", "const": "x"}}},
        {"type": "object", "properties": {"a": {"type": "integer", "exclusiveMinimum": 0}}},
        {"type": "object", "properties": {"a": {"type": "array", "items": {"not": {"type": "null"}}}}},
        {"type": "object", "properties": {"a": {"anyOf": [{"type": "string", "examples": ["x"]}]}}},
    ):
        try:
            gemini_json_check(bad)
        except Exception:
            continue
        print(f"sdk check: gemini_json check accepts a keyword outside types.JSONSchema: {json.dumps(bad)}")
        sys.exit(1)
    ok, out = gemini_json_check(
        {"type": "object", "properties": {"a": {"type": ["string", "null"], "enum": ["x", None]}}, "additionalProperties": False}
    )
    if not ok:
        print(f"sdk check: gemini_json check changes a schema within types.JSONSchema: {json.dumps(out)}")
        sys.exit(1)


def same(a, b):
    """Equal as JSON values (the SDK dumps `type` in upper case, as written)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True) or a == b


CHECKS = {
    "openai": openai_check,
    "anthropic": anthropic_check,
    "gemini": gemini_check,
    "gemini_json": gemini_json_check,
}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/profiles/corpus.json"
    gemini_json_self_check()
    with open(path, encoding="utf-8") as f:
        corpus = json.load(f)
    counts = Counter()
    failures = []
    for case in corpus:
        profile = case["profile"]
        check = CHECKS.get(profile)
        if check is None:
            continue
        schema = case["schema"]
        label = f'{case["name"]} {case["style"]} {profile}'
        if not case["strict"] and profile not in ("gemini", "gemini_json"):
            # Sent without strict mode: the strict helper would rewrite it (that
            # is what profile_strict_impossible says), but must not fail on it.
            try:
                ok, _ = check(schema)
            except Exception as e:
                counts[f"{profile} rejected"] += 1
                failures.append(f"{label} (non-strict): rejected: {type(e).__name__}: {e}")
                continue
            state = "unchanged" if ok else "changed by the strict helper, as warned"
            counts[f"{profile} non-strict (profile_strict_impossible), {state}"] += 1
            continue
        try:
            ok, out = check(schema)
        except Exception as e:  # the SDK refused it
            counts[f"{profile} rejected"] += 1
            failures.append(f"{label}: rejected: {type(e).__name__}: {e}\n    {json.dumps(schema)}")
            continue
        if ok:
            counts[f"{profile} unchanged"] += 1
        else:
            counts[f"{profile} changed"] += 1
            failures.append(
                f"{label}: changed\n    in:  {json.dumps(schema)}\n    out: {json.dumps(out)}"
            )
    print(
        "sdk check: openai %s, anthropic %s, google-genai %s, pydantic %s"
        % (version("openai"), version("anthropic"), version("google-genai"), version("pydantic"))
    )
    for k in sorted(counts):
        print(f"  {k}: {counts[k]}")
    if failures:
        print(f"{len(failures)} schema(s) rejected or changed by the providers' own code:")
        for f in failures[:40]:
            print("- " + f)
        sys.exit(1)
    print("sdk check: 0 schemas rejected or changed")


if __name__ == "__main__":
    main()
